package dev.jmcp.core.internal.fs;

import dev.jmcp.core.internal.PercentEncoding;
import dev.jmcp.core.providers.ResourceErrors;
import dev.jmcp.core.providers.UriPaths;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns {@code file:} URIs into paths under one root folder, and refuses every URI that could
 * reach outside it. Thread-safe (immutable).
 *
 * <p>The checks run on the raw URI before any decoding can hide something: a single scheme
 * ({@code file}), no query or fragment, an empty or {@code localhost} authority, no NUL byte, and
 * segments that, once percent-decoded, are not {@code .} or {@code ..} and hold no {@code /} or
 * {@code \}. The path must then lie under the root lexically and, once its symbolic links are
 * resolved, really. The path may have at most {@code maxPathSegments} segments below the root,
 * counted in one scan before any segment is decoded or looked up. A read does not trust this check
 * alone: {@link OpenedFile} opens the file once, without following a link, and checks what it opened.
 *
 * <p>Unlike {@link UriPaths#below}, which keeps one spelling per resource, this accepts what
 * {@code file:} URIs are spelled with in the wild: {@code file://localhost/}, {@code file:/x}, a
 * trailing slash, empty segments. The URIs it writes are {@link UriPaths}' canonical ones.
 */
public final class SafePaths {
    private final Path root;
    private final String rootUri;
    private final int maxPathSegments;
    private final Exclusions exclusions;
    /** The root's own names, which a URI's path must start with. */
    private final List<String> rootNames;

    /**
     * A path that passed every check.
     *
     * @param path       the path as the URI names it (under the root, no dot segments)
     * @param real       the same path with its symbolic links resolved, also under the root
     * @param attributes what {@code real} was when it was checked: whoever describes it reads them
     *                   here rather than stat it again (a read opens the file and checks it anew)
     */
    public record Resolved(Path path, Path real, BasicFileAttributes attributes) {
    }

    /**
     * @param realRoot        the root folder, already absolute and free of symbolic links
     * @param maxPathSegments the most segments a URI's path may have below the root
     */
    public SafePaths(Path realRoot, int maxPathSegments) {
        this(realRoot, maxPathSegments, true, false);
    }

    /**
     * @param realRoot        the root folder, already absolute and free of symbolic links
     * @param maxPathSegments the most segments a URI's path may have below the root
     * @param includeHidden   whether entries whose name starts with {@code .} are served
     * @param gitIgnore       whether what the root's {@code .gitignore} files exclude is left out
     */
    public SafePaths(Path realRoot, int maxPathSegments, boolean includeHidden, boolean gitIgnore) {
        this.root = realRoot;
        this.maxPathSegments = maxPathSegments;
        this.exclusions = new Exclusions(realRoot, includeHidden, gitIgnore);
        List<String> rootNames = new ArrayList<>(realRoot.getNameCount());
        for (Path name : realRoot) {
            rootNames.add(name.toString());
        }
        this.rootNames = List.copyOf(rootNames);
        String uri = realRoot.toUri().toASCIIString(); // a folder's URI ends with '/'
        this.rootUri = uri.endsWith(":///") ? uri : uri.substring(0, uri.length() - 1); // "/" keeps file:///
    }

    /** @return the root folder (real path) */
    public Path root() {
        return root;
    }

    /** @return the most segments a URI's path may have below the root */
    public int maxPathSegments() {
        return maxPathSegments;
    }

    /** @return what is left out of the root: hidden entries, what {@code .gitignore} files exclude */
    public Exclusions exclusions() {
        return exclusions;
    }

    /** @return the root's {@code file:} URI: without a trailing slash, but {@code file:///} for the root {@code /} */
    public String rootUri() {
        return rootUri;
    }

    /** @return the names of {@code path}, a path under the root, from the root down; empty for the root */
    public List<String> names(Path path) {
        List<String> names = new ArrayList<>(path.getNameCount());
        for (Path name : root.relativize(path)) {
            if (!name.toString().isEmpty()) {
                names.add(name.toString());
            }
        }
        return names;
    }

    /** @return the path under the root that {@code names} (decoded, checked segments) name */
    public Path pathOf(List<String> names) {
        return names.isEmpty() ? root : root.resolve(String.join(root.getFileSystem().getSeparator(), names));
    }

    /** @return the canonical {@code file:} URI of {@code path}, a path under the root, without a trailing slash */
    public String toUri(Path path) {
        return UriPaths.join(rootUri, names(path));
    }

    /**
     * Checks {@code uri} without touching the disk.
     *
     * @return the path it names, under the root
     * @throws ProtocolException INVALID_PARAMS when the URI is malformed or names a path outside the root
     */
    public Path lexical(String uri) {
        List<String> segments = segments(uri);
        Path path;
        try {
            path = Path.of(new URI("file", null, "/" + String.join("/", segments), null, null));
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw ResourceErrors.invalidUri(uri, "it does not name a file path (" + e.getMessage() + ")");
        }
        if (!path.startsWith(root)) {
            throw ResourceErrors.invalidUri(uri, "the path is outside the served root");
        }
        return path;
    }

    /**
     * Checks {@code uri} without touching the disk, as {@link #lexical} does, without making a
     * path of it: a read names its file by these, and {@link #pathOf} makes the one path it needs.
     *
     * @return the names of the path it names below the root, from the root down; empty for the root
     * @throws ProtocolException INVALID_PARAMS when the URI is malformed or names a path outside the root
     */
    public List<String> lexicalNames(String uri) {
        List<String> segments = segments(uri);
        if (segments.size() < rootNames.size() || !segments.subList(0, rootNames.size()).equals(rootNames)) {
            throw ResourceErrors.invalidUri(uri, "the path is outside the served root");
        }
        // pathOf resolves these below the root: names without separators or dot segments stay under it
        return List.copyOf(segments.subList(rootNames.size(), segments.size()));
    }

    /** @return the decoded segments of {@code uri}'s path, each checked, from the file system's root down */
    private List<String> segments(String uri) {
        if (uri.indexOf('\0') >= 0) {
            throw ResourceErrors.invalidUri(uri, "it contains a NUL byte");
        }
        URI parsed;
        try {
            parsed = new URI(uri);
        } catch (URISyntaxException e) {
            throw ResourceErrors.invalidUri(uri, "it is not a valid URI (" + e.getReason() + ")");
        }
        if (parsed.getScheme() == null || !parsed.getScheme().equalsIgnoreCase("file")) {
            throw ResourceErrors.invalidUri(uri, "only file: URIs are served by the filesystem provider, not "
                    + (parsed.getScheme() == null ? "a bare path" : parsed.getScheme() + ":"));
        }
        if (parsed.isOpaque() || parsed.getRawPath() == null || !parsed.getRawPath().startsWith("/")) {
            throw ResourceErrors.invalidUri(uri, "a file: URI must have an absolute path (file:///...)");
        }
        if (parsed.getRawQuery() != null || parsed.getRawFragment() != null) {
            throw ResourceErrors.invalidUri(uri, "a file: URI must not have a query or a fragment");
        }
        String authority = parsed.getRawAuthority();
        if (authority != null && !authority.isEmpty() && !authority.equalsIgnoreCase("localhost")) {
            throw ResourceErrors.invalidUri(uri, "host '" + authority + "' is not served; only an empty host or localhost is");
        }
        String rawPath = parsed.getRawPath();
        int count = segmentCount(rawPath);
        // counted before any segment is decoded or looked up, so that a long path costs one scan
        if (count - root.getNameCount() > maxPathSegments) {
            throw ResourceErrors.invalidUri(uri, "its path has " + (count - root.getNameCount())
                    + " segments below the root, more than maxPathSegments=" + maxPathSegments);
        }
        List<String> segments = new ArrayList<>(count);
        for (String raw : rawPath.split("/")) {
            if (raw.isEmpty()) {
                continue;
            }
            String segment = decode(uri, raw);
            if (segment.equals(".") || segment.equals("..")) {
                throw ResourceErrors.invalidUri(uri, "it has a '" + segment + "' segment; paths must not climb out of the root");
            }
            if (segment.indexOf('/') >= 0 || segment.indexOf('\\') >= 0) {
                throw ResourceErrors.invalidUri(uri, "a segment holds a percent-encoded path separator (%2F or %5C)");
            }
            if (segment.indexOf('\0') >= 0) {
                throw ResourceErrors.invalidUri(uri, "it contains a NUL byte");
            }
            segments.add(segment);
        }
        return segments;
    }

    /**
     * Checks {@code uri} and resolves the symbolic links on its path.
     *
     * @return the path, or empty when nothing exists there
     * @throws ProtocolException INVALID_PARAMS as {@link #lexical}, and when a symbolic link on the
     *                           path leads outside the root
     */
    public Optional<Resolved> resolve(String uri) {
        return resolve(lexical(uri), uri);
    }

    /**
     * Resolves the symbolic links on a path {@link #lexical} gave.
     *
     * @param path a path under the root, free of dot segments
     * @param uri  the URI it was asked as, for the refusal
     * @return the path, or empty when nothing exists there, or what is there is left out
     *         ({@link #exclusions()}: as the path or as the link's target): a client cannot tell
     *         one from the other
     * @throws ProtocolException INVALID_PARAMS when a symbolic link on the path leads outside the root
     */
    public Optional<Resolved> resolve(Path path, String uri) {
        return resolve(path, null, uri);
    }

    /**
     * As {@link #resolve(Path, String)}, of the path below the root that {@code names} name.
     *
     * @param names names {@link #lexicalNames} gave, from the root down
     */
    public Optional<Resolved> resolve(List<String> names, String uri) {
        return resolve(pathOf(names), names, uri);
    }

    /** @param names the names of {@code path} below the root, when known; else null */
    private Optional<Resolved> resolve(Path path, List<String> names, String uri) {
        try {
            Path real = path.toRealPath();
            requireInside(uri, real);
            // real has no link left on it, so not following one reads what is there
            BasicFileAttributes attributes = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!exclusions.none()) {
                boolean directory = attributes.isDirectory();
                boolean excluded = names != null ? exclusions.excludes(names, directory) : exclusions.excludes(path, directory);
                if (excluded || !real.equals(path) && exclusions.excludes(real, directory)) {
                    return Optional.empty();
                }
            }
            return Optional.of(new Resolved(path, real, attributes));
        } catch (IOException missing) {
            // Refuse a missing path below a link that leaves the root too: otherwise "not found"
            // versus "refused" would tell whether a file exists outside.
            for (Path ancestor = path.getParent(); ancestor != null && ancestor.startsWith(root);
                    ancestor = ancestor.getParent()) {
                try {
                    requireInside(uri, ancestor.toRealPath());
                    return Optional.empty();
                } catch (IOException alsoMissing) {
                    // keep climbing
                }
            }
            return Optional.empty();
        }
    }

    private static int segmentCount(String rawPath) {
        int count = 0;
        for (int i = 0, n = rawPath.length(); i < n; i++) {
            if (rawPath.charAt(i) != '/' && (i == 0 || rawPath.charAt(i - 1) == '/')) {
                count++;
            }
        }
        return count;
    }

    /** @return true when {@code real} (a path with its links resolved) lies under the root */
    public boolean isInside(Path real) {
        return real.startsWith(root);
    }

    private void requireInside(String uri, Path real) {
        if (!isInside(real)) {
            throw ResourceErrors.invalidUri(uri, "a symbolic link on the path leads outside the served root");
        }
    }

    private static String decode(String uri, String raw) {
        try {
            return PercentEncoding.decode(raw);
        } catch (IllegalArgumentException e) {
            throw ResourceErrors.invalidUri(uri, "it has " + e.getMessage());
        }
    }
}
