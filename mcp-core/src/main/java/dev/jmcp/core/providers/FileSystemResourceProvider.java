package dev.jmcp.core.providers;

import dev.jmcp.core.internal.fs.ChangeReports;
import dev.jmcp.core.internal.fs.DirectoryWatcher;
import dev.jmcp.core.internal.fs.FileResources;
import dev.jmcp.core.internal.fs.FileVersions;
import dev.jmcp.core.internal.fs.OpenedFile;
import dev.jmcp.core.internal.resources.RequestReadContext;
import dev.jmcp.core.internal.session.AnswerMemory;
import dev.jmcp.core.internal.fs.SafePaths;
import dev.jmcp.core.internal.fs.Utf8Text;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Serves a folder: its subfolders are collections ({@code isCollection: true}, MIME type
 * {@code inode/directory}), its regular files are leaves. Resources are named by {@code file:}
 * URIs of their paths under the root, with its symbolic links resolved. Each has its file name as
 * {@code name}, a MIME type from the extension or else from the first 512 bytes, its {@code size}
 * in bytes (files only) and {@code annotations.lastModified} as an ISO-8601 UTC timestamp; the
 * {@link TreeResourceProvider} base writes the descriptions, the listings' URIs and the parents.
 * Thread-safe. Made in code ({@link #of(Path)}) or by {@code jmcp serve --root}.
 *
 * <p>Nothing outside the root is served or listed: URIs with {@code ..} or {@code .} segments
 * (also percent-encoded), percent-encoded separators, NUL bytes, a query or fragment, a host other
 * than {@code localhost}, another scheme, a path outside the root or a symbolic link that leads out
 * of it are refused with {@code -32602} and {@code data.uri}. Listings leave out such links,
 * broken links and special files (pipes, devices, sockets). Unlike the base, a URI may be spelled
 * as {@code file:} URIs are in the wild ({@code file://localhost/}, a trailing slash), and names
 * the same resource; listings use the canonical spelling.
 *
 * <p>Listings are sorted by file name (each entry's position is its name), and a later page starts
 * after the last name of the page before: it stats and describes only its own entries, and files
 * added or removed between pages make no other entry skip or repeat. The sorted names of a folder
 * are kept between pages (up to {@link #maxCachedNames()} names) while the folder's modification
 * time and file key stay the same; a folder changed within the last two seconds, or one with more
 * names, is read again for every page, which costs a pass over its names, not a sort of them.
 *
 * <p>{@link #read} serves files of a text type (and files sniffed as text) as UTF-8 text, up to
 * {@link #maxTextBytes()}; a larger file, a file that turns out not to be valid UTF-8 and every
 * other file is a blob, which a larger file streams from disk while it is written. A text of more
 * than {@link #streamedTextAboveBytes()} is streamed too ({@link StreamedTextResourceContents}): it
 * is checked to be UTF-8 a chunk at a time when it is read, and sent from the file, escaped on the
 * way, while the answer is written, so that it is never held whole; a smaller one is read into a
 * {@code String}, the faster way for small texts. A read opens
 * the file once, on the calling thread, without following a link, and checks that it opened a
 * regular file (a pipe, device or folder is refused with {@code -32602} before it is opened); the
 * type, size and bytes all come from that open file, never from its name again. A blob sends
 * exactly the announced {@code size}: it stops there if the file grew and fails its message if
 * the file shrank; it can be read once. A file gone since it was described is
 * {@link ResourceErrors#notFound}; a file the server may not read is {@link ResourceErrors#unreadable}
 * ({@code -32603}, {@code data.uri}, {@code data.reason}). A URI whose path has more than
 * {@link #maxPathSegments()} segments below the root is refused with {@code -32602}.
 *
 * <p>Hidden entries (a name that starts with {@code .}) and what the folder's {@code .gitignore}
 * files exclude are left out unless asked ({@link #withIncludeHidden}, {@link #withGitIgnore}): not
 * listed, not announced, and not found when a URI names them, as for a file that does not exist.
 *
 * <p>Each file has a content {@linkplain #version version} for conditional reads: its size and
 * modification time, or a hash of its bytes {@linkplain #withContentHashes when asked}.
 *
 * <p>{@link #start} watches the root and every subfolder with a {@link java.nio.file.WatchService},
 * on a daemon thread named {@value #WATCH_THREAD}, and reports what changes; {@link #close()} stops it.
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
public final class FileSystemResourceProvider extends TreeResourceProvider {
    private static final System.Logger LOG = System.getLogger(FileSystemResourceProvider.class.getName());
    /** The default of {@link #maxTextBytes()}: 8 MiB. */
    public static final long DEFAULT_MAX_TEXT_BYTES = 8L << 20;
    /**
     * The default of {@link #maxCachedNames()}: 100,000 names, ten folders of 10,000 files, a few
     * MiB of memory.
     */
    public static final long DEFAULT_MAX_CACHED_NAMES = 100_000;
    /**
     * The default of {@link #maxUnsettledHashBytes()}: 1 MiB, a few milliseconds of hashing, and no
     * more than a read of the file would cost anyway.
     */
    public static final long DEFAULT_MAX_UNSETTLED_HASH_BYTES = 1L << 20;
    /**
     * The default of {@link #streamedTextAboveBytes()}: 1 MiB. Below it a text is read into a String
     * (faster for the many small files, and a few such answers at once fit any heap); above it, the
     * memory held is what decides.
     */
    public static final long DEFAULT_STREAMED_TEXT_ABOVE_BYTES = 1L << 20;
    /**
     * What a streamed text holds while its answer is written, charged to the answer budget from the
     * read on: the chunk it is read into and the buffer it is escaped into (48 KiB and 64 KiB, the
     * buffers the codec writes a streamed body through).
     */
    private static final long STREAMED_TEXT_HELD_BYTES = 112 * 1024;
    /** The name of the watch thread. */
    public static final String WATCH_THREAD = "jmcp-filesystem-watch";

    private final SafePaths paths;
    private final FileResources files;
    private final FileVersions versions;
    private final long maxTextBytes;
    private final long maxCachedNames;
    private final Optional<CacheHint> cacheHint;
    private final boolean contentHashes;
    private final long maxUnsettledHashBytes;
    private final long streamedTextAboveBytes;
    private final List<DirectoryWatcher> watchers = new ArrayList<>(); // guarded by itself
    /** The file this thread described last, until it is read: see {@link #read}. */
    private final ThreadLocal<Described> lastDescribed = new ThreadLocal<>();

    /**
     * How long a description's check stands for the read that follows it: far more than the engine
     * takes between the two, and short enough that a caller that keeps a resource gets a fresh check.
     */
    private static final long CARRIED_NANOS = 100_000_000;

    /** A file described: the resource returned, the path it was asked as, what the check found and when. */
    private record Described(Resource resource, TreePath path, SafePaths.Resolved found, long nanos) {
    }

    private FileSystemResourceProvider(SafePaths paths, FileResources files, long maxTextBytes, long maxCachedNames,
            Optional<CacheHint> cacheHint, boolean contentHashes, long maxUnsettledHashBytes, long streamedTextAboveBytes) {
        super("filesystem", paths.rootUri());
        this.streamedTextAboveBytes = streamedTextAboveBytes;
        this.paths = paths;
        this.files = files;
        this.versions = new FileVersions(paths, contentHashes, maxUnsettledHashBytes);
        this.maxUnsettledHashBytes = maxUnsettledHashBytes;
        this.maxTextBytes = maxTextBytes;
        this.maxCachedNames = maxCachedNames;
        this.cacheHint = cacheHint;
        this.contentHashes = contentHashes;
    }

    /**
     * @param root an existing folder; its symbolic links are resolved once, here
     * @return a provider that serves {@code root}, with text files up to {@link #DEFAULT_MAX_TEXT_BYTES}
     * @throws IllegalArgumentException when {@code root} is not a folder
     */
    public static FileSystemResourceProvider of(Path root) {
        return of(root, DEFAULT_MAX_TEXT_BYTES);
    }

    /**
     * @param root         an existing folder
     * @param maxTextBytes text files larger than this are served as blobs, streamed from disk
     * @return a provider that serves {@code root}
     * @throws IllegalArgumentException when {@code root} is not a folder or the limit is negative
     */
    public static FileSystemResourceProvider of(Path root, long maxTextBytes) {
        if (maxTextBytes < 0) {
            throw new IllegalArgumentException("maxTextBytes must be >= 0, was " + maxTextBytes);
        }
        SafePaths paths = new SafePaths(realFolder(Objects.requireNonNull(root, "root")), DEFAULT_MAX_PATH_SEGMENTS,
                false, true);
        return new FileSystemResourceProvider(paths, new FileResources(paths, DEFAULT_MAX_CACHED_NAMES), maxTextBytes,
                DEFAULT_MAX_CACHED_NAMES, Optional.of(CacheHint.NONE), false, DEFAULT_MAX_UNSETTLED_HASH_BYTES,
                DEFAULT_STREAMED_TEXT_ABOVE_BYTES);
    }

    private static Path realFolder(Path root) {
        Path real;
        try {
            real = root.toAbsolutePath().toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("root " + root + " cannot be served: " + e, e);
        }
        if (!Files.isDirectory(real)) {
            throw new IllegalArgumentException("root " + root + " is not a folder");
        }
        return real;
    }

    /** @return a provider of the same root with these settings; it shares the kept names when they still apply */
    private FileSystemResourceProvider with(int maxPathSegments, long maxCachedNames, Optional<CacheHint> cacheHint,
            boolean contentHashes) {
        return with(maxPathSegments, maxCachedNames, cacheHint, contentHashes, includeHidden(), gitIgnore(),
                maxUnsettledHashBytes);
    }

    private FileSystemResourceProvider with(int maxPathSegments, long maxCachedNames, Optional<CacheHint> cacheHint,
            boolean contentHashes, boolean includeHidden, boolean gitIgnore, long maxUnsettledHashBytes) {
        return with(maxPathSegments, maxCachedNames, cacheHint, contentHashes, includeHidden, gitIgnore,
                maxUnsettledHashBytes, streamedTextAboveBytes);
    }

    private FileSystemResourceProvider with(int maxPathSegments, long maxCachedNames, Optional<CacheHint> cacheHint,
            boolean contentHashes, boolean includeHidden, boolean gitIgnore, long maxUnsettledHashBytes,
            long streamedTextAboveBytes) {
        SafePaths samePaths = maxPathSegments == paths.maxPathSegments() && includeHidden == includeHidden()
                && gitIgnore == gitIgnore() ? paths
                : new SafePaths(paths.root(), maxPathSegments, includeHidden, gitIgnore);
        FileResources sameFiles = samePaths == paths && maxCachedNames == this.maxCachedNames ? files
                : new FileResources(samePaths, maxCachedNames);
        return new FileSystemResourceProvider(samePaths, sameFiles, maxTextBytes, maxCachedNames, cacheHint, contentHashes,
                maxUnsettledHashBytes, streamedTextAboveBytes);
    }

    /**
     * @return the served folder, symbolic links resolved; never empty (an Optional since the time a
     *         provider could be made without a root)
     */
    public Optional<Path> root() {
        return Optional.of(paths.root());
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
        return with(maxPathSegments(), maxCachedNames, Optional.ofNullable(value), contentHashes);
    }

    /** @return the most segments a URI's path may have below the root; more are refused with {@code -32602} */
    @Override
    public int maxPathSegments() {
        return paths.maxPathSegments();
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
        return with(value, maxCachedNames, cacheHint, contentHashes);
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
        return with(maxPathSegments(), value, cacheHint, contentHashes);
    }

    /** @return whether entries whose name starts with {@code .} are served; false unless asked */
    public boolean includeHidden() {
        return paths.exclusions().includeHidden();
    }

    /**
     * A provider of the same folder that serves hidden entries (a file or folder whose name starts
     * with {@code .}: {@code .git}, {@code .env}, {@code .ssh}) too ({@code true}), or leaves them
     * out (the default). What is left out is neither listed, nor announced as changed, nor read: a
     * URI that names it, or a path inside it, is not found, as a file that does not exist is. This
     * provider stays as it is.
     *
     * @param value true to serve hidden entries
     * @return a provider of the same root, limits and hint that does so
     */
    public FileSystemResourceProvider withIncludeHidden(boolean value) {
        return with(maxPathSegments(), maxCachedNames, cacheHint, contentHashes, value, gitIgnore(), maxUnsettledHashBytes);
    }

    /** @return whether what the folder's {@code .gitignore} files exclude is left out; true unless asked */
    public boolean gitIgnore() {
        return paths.exclusions().gitIgnore();
    }

    /**
     * A provider of the same folder that leaves out what its {@code .gitignore} files exclude, as
     * git does ({@code true}, the default), or serves it ({@code false}). Only {@code .gitignore}
     * files at or below the root count, each read again when it changes; a folder excluded when the
     * provider {@linkplain #start started} is not watched until the next start. What is left out is
     * treated as {@link #withIncludeHidden} says. This provider stays as it is.
     *
     * @param value false to serve what {@code .gitignore} files exclude
     * @return a provider of the same root, limits and hint that does so
     */
    public FileSystemResourceProvider withGitIgnore(boolean value) {
        return with(maxPathSegments(), maxCachedNames, cacheHint, contentHashes, includeHidden(), value, maxUnsettledHashBytes);
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
        return with(maxPathSegments(), maxCachedNames, cacheHint, value);
    }

    /**
     * @return the largest file whose version comes from its content while its modification time
     *         cannot be trusted yet (see {@link #version}); a larger one falls back to its size and time
     */
    public long maxUnsettledHashBytes() {
        return maxUnsettledHashBytes;
    }

    /**
     * A provider of the same folder that hashes files of up to {@code value} bytes for their version
     * while their modification time is less than two seconds old, and gives a larger one its size
     * and time then too (two writes of the same size within one clock tick can then share a
     * version). This provider stays as it is.
     *
     * @param value at least 0; 0 hashes nothing; {@link #DEFAULT_MAX_UNSETTLED_HASH_BYTES} unless set
     * @return a provider of the same root, limits and hint with that bound
     * @throws IllegalArgumentException when {@code value} is negative
     */
    public FileSystemResourceProvider withMaxUnsettledHashBytes(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("maxUnsettledHashBytes must be >= 0, was " + value);
        }
        return with(maxPathSegments(), maxCachedNames, cacheHint, contentHashes, includeHidden(), gitIgnore(), value);
    }

    /** @return the size above which a text file is streamed from the file rather than read into a String */
    public long streamedTextAboveBytes() {
        return streamedTextAboveBytes;
    }

    /**
     * A provider of the same folder that streams a text file of more than {@code value} bytes from
     * the file while its answer is written ({@link StreamedTextResourceContents}), holding only a
     * chunk of it (charged to the answer budget), and reads a smaller one into a String. A file
     * streamed is read twice: once, when it is read, to check that it is UTF-8 (a file that is not
     * is a blob, as a smaller one is), and once while it is sent. This provider stays as it is.
     *
     * @param value at least 0; 0 streams every text; {@link #DEFAULT_STREAMED_TEXT_ABOVE_BYTES} unless set
     * @return a provider of the same root, limits and hint with that threshold
     * @throws IllegalArgumentException when {@code value} is negative
     */
    public FileSystemResourceProvider withStreamedTextAboveBytes(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("streamedTextAboveBytes must be >= 0, was " + value);
        }
        return with(maxPathSegments(), maxCachedNames, cacheHint, contentHashes, includeHidden(), gitIgnore(),
                maxUnsettledHashBytes, value);
    }

    /**
     * The version of a file: its size and modification time ({@code SIZE@TIME}), or its content
     * hash ({@code sha256-...}) when {@linkplain #withContentHashes asked}. With size and time, a
     * touch changes the version. A version is never withheld: two writes of the same size within
     * one tick of the file system's clock leave the same time, so while a file's time is less than
     * two seconds old its version is its content hash (up to {@link #maxUnsettledHashBytes()}; a
     * larger file keeps {@code SIZE@TIME}), and once it settles, {@code SIZE@TIME} again: a client
     * is never told that a second write did not happen, at the cost of one version change without a
     * content change.
     *
     * @return the version; empty for a folder or a file gone
     */
    @Override
    public Optional<String> version(Resource resource) {
        return versions.version(resource);
    }

    /**
     * @return {@link CacheHint#NONE} unless another hint was chosen with {@link #withCacheHint};
     *         empty when that was null (the server's default)
     */
    @Override
    public Optional<CacheHint> cacheHint() {
        return cacheHint;
    }

    // ---- the tree ----

    /**
     * @return true for every {@code file:} URI, so that a bad one (outside the root, with a host)
     *         gets this provider's refusal rather than "no provider"
     */
    @Override
    public boolean owns(String uri) {
        return uri.regionMatches(true, 0, "file:", 0, 5);
    }

    /**
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} naming the rule, for every URI
     *         that could reach outside the root (see the class comment); checked without the disk
     */
    @Override
    protected TreePath pathOf(String uri) {
        return TreePath.of(paths.lexicalNames(uri));
    }

    /**
     * As the base, but a link that leads out of the root is refused naming the URI as the client
     * spelled it. The checked path of a file is kept, for this thread, for the {@link #read} of the
     * resource returned that follows.
     */
    @Override
    public Optional<Resource> describe(String uri, Caller caller) {
        TreePath path = pathOf(uri);
        Optional<SafePaths.Resolved> found = paths.resolve(path.segments(), uri);
        Optional<Resource> resource = found.flatMap(files::node).map(node -> resource(uri, path, node));
        lastDescribed.set(resource.isPresent() && !resource.get().collection()
                ? new Described(resource.get(), path, found.get(), System.nanoTime()) : null);
        return resource;
    }

    /**
     * Reads the resource {@link #describe} returned on this thread just before without checking its
     * path a second time: the engine describes and then reads, and the second parse, link
     * resolution, exclusion check and stat were a fifth of a small file's read. Only that very
     * object, once, and within {@link #CARRIED_NANOS}: any other resource (one made by the caller,
     * described on another thread or before another describe, or kept for longer) is checked as
     * the base does. The open itself still checks what it opens ({@link OpenedFile}): a file
     * swapped for a link or something else since is not served. A {@code .gitignore} changed in
     * between is the race a change right after the check always was.
     */
    @Override
    public List<ResourceContents> read(Resource resource, ReadContext context) {
        Described last = lastDescribed.get();
        if (last == null || last.resource() != resource || System.nanoTime() - last.nanos() > CARRIED_NANOS) {
            return super.read(resource, context);
        }
        lastDescribed.set(null);
        return open(last.path(), resource, last.found(), true, context);
    }

    /** Reads the attributes of what is there, and the first bytes of a file whose extension says nothing. */
    @Override
    protected Optional<TreeNode> lookup(TreePath path, Caller caller) {
        return node(path, uriOf(path));
    }

    private Optional<TreeNode> node(TreePath path, String uri) {
        return paths.resolve(path.segments(), uri).flatMap(files::node);
    }

    /**
     * Reads the folder's names (without stat-ing them), keeps those after {@code after}, and stats
     * and describes only the first {@code limit} of them: a page of a big folder costs its own
     * entries and one pass over the names, however deep into the folder it is.
     */
    @Override
    protected Stream<TreeNode> children(TreePath folder, Optional<String> after, int limit, Caller caller) {
        return paths.resolve(folder.segments(), uriOf(folder))
                .filter(found -> found.attributes().isDirectory())
                .map(found -> files.listAfter(found.path(), uriOf(folder), after.orElse(null), limit))
                .orElseGet(Stream::empty);
    }

    /**
     * Reads a file, opened once: the description sent (type, size, time) comes from the open file.
     * The engine never calls this for a folder: it lists a collection's children itself.
     *
     * @throws IllegalArgumentException when the resource is a folder
     */
    @Override
    protected List<ResourceContents> open(TreePath path, Resource resource, ReadContext context) {
        String uri = resource.uri();
        SafePaths.Resolved found = paths.resolve(path.segments(), uri)
                .orElseThrow(() -> ResourceErrors.notFound(uri));
        return open(path, resource, found, false, context);
    }

    /** @param describedFromFound whether {@code resource} is what {@link #describe} made of {@code found} */
    private List<ResourceContents> open(TreePath path, Resource resource, SafePaths.Resolved found,
            boolean describedFromFound, ReadContext context) {
        String uri = resource.uri();
        if (found.attributes().isDirectory()) {
            throw new IllegalArgumentException(uri + " is a folder: list its children, it has no content to read");
        }
        try (OpenedFile file = OpenedFile.open(uri, found.real()).orElseThrow(() -> ResourceErrors.notFound(uri))) {
            Resource opened = describedFromFound && asDescribed(found, file, resource) ? resource
                    : resource(uri, path, files.node(found.path(), file));
            if (!MimeTypes.isText(opened.mimeType()) || file.size() > maxTextBytes) {
                return List.of(new BlobResourceContents(opened, file.toBlob()));
            }
            if (file.size() > streamedTextAboveBytes) {
                return List.of(streamed(uri, opened, file, context));
            }
            // charged before it is read: the bytes, and the text decoded from them (a byte a char for
            // Latin-1 text; more for other text, briefly, while it is decoded); the text's share stays
            // charged until the answer is written
            long making = 2 * file.size();
            RequestReadContext.hold(context, making, "the text of " + uri);
            byte[] bytes = file.readAll();
            String text = Utf8Text.strict(bytes);
            Object kept = text != null ? text : bytes;
            RequestReadContext.giveBack(context, making - (text != null ? AnswerMemory.textBytes(text) : bytes.length));
            RequestReadContext.charged(context, kept);
            return List.of(text != null ? new TextResourceContents(opened, text)
                    : new BlobResourceContents(opened, Blob.of(bytes)));
        }
    }

    /**
     * @return whether the open file is the one {@code resource} describes as it was then: the same
     *         file, size and time, and a type its name gives (a sniffed type came from another open),
     *         so that the description need not be made again
     */
    private static boolean asDescribed(SafePaths.Resolved found, OpenedFile file, Resource resource) {
        BasicFileAttributes then = found.attributes();
        BasicFileAttributes now = file.attributes();
        return then.size() == file.size() && then.lastModifiedTime().equals(now.lastModifiedTime())
                && Objects.equals(then.fileKey(), now.fileKey()) && MimeTypes.byExtension(resource.name()).isPresent();
    }

    /**
     * @return the file as a text streamed from it, once it was checked to be UTF-8; else as a blob
     *         streamed from it (the same answer as a smaller file that is not UTF-8 gets, without
     *         holding it)
     */
    private static ResourceContents streamed(String uri, Resource opened, OpenedFile file, ReadContext context) {
        // charged before the check, which holds about as much: the answer holds it until it is written
        RequestReadContext.hold(context, STREAMED_TEXT_HELD_BYTES, "the streamed text of " + uri);
        if (!file.isUtf8()) {
            RequestReadContext.giveBack(context, STREAMED_TEXT_HELD_BYTES);
            return new BlobResourceContents(opened, file.toBlob());
        }
        return new StreamedTextResourceContents(opened, file.toBlob());
    }

    // ---- changes and lifecycle ----

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
     * Watches the root and its subfolders until {@link #close()}: a modified file or folder is
     * {@code updated(uri)}; one that appears or goes away is {@code listChanged()}, plus
     * {@code updated(folder)} for the folder that holds it, the root included; lost events are
     * {@code listChanged()}.
     *
     * @throws UncheckedIOException when the root cannot be watched
     */
    @Override
    public void start(ResourceChanges changes) {
        ChangeReports reports = new ChangeReports(paths, Objects.requireNonNull(changes, "changes"));
        try {
            DirectoryWatcher watcher = DirectoryWatcher.start(paths.root(), WATCH_THREAD, reports,
                    folder -> paths.exclusions().excludes(folder, true));
            synchronized (watchers) {
                watchers.add(watcher);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot watch " + paths.root(), e);
        }
    }

    /** Stops every watch {@link #start} began, ending their threads; a second call does nothing. */
    @Override
    public void close() {
        List<DirectoryWatcher> started;
        synchronized (watchers) {
            started = List.copyOf(watchers);
            watchers.clear();
        }
        for (DirectoryWatcher watcher : started) {
            try {
                watcher.close();
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "could not stop watching " + paths.root(), e);
            }
        }
    }
}
