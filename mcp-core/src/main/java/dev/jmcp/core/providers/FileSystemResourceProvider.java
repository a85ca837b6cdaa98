package dev.jmcp.core.providers;

import dev.jmcp.core.internal.fs.DirectoryWatcher;
import dev.jmcp.core.internal.fs.FileResources;
import dev.jmcp.core.internal.fs.FileVersions;
import dev.jmcp.core.internal.fs.MimeTypes;
import dev.jmcp.core.internal.fs.OpenedFile;
import dev.jmcp.core.internal.fs.SafePaths;
import dev.jmcp.core.internal.fs.Utf8Text;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceListener;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Serves a folder: its subfolders are collections ({@code isCollection: true}, MIME type
 * {@code inode/directory}), its regular files are leaves. Resources are named by {@code file:}
 * URIs of their paths under the root, with its symbolic links resolved. Each has its file name as
 * {@code name}, a MIME type from the extension or else from the first
 * 512 bytes, its {@code size} in bytes (files only) and
 * {@code annotations.lastModified} as an ISO-8601 UTC timestamp. Thread-safe.
 *
 * <p>Nothing outside the root is served or listed: URIs with {@code ..} or {@code .} segments
 * (also percent-encoded), percent-encoded separators, NUL bytes, a query or fragment, a host other
 * than {@code localhost}, another scheme, a path outside the root or a symbolic link that leads out
 * of it are refused with {@code -32602} and {@code data.uri}. Listings leave out such links,
 * broken links and special files (pipes, devices, sockets).
 *
 * <p>Listings are sorted by file name, and a later page starts after the last name of the page
 * before ({@link #listingKey}): it stats and describes only its own entries, and files added or
 * removed between pages make no other entry skip or repeat. The sorted names of a folder are kept
 * between pages (up to {@link #maxCachedNames()} names) while the folder's modification time and
 * file key stay the same; a folder changed within the last two seconds, or one with more names,
 * is read again for every page, which costs a pass over its names, not a sort of them.
 *
 * <p>{@link #read} serves files of a text type (and files sniffed as text) as UTF-8 text, up to
 * {@link #maxTextBytes()}; a larger file, a file that turns out not to be valid UTF-8 and every
 * other file is a blob, which a larger file streams from disk while it is written. A read opens
 * the file once, on the calling thread, without following a link, and checks that it opened a
 * regular file (a pipe, device or folder is refused with {@code -32602} before it is opened); the
 * type, size and bytes all come from that open file, never from its name again. A blob sends
 * exactly the announced {@code size}: it stops there if the file grew and fails its message if
 * the file shrank; it can be read once. A file the server may not read is answered {@code -32603}
 * naming the file and the reason ({@code data.uri}, {@code data.reason}). A URI whose path has more
 * than {@link #maxPathSegments()} segments below the root is refused with {@code -32602}.
 *
 * <p>Each file has a content {@linkplain #version version} for conditional reads: its size and
 * modification time, or a hash of its bytes {@linkplain #withContentHashes when asked}.
 *
 * <p>{@link #watch} reports changes from a {@link java.nio.file.WatchService} on the root and every
 * subfolder, on a daemon thread named {@value #WATCH_THREAD}.
 *
 * <p>Caching (clients of 2026-07-28): by default every result is {@link CacheHint#NONE}, immediately
 * stale and private, whatever the server's default. A folder is written by other programs at any
 * moment, and the watch sees a change only after it happened (a moment later, or seconds later
 * where the platform polls), so no freshness can be promised to a client that is not told of
 * changes; and its files are the private data of whoever runs the server, which a shared cache must
 * not hand to another user. Because the folder is watched, a client that keeps a
 * {@code subscriptions/listen} stream open is told of every change the watch sees, and can use a
 * longer hint as the spec intends, with the change notification as the invalidation: a program
 * that knows its folder changes rarely (or holds nothing private) says so with
 * {@link #withCacheHint(CacheHint)}, as {@code jmcp serve --cache-ttl} does.
 *
 * @since 0.1
 */
public final class FileSystemResourceProvider implements ResourceProvider {
    /** The system property the {@linkplain #FileSystemResourceProvider() no-argument constructor} reads. */
    public static final String ROOT_PROPERTY = "jmcp.filesystem.root";
    /** The default of {@link #maxTextBytes()}: 8 MiB. */
    public static final long DEFAULT_MAX_TEXT_BYTES = 8L << 20;
    /**
     * The default of {@link #maxPathSegments()}: 256, deeper than real folder trees go (Linux's
     * 4096-byte {@code PATH_MAX} allows at most 2048), small enough that checking a path costs little.
     */
    public static final int DEFAULT_MAX_PATH_SEGMENTS = 256;
    /**
     * The default of {@link #maxCachedNames()}: 100,000 names, ten folders of 10,000 files, a few
     * MiB of memory.
     */
    public static final long DEFAULT_MAX_CACHED_NAMES = 100_000;
    /** The name of the watch thread. */
    public static final String WATCH_THREAD = "jmcp-filesystem-watch";

    private final SafePaths paths; // null when no root was configured: then nothing is served
    private final FileResources files;
    private final long maxTextBytes;
    private final int maxPathSegments;
    private final long maxCachedNames;
    private final CacheHint cacheHint;
    private final boolean contentHashes;
    private final FileVersions versions; // null when no root was configured

    /**
     * For {@link java.util.ServiceLoader}: serves the folder that the system property
     * {@value #ROOT_PROPERTY} names. When it is unset this provider owns no URI and lists nothing,
     * so that a provider found on the module path never exposes the working directory.
     *
     * @throws IllegalArgumentException when the property names something that is not a folder
     */
    public FileSystemResourceProvider() {
        String root = System.getProperty(ROOT_PROPERTY);
        this.paths = root == null || root.isBlank() ? null
                : new SafePaths(realFolder(Path.of(root), ROOT_PROPERTY), DEFAULT_MAX_PATH_SEGMENTS);
        this.files = paths == null ? null : new FileResources(paths, DEFAULT_MAX_CACHED_NAMES);
        this.maxTextBytes = DEFAULT_MAX_TEXT_BYTES;
        this.maxPathSegments = DEFAULT_MAX_PATH_SEGMENTS;
        this.maxCachedNames = DEFAULT_MAX_CACHED_NAMES;
        this.cacheHint = CacheHint.NONE;
        this.contentHashes = false;
        this.versions = paths == null ? null : new FileVersions(paths, false);
    }

    private FileSystemResourceProvider(Path root, long maxTextBytes) {
        if (maxTextBytes < 0) {
            throw new IllegalArgumentException("maxTextBytes must be >= 0, was " + maxTextBytes);
        }
        this.paths = new SafePaths(realFolder(Objects.requireNonNull(root, "root"), "root"), DEFAULT_MAX_PATH_SEGMENTS);
        this.files = new FileResources(paths, DEFAULT_MAX_CACHED_NAMES);
        this.maxTextBytes = maxTextBytes;
        this.maxPathSegments = DEFAULT_MAX_PATH_SEGMENTS;
        this.maxCachedNames = DEFAULT_MAX_CACHED_NAMES;
        this.cacheHint = CacheHint.NONE;
        this.contentHashes = false;
        this.versions = paths == null ? null : new FileVersions(paths, false);
    }

    private FileSystemResourceProvider(FileSystemResourceProvider from, int maxPathSegments, long maxCachedNames,
            CacheHint cacheHint, boolean contentHashes) {
        this.paths = from.paths == null || maxPathSegments == from.maxPathSegments ? from.paths
                : new SafePaths(from.paths.root(), maxPathSegments);
        this.files = paths == null ? null : paths == from.paths && maxCachedNames == from.maxCachedNames ? from.files
                : new FileResources(paths, maxCachedNames);
        this.maxTextBytes = from.maxTextBytes;
        this.maxPathSegments = maxPathSegments;
        this.maxCachedNames = maxCachedNames;
        this.cacheHint = cacheHint;
        this.contentHashes = contentHashes;
        this.versions = paths == null ? null : new FileVersions(paths, contentHashes);
    }

    /**
     * @param root an existing folder; its symbolic links are resolved once, here
     * @return a provider that serves {@code root}, with text files up to {@link #DEFAULT_MAX_TEXT_BYTES}
     * @throws IllegalArgumentException when {@code root} is not a folder
     */
    public static FileSystemResourceProvider of(Path root) {
        return new FileSystemResourceProvider(root, DEFAULT_MAX_TEXT_BYTES);
    }

    /**
     * @param root         an existing folder
     * @param maxTextBytes text files larger than this are served as blobs, streamed from disk
     * @return a provider that serves {@code root}
     * @throws IllegalArgumentException when {@code root} is not a folder or the limit is negative
     */
    public static FileSystemResourceProvider of(Path root, long maxTextBytes) {
        return new FileSystemResourceProvider(root, maxTextBytes);
    }

    private static Path realFolder(Path root, String what) {
        Path real;
        try {
            real = root.toAbsolutePath().toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException(what + " " + root + " cannot be served: " + e, e);
        }
        if (!Files.isDirectory(real)) {
            throw new IllegalArgumentException(what + " " + root + " is not a folder");
        }
        return real;
    }

    /** @return the served folder, symbolic links resolved; empty when none was configured */
    public Optional<Path> root() {
        return Optional.ofNullable(paths).map(SafePaths::root);
    }

    /** @return the size above which a text file is served as a blob */
    public long maxTextBytes() {
        return maxTextBytes;
    }

    /**
     * A provider of the same folder whose results carry another caching hint. This provider stays
     * as it is: it is immutable, as the provider a server already holds must be.
     *
     * @param value the hint, such as {@code CacheHint.privateFor(30_000)} for a folder that changes
     *              rarely; null for the server's default ({@link dev.jmcp.core.ServerSettings#defaultCacheHint()})
     * @return a provider of the same root and limits with that hint
     */
    public FileSystemResourceProvider withCacheHint(CacheHint value) {
        return new FileSystemResourceProvider(this, maxPathSegments, maxCachedNames, value, contentHashes);
    }

    /** @return the most segments a URI's path may have below the root; more are refused with {@code -32602} */
    public int maxPathSegments() {
        return maxPathSegments;
    }

    /**
     * A provider of the same folder that accepts paths of up to {@code value} segments below the
     * root. The bound is checked before any segment is decoded or looked up, so that a URI of
     * thousands of segments costs one scan of its text. This provider stays as it is.
     *
     * @param value at least 1; {@link #DEFAULT_MAX_PATH_SEGMENTS} unless set
     * @return a provider of the same root, limits and hint with that bound
     * @throws IllegalArgumentException when {@code value} is less than 1
     */
    public FileSystemResourceProvider withMaxPathSegments(int value) {
        if (value < 1) {
            throw new IllegalArgumentException("maxPathSegments must be >= 1, was " + value);
        }
        return new FileSystemResourceProvider(this, value, maxCachedNames, cacheHint, contentHashes);
    }

    /**
     * @return the most file names this provider keeps, sorted, of the folders it has listed, so that
     *         the next page of a folder that has not changed since does not read it again
     */
    public long maxCachedNames() {
        return maxCachedNames;
    }

    /**
     * A provider of the same folder that keeps up to {@code value} names of the folders it lists
     * between pages (the least recently listed folder goes first; a folder with more names is read
     * for every page). A page stats the folder and uses the kept names only while its file key and
     * modification time are unchanged. This provider stays as it is.
     *
     * @param value at least 0; 0 reads the folder for every page; {@link #DEFAULT_MAX_CACHED_NAMES} unless set
     * @return a provider of the same root, limits and hint with that bound
     * @throws IllegalArgumentException when {@code value} is negative
     */
    public FileSystemResourceProvider withMaxCachedNames(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("maxCachedNames must be >= 0, was " + value);
        }
        return new FileSystemResourceProvider(this, maxPathSegments, value, cacheHint, contentHashes);
    }

    /** @return true when versions are content hashes, false (the default) when they are size and modification time */
    public boolean contentHashes() {
        return contentHashes;
    }

    /**
     * A provider of the same folder whose {@linkplain #version versions} are SHA-256 hashes of the
     * files' bytes ({@code true}) or their size and modification time ({@code false}, the default).
     * Hashes are exact (a touch keeps the version, a write within the same clock tick changes it)
     * and need no settling, but cost a read of the whole file for every version: every read, every
     * {@code resources/metadata} and every file of a listed page. This provider stays as it is.
     *
     * @param value true for content hashes, false for size and modification time
     * @return a provider of the same root, limits and hint with those versions
     */
    public FileSystemResourceProvider withContentHashes(boolean value) {
        return new FileSystemResourceProvider(this, maxPathSegments, maxCachedNames, cacheHint, value);
    }

    /**
     * The version of a file: its size and modification time ({@code SIZE@TIME}), or its content
     * hash ({@code sha256-...}) when {@linkplain #withContentHashes asked}. With size and time, a
     * touch changes the version, and a file modified less than two seconds ago has none yet: two
     * writes of the same size within one tick of the file system's clock leave the same time, and a
     * client must never be told that the second did not happen.
     *
     * @return the version; null for a folder, a file gone, or a file not settled yet
     */
    @Override
    public String version(Resource resource) {
        return versions == null ? null : versions.version(resource);
    }

    /**
     * @return {@link CacheHint#NONE} unless another hint was chosen with {@link #withCacheHint}; null
     *         when that was null (the server's default)
     */
    @Override
    public CacheHint cacheHint() {
        return cacheHint;
    }

    /** @return {@code "filesystem"} */
    @Override
    public String id() {
        return "filesystem";
    }

    /**
     * @return true for every {@code file:} URI when a root is configured, so that a bad one gets
     *         this provider's refusal rather than "no provider"; false for every URI otherwise
     */
    @Override
    public boolean owns(String uri) {
        return paths != null && uri.regionMatches(true, 0, "file:", 0, 5);
    }

    /** @return the root's direct children, sorted by name, each stat-ed only when the stream reaches it */
    @Override
    public Stream<Resource> list() {
        return listAfter(null, Integer.MAX_VALUE);
    }

    /** @return the resource's file name, which orders this provider's listings */
    @Override
    public String listingKey(Resource resource) {
        return resource.name();
    }

    /**
     * Reads the root's names (without stat-ing them), keeps those after {@code afterKey}, and stats
     * and describes only the first {@code limit} of them: a page of a big folder costs its own
     * entries and one pass over the names, however deep into the folder it is.
     */
    @Override
    public Stream<Resource> listAfter(String afterKey, int limit) {
        return paths == null ? Stream.empty() : files.listAfter(paths.root(), afterKey, limit);
    }

    /** @return the folder's direct children, sorted by name; empty when it is missing or not a folder */
    @Override
    public Stream<Resource> children(String collectionUri) {
        return childrenAfter(collectionUri, null, Integer.MAX_VALUE);
    }

    /** As {@link #listAfter}, for a folder; empty when it is missing or not a folder. */
    @Override
    public Stream<Resource> childrenAfter(String collectionUri, String afterKey, int limit) {
        if (paths == null) {
            return Stream.empty();
        }
        return paths.resolve(collectionUri)
                .filter(found -> Files.isDirectory(found.real()))
                .map(found -> files.listAfter(found.path(), afterKey, limit))
                .orElseGet(Stream::empty);
    }

    /** Reads file attributes, and the first bytes of a file whose extension says nothing. */
    @Override
    public Optional<Resource> metadata(String uri) {
        if (paths == null) {
            return Optional.empty();
        }
        return paths.resolve(uri).flatMap(found -> files.describe(uri, found.path(), found.real()));
    }

    /**
     * Reads a file. The resources feature never calls this for a folder: it lists a collection's
     * children itself.
     *
     * @throws IllegalArgumentException when {@code uri} names a folder
     */
    @Override
    public List<ResourceContents> read(String uri, ReadContext context) {
        Optional<SafePaths.Resolved> found = paths == null ? Optional.empty() : paths.resolve(uri);
        if (found.isEmpty()) {
            return List.of();
        }
        Path real = found.get().real();
        if (Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException(uri + " is a folder: list its children, it has no content to read");
        }
        Optional<OpenedFile> opened = OpenedFile.open(uri, real);
        if (opened.isEmpty()) {
            return List.of();
        }
        try (OpenedFile file = opened.get()) {
            Resource resource = files.describe(uri, found.get().path(), file);
            if (!MimeTypes.isText(resource.mimeType()) || file.size() > maxTextBytes) {
                return List.of(new BlobResourceContents(resource, file.toBlob()));
            }
            byte[] bytes = file.readAll();
            String text = Utf8Text.strict(bytes);
            return List.of(text != null ? new TextResourceContents(resource, text)
                    : new BlobResourceContents(resource, Blob.of(bytes)));
        }
    }

    /**
     * @return the URI of the folder that holds {@code uri}, the root's own URI for the root's
     *         children (the root is a collection like any folder: a client subscribed to it is told
     *         of changes anywhere below it); null for the root and for a URI this provider refuses
     */
    @Override
    public String parentOf(String uri) {
        if (paths == null) {
            return null;
        }
        Path path;
        try {
            path = paths.lexical(uri);
        } catch (RuntimeException refused) {
            return null;
        }
        Path parent = path.getParent();
        return path.equals(paths.root()) || parent == null ? null : paths.toUri(parent);
    }

    /** @return true */
    @Override
    public boolean reportsUpdates() {
        return true;
    }

    /** @return true */
    @Override
    public boolean reportsListChanges() {
        return true;
    }

    /**
     * Watches the root and its subfolders: a modified file or folder is {@code updated(uri)}; one
     * that appears or goes away is {@code listChanged()}, plus {@code updated(folder)} for the folder
     * that holds it, the root included; lost events are {@code listChanged()}.
     *
     * @return closes the watch service and ends the thread
     * @throws UncheckedIOException when the root cannot be watched
     */
    @Override
    public AutoCloseable watch(ResourceListener listener) {
        Objects.requireNonNull(listener, "listener");
        if (paths == null) {
            return () -> { };
        }
        try {
            return DirectoryWatcher.start(paths.root(), WATCH_THREAD, new DirectoryWatcher.Events() {
                @Override
                public void modified(Path path) {
                    listener.updated(paths.toUri(path));
                }

                @Override
                public void created(Path path) {
                    changed(path);
                }

                @Override
                public void deleted(Path path) {
                    changed(path);
                }

                @Override
                public void overflow() {
                    listener.listChanged();
                }

                private void changed(Path path) {
                    listener.listChanged();
                    Path parent = path.getParent();
                    if (parent != null) {
                        listener.updated(paths.toUri(parent));
                    }
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot watch " + paths.root(), e);
        }
    }
}
