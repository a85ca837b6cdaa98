package dev.jmcp.core.providers;

import dev.jmcp.core.internal.fs.IsoInstants;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A base for tree-shaped sources: a folder, an archive, a bucket, a table keyed by path. A
 * subclass says what is at a path ({@link #lookup}), what a folder holds ({@link #children}) and
 * what a file contains ({@link #open}); this class gives it the rest of a {@link ResourceProvider}:
 * URIs ({@code ROOT_URI/a/b%20c}, one spelling per resource, decoded strictly with
 * {@link UriPaths}), the root as a collection, listings paged by name, parents, and the conventions
 * every jmcp provider keeps:
 * <ul>
 *   <li>a folder is a collection ({@code isCollection: true}) of MIME type {@code inode/directory};</li>
 *   <li>a file is a leaf ({@code isCollection: false}) with its {@code size} when known and a MIME
 *       type from its extension ({@link MimeTypes}) unless the node sets one;</li>
 *   <li>a URI has no trailing slash; the root's URI is {@link #rootUri()} itself;</li>
 *   <li>a modification time goes in {@code annotations.lastModified} (ISO 8601, UTC);</li>
 *   <li>a version given to a file's node ({@link TreeNode#withVersion}) is its content's version;</li>
 *   <li>a read answers with the URI the client sent; a listing with canonical URIs.</li>
 * </ul>
 *
 * <pre>{@code
 * final class NotesProvider extends TreeResourceProvider {
 *     NotesProvider() { super("notes", "notes://all"); }
 *     protected Optional<TreeNode> lookup(TreePath path, Caller caller) { ... }
 *     protected Stream<TreeNode> children(TreePath folder, Optional<String> after, int limit, Caller caller) { ... }
 *     protected List<ResourceContents> open(TreePath path, Resource resource, ReadContext context) { ... }
 * }
 * }</pre>
 *
 * @since 0.1
 */
public abstract class TreeResourceProvider implements ResourceProvider {
    /** The default of {@link #maxPathSegments()}. */
    public static final int DEFAULT_MAX_PATH_SEGMENTS = 256;

    private final String id;
    private final String rootUri;

    /**
     * @param id      the provider's id; not blank
     * @param rootUri the URI of the tree's root, such as {@code zip:///srv/docs.zip} or
     *                {@code notes://all}; without a trailing slash, query or fragment
     */
    protected TreeResourceProvider(String id, String rootUri) {
        if (Objects.requireNonNull(id, "id").isBlank()) {
            throw new IllegalArgumentException("a provider's id is not blank");
        }
        Objects.requireNonNull(rootUri, "rootUri");
        if (rootUri.isEmpty() || (rootUri.endsWith("/") && !rootUri.endsWith("///")) || rootUri.indexOf('?') >= 0
                || rootUri.indexOf('#') >= 0) {
            throw new IllegalArgumentException("a root URI has no trailing slash, query or fragment: '" + rootUri + "'");
        }
        this.id = id;
        this.rootUri = rootUri;
    }

    // ---- what a subclass writes ----

    /**
     * @param path   a path below the root, already decoded and checked; {@link TreePath#root()} for the root
     * @param caller who asks
     * @return what is there: the root must be a folder; empty when nothing is (or the caller may not see it)
     */
    protected abstract Optional<TreeNode> lookup(TreePath path, Caller caller);

    /**
     * The entries of a folder, sorted by name ({@link String#compareTo}), each name once. A large
     * folder starts after {@code after} and stops at {@code limit}; a small one may return all its
     * entries in order, and this class skips those not after {@code after} and stops at the limit.
     *
     * @param folder a path {@link #lookup} found to be a folder
     * @param after  the name of the last entry of the page before; empty for the first page
     * @param limit  the most entries taken; at least 1
     * @param caller who asks
     * @return the entries; closed when the page is done; empty when the folder is gone
     */
    protected abstract Stream<TreeNode> children(TreePath folder, Optional<String> after, int limit, Caller caller);

    /**
     * @param path     a path {@link #lookup} found to be a file
     * @param resource its description, to put in the contents (as {@code new TextResourceContents(resource, text)})
     * @param context  the caller and the read's cancellation
     * @return the file's contents, one element per format; a large body lazy
     *         ({@link dev.jmcp.schema.resources.Blob#ofStream}); never empty
     * @throws ProtocolException {@link ResourceErrors#notFound} when it went away,
     *         {@link ResourceErrors#unreadable} when it cannot be read
     */
    protected abstract List<ResourceContents> open(TreePath path, Resource resource, ReadContext context);

    // ---- hooks with defaults ----

    /** @return the most segments a URI's path may have below the root; {@value #DEFAULT_MAX_PATH_SEGMENTS} */
    protected int maxPathSegments() {
        return DEFAULT_MAX_PATH_SEGMENTS;
    }

    /**
     * @param uri a URI this provider owns
     * @return the path it names
     * @throws ProtocolException {@code -32602} when it is not spelled as this tree's URIs are ({@link UriPaths#below})
     */
    protected TreePath pathOf(String uri) {
        return TreePath.of(UriPaths.below(rootUri, uri, maxPathSegments()));
    }

    /** @return the canonical URI of {@code path} */
    protected String uriOf(TreePath path) {
        return UriPaths.join(rootUri, path.segments());
    }

    /**
     * Describes a node as a resource, keeping the conventions above; a subclass that has more to
     * say (a title, an icon, {@code _meta}) overrides it and starts from {@code super.resource(...)}.
     *
     * @param uri  the URI to put in it
     * @param path the node's path
     * @param node the node
     * @return the resource
     */
    protected Resource resource(String uri, TreePath path, TreeNode node) {
        Resource.Builder resource = Resource.builder(uri, node.name()).isCollection(node.isFolder());
        if (node.isFolder()) {
            resource.mimeType(MimeTypes.DIRECTORY);
        } else {
            resource.mimeType(node.mimeType().or(() -> MimeTypes.byExtension(node.name())).orElse(MimeTypes.OCTET_STREAM));
            node.size().ifPresent(resource::size);
        }
        // as Instant.toString writes it, without the formatter, which cost a fifth of describing a listed file
        node.lastModified().ifPresent(time -> resource.annotations(Annotations.lastModified(IsoInstants.format(time))));
        Resource described = resource.build();
        return node.version().map(version -> ConditionalReads.withVersion(described, version)).orElse(described);
    }

    // ---- the ResourceProvider this makes ----

    @Override
    public final String id() {
        return id;
    }

    /** @return the URI of the root, which is a collection */
    public final String rootUri() {
        return rootUri;
    }

    /** @return true for the root's URI and every URI that goes on below it with {@code /} */
    @Override
    public boolean owns(String uri) {
        return uri.startsWith(rootUri) && (uri.length() == rootUri.length() || uri.charAt(rootUri.length()) == '/'
                || rootUri.endsWith("/"));
    }

    @Override
    public Optional<Resource> describe(String uri, Caller caller) {
        TreePath path = pathOf(uri);
        return lookup(path, caller).map(node -> resource(uri, path, node));
    }

    /** Lists the root's entries at the top level, and a folder's as its children; positions are names. */
    @Override
    public Stream<ListingEntry> list(Listing listing) {
        TreePath folder = listing.collection().map(this::pathOf).orElse(TreePath.root());
        String folderUri = uriOf(folder);
        Optional<String> after = listing.after();
        return children(folder, after, listing.limit(), listing.caller())
                .filter(node -> after.isEmpty() || node.name().compareTo(after.get()) > 0)
                .limit(listing.limit())
                .map(node -> ListingEntry.of(resource(UriPaths.child(folderUri, node.name()), folder.child(node.name()), node),
                        node.name()));
    }

    @Override
    public List<ResourceContents> read(Resource resource, ReadContext context) {
        return open(pathOf(resource.uri()), resource, context);
    }

    /**
     * @return the version {@link #lookup} gave the file's node ({@link TreeNode#withVersion}); empty
     *         when it gave none. A subclass whose versions cost a look of their own (a hash) overrides this.
     */
    @Override
    public Optional<String> version(Resource resource) {
        return Optional.ofNullable(ConditionalReads.version(resource));
    }

    /** @return the folder that holds {@code uri}: the root's URI for the root's entries; empty for the root */
    @Override
    public Optional<String> parentOf(String uri) {
        try {
            return pathOf(uri).parent().map(this::uriOf);
        } catch (ProtocolException refused) {
            return Optional.empty();
        }
    }
}
