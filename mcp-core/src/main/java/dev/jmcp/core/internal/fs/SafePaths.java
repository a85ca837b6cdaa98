package dev.jmcp.core.internal.fs;

import dev.jmcp.core.internal.PercentEncoding;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.spi.JsonProvider;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
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
 */
public final class SafePaths {
    private static final JsonProvider JSON = JsonRuntime.provider();

    private final Path root;
    private final String rootUri;
    private final int maxPathSegments;

    /**
     * A path that passed every check.
     *
     * @param path the path as the URI names it (under the root, no dot segments)
     * @param real the same path with its symbolic links resolved, also under the root
     */
    public record Resolved(Path path, Path real) {
    }

    /**
     * @param realRoot        the root folder, already absolute and free of symbolic links
     * @param maxPathSegments the most segments a URI's path may have below the root
     */
    public SafePaths(Path realRoot, int maxPathSegments) {
        this.root = realRoot;
        this.maxPathSegments = maxPathSegments;
        String uri = realRoot.toUri().toASCIIString(); // a folder's URI ends with '/'
        this.rootUri = uri.substring(0, uri.length() - 1);
    }

    /** @return the root folder (real path) */
    public Path root() {
        return root;
    }

    /** @return the error that refuses {@code uri}, with {@code data.uri} */
    public static ProtocolException refuse(String uri, String why) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, why,
                JSON.createObjectBuilder().add("uri", uri).build());
    }

    /**
     * @param folderUri the URI {@link #toUri} gave a folder under the root
     * @param name      the file name of an entry of that folder
     * @return the entry's URI, as {@link #toUri} would give it, without walking the path again
     */
    public String childUri(String folderUri, String name) {
        StringBuilder uri = new StringBuilder(folderUri.length() + name.length() + 8).append(folderUri);
        if (!folderUri.endsWith("/")) { // the URI of a root of "/" is file:/// already
            uri.append('/');
        }
        encode(name, uri);
        return uri.toString();
    }

    /** @return the {@code file:} URI of {@code path}, a path under the root, without a trailing slash */
    public String toUri(Path path) {
        StringBuilder uri = new StringBuilder(rootUri);
        for (Path name : root.relativize(path)) {
            if (!name.toString().isEmpty()) {
                uri.append('/');
                encode(name.toString(), uri);
            }
        }
        return uri.length() == rootUri.length() && rootUri.endsWith("//") ? uri + "/" : uri.toString(); // root "/"
    }

    /**
     * Checks {@code uri} without touching the disk.
     *
     * @return the path it names, under the root
     * @throws ProtocolException INVALID_PARAMS when the URI is malformed or names a path outside the root
     */
    public Path lexical(String uri) {
        if (uri.indexOf('\0') >= 0) {
            throw refuse(uri, "URI refused: it contains a NUL byte");
        }
        URI parsed;
        try {
            parsed = new URI(uri);
        } catch (URISyntaxException e) {
            throw refuse(uri, "URI refused: it is not a valid URI (" + e.getReason() + ")");
        }
        if (parsed.getScheme() == null || !parsed.getScheme().equalsIgnoreCase("file")) {
            throw refuse(uri, "URI refused: only file: URIs are served by the filesystem provider, not "
                    + (parsed.getScheme() == null ? "a bare path" : parsed.getScheme() + ":"));
        }
        if (parsed.isOpaque() || parsed.getRawPath() == null || !parsed.getRawPath().startsWith("/")) {
            throw refuse(uri, "URI refused: a file: URI must have an absolute path (file:///...)");
        }
        if (parsed.getRawQuery() != null || parsed.getRawFragment() != null) {
            throw refuse(uri, "URI refused: a file: URI must not have a query or a fragment");
        }
        String authority = parsed.getRawAuthority();
        if (authority != null && !authority.isEmpty() && !authority.equalsIgnoreCase("localhost")) {
            throw refuse(uri, "URI refused: host '" + authority + "' is not served; only an empty host or localhost is");
        }
        String rawPath = parsed.getRawPath();
        int count = segmentCount(rawPath);
        // counted before any segment is decoded or looked up, so that a long path costs one scan
        if (count - root.getNameCount() > maxPathSegments) {
            throw refuse(uri, "URI refused: its path has " + (count - root.getNameCount())
                    + " segments below the root, more than maxPathSegments=" + maxPathSegments);
        }
        List<String> segments = new ArrayList<>(count);
        for (String raw : rawPath.split("/")) {
            if (raw.isEmpty()) {
                continue;
            }
            String segment = decode(uri, raw);
            if (segment.equals(".") || segment.equals("..")) {
                throw refuse(uri, "URI refused: it has a '" + segment + "' segment; paths must not climb out of the root");
            }
            if (segment.indexOf('/') >= 0 || segment.indexOf('\\') >= 0) {
                throw refuse(uri, "URI refused: a segment holds a percent-encoded path separator (%2F or %5C)");
            }
            if (segment.indexOf('\0') >= 0) {
                throw refuse(uri, "URI refused: it contains a NUL byte");
            }
            segments.add(segment);
        }
        Path path;
        try {
            path = Path.of(new URI("file", null, "/" + String.join("/", segments), null, null));
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw refuse(uri, "URI refused: it does not name a file path (" + e.getMessage() + ")");
        }
        if (!path.startsWith(root)) {
            throw refuse(uri, "URI refused: the path is outside the served root");
        }
        return path;
    }

    /**
     * Checks {@code uri} and resolves the symbolic links on its path.
     *
     * @return the path, or empty when nothing exists there
     * @throws ProtocolException INVALID_PARAMS as {@link #lexical}, and when a symbolic link on the
     *                           path leads outside the root
     */
    public Optional<Resolved> resolve(String uri) {
        Path path = lexical(uri);
        try {
            Path real = path.toRealPath();
            requireInside(uri, real);
            return Optional.of(new Resolved(path, real));
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
            throw refuse(uri, "URI refused: a symbolic link on the path leads outside the served root");
        }
    }

    private static String decode(String uri, String raw) {
        try {
            return PercentEncoding.decode(raw);
        } catch (IllegalArgumentException e) {
            throw refuse(uri, "URI refused: it has " + e.getMessage());
        }
    }

    /** A name is one segment: pchar (RFC 3986 section 3.3) but '%' stays as it is. */
    private static void encode(String segment, StringBuilder out) {
        PercentEncoding.encode(segment, "!$&'()*+,;=:@", out);
    }
}
