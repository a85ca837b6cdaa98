package dev.jmcp.core.spi;

import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A source of resources: a folder, an archive, a bucket, a table, resources registered in code.
 * A provider answers four questions, and the engine does the protocol around them: it routes URIs,
 * joins the providers' top levels into one listing, pages every listing behind signed cursors,
 * bounds collection reads, stamps versions and caching hints, and turns a missing resource into
 * {@code -32602} with {@code data.uri}.
 *
 * <p>The required part is four methods:
 * <ul>
 *   <li>{@link #id()}: a short, stable, unique name;</li>
 *   <li>{@link #describe}: one resource's metadata, without reading its content;</li>
 *   <li>{@link #list}: a page of a collection's children (or of the top level), in a stable order;</li>
 *   <li>{@link #read}: a resource's contents.</li>
 * </ul>
 * Everything else has a default. For a tree of named entries (a folder, an archive, keys with
 * {@code /} in them) extend {@link dev.jmcp.core.providers.TreeResourceProvider} instead: it
 * writes the URIs, the listings, the parents and the root collection for you.
 *
 * <p><b>Paging.</b> {@link #list} returns entries in a stable order, each with a
 * {@linkplain ListingEntry#position() position}: a string that orders it among its siblings (a
 * name, a key, a zero-padded number). A later page asks for the entries after the last position
 * of the page before ({@link Listing#after()}); the engine keeps that position in its signed
 * cursor. Positions must advance: each entry's position sorts after the one before it and after
 * {@code Listing.after()}, in {@link String#compareTo} order. The engine checks this on every page
 * and fails a listing that breaks it with {@code -32603} naming this provider and the rule (and a
 * WARNING in the log), instead of ending it early or repeating entries.
 *
 * <p><b>Absent</b> is said one way: an empty {@link Optional}. A method that refuses a URI (it
 * climbs out of a root, it is not spelled as this provider's URIs are) throws
 * {@link dev.jmcp.schema.jsonrpc.ProtocolException} {@code -32602} saying why; the factories of
 * {@link dev.jmcp.core.providers.ResourceErrors} make every such error. Nothing returns null.
 *
 * <p><b>The caller.</b> Every call carries the {@link Caller}: the revision and era of the request,
 * the client's identity and capabilities, and the authenticated principal when there is one. A
 * provider that shows different callers different resources decides here; a resource a caller may
 * not see must look absent to it.
 *
 * <p><b>Lifecycle.</b> A provider belongs to the server it is given to. The server calls
 * {@link #start} once before it serves (with the sink this provider reports changes into) and
 * {@link #close()} once when it closes, after its sessions have ended. Providers are called from
 * several threads at once and must be thread-safe.
 *
 * <p><b>Discovery.</b> A provider is given to {@code McpServer.Builder.resourceProvider}, or made
 * by a {@link ResourceProviderFactory} that {@link java.util.ServiceLoader} finds when the builder is
 * asked to discover.
 *
 * @since 0.1
 */
public interface ResourceProvider extends AutoCloseable {

    /**
     * @return a short, stable id such as {@code "filesystem"}, unique among a server's providers:
     *         two with one id are refused, naming both classes; never blank
     */
    String id();

    /**
     * Describes one resource without reading its content (SEP-2093's {@code resources/metadata}).
     * A collection has {@code isCollection: true} and, by convention, the MIME type
     * {@code inode/directory}; a leaf has {@code isCollection: false} and its {@code size} when known.
     *
     * @param uri    a URI this provider {@linkplain #owns owns}, as the client spelled it; never null
     * @param caller who asks; never null
     * @return the resource, with {@code uri} as given; empty when nothing is there (or the caller
     *         may not see it)
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} when the URI is malformed for
     *         this provider
     */
    Optional<Resource> describe(String uri, Caller caller);

    /**
     * A page of a listing: the direct children of {@link Listing#collection()}, or this provider's
     * top-level resources when the listing has no collection; the entries whose position comes
     * after {@link Listing#after()}, at most {@link Listing#limit()} of them, in position order.
     * Fewer than the limit means there are no more. Entries are described as {@link #describe}
     * would describe them, and a provider should describe only the entries the stream reaches.
     *
     * @param listing what to list; never null
     * @return the entries; the engine closes the stream; empty when the collection has no children
     *         or is not there
     */
    Stream<ListingEntry> list(Listing listing);

    /**
     * Reads a resource that is not a collection (the engine answers a collection's read from
     * {@link #list} itself).
     *
     * @param resource what {@link #describe} returned for the URI just now
     * @param context  the caller, the request's cancellation and, for a URI that matched one of
     *                 {@link #templates()}, the template's variables; never null
     * @return one element per format (several are alternative formats of the same resource), each
     *         with {@code uri} equal to the resource's; never empty. A large body should be lazy
     *         ({@link dev.jmcp.schema.resources.Blob#ofStream}), so that it is read only while it is
     *         written. Fields an element leaves out are filled from {@code resource}.
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} with {@code data.uri} when the
     *         resource went away since it was described
     *         ({@link dev.jmcp.core.providers.ResourceErrors#notFound}), {@code -32603} with
     *         {@code data.reason} when it cannot be read
     *         ({@link dev.jmcp.core.providers.ResourceErrors#unreadable})
     */
    List<ResourceContents> read(Resource resource, ReadContext context);

    // ---- optional: routing ----

    /** @return the order among providers: lower comes first, in listings and in routing; 0 by default */
    default int priority() {
        return 0;
    }

    /**
     * Routing: the engine asks {@link #describe} of the providers that own a URI, in priority
     * order, and the first that finds it answers. A provider that shares a server with others
     * narrows this to its scheme or prefix, so that the others' URIs do not reach it.
     *
     * @param uri a resource URI from a client; never null
     * @return true (the default) when this provider may answer for {@code uri}. Must not do I/O
     */
    default boolean owns(String uri) {
        return true;
    }

    /**
     * @return the URI templates (RFC 6570, levels 1 to 3) this provider reads: a URI that matches
     *         one is routed here, and the read's context carries its variables; empty by default
     */
    default List<ResourceTemplate> templates() {
        return List.of();
    }

    /**
     * @param uri a URI this provider described
     * @return the collection that directly holds it; empty at the top level (the default). A change
     *         to a resource is also announced to the subscribers of the collections that hold it.
     */
    default Optional<String> parentOf(String uri) {
        return Optional.empty();
    }

    // ---- optional: versions and caching ----

    /**
     * The version of a leaf's content, for conditional reads ({@code docs/conditional-reads.md}): an
     * opaque string that changes whenever the content (any of its formats) changes, such as a
     * counter, a modification time with a size, a CRC or a hash. The engine asks for it just before
     * the content is read, so that a change in between makes it older than the content sent, never
     * newer. It may stay the same when the content did, but must change when the content changed;
     * when that cannot be promised, return empty. A listing asks only for an entry that carries no
     * version: a provider that puts a leaf's version in its {@code _meta} itself (under
     * {@link dev.jmcp.schema.resources.ConditionalReads#VERSION}, as the in-memory and tree providers
     * do) is listed with that one, without a call per entry.
     *
     * @param resource a leaf this provider described
     * @return the version, never empty when present (an empty string fails the request naming the
     *         rule); empty (the default) when there is none
     */
    default Optional<String> version(Resource resource) {
        return Optional.empty();
    }

    /**
     * @return the caching hints of this provider's results for stateless clients; empty (the
     *         default) for the server's default. A listing that spans providers gets the shortest.
     */
    default Optional<CacheHint> cacheHint() {
        return Optional.empty();
    }

    // ---- optional: changes and lifecycle ----

    /** @return true when this provider reports changes to single resources into its sink; false by default */
    default boolean reportsUpdates() {
        return false;
    }

    /** @return true when this provider reports additions and removals into its sink; false by default */
    default boolean reportsListChanges() {
        return false;
    }

    /**
     * Called once, before the server serves, with the sink this provider reports its changes into
     * (a provider that reports none may ignore it). The sink is good until {@link #close()}.
     *
     * @param changes where to report changes; never null; thread-safe and quick
     * @throws RuntimeException to refuse to start: the server's build fails, naming this provider
     */
    default void start(ResourceChanges changes) {
    }

    /**
     * Releases what this provider holds (an open archive, a pool, a watch thread). Called exactly
     * once, when the server closes, after its sessions (and their pending writes) have ended; the
     * server logs a failure and goes on closing the others.
     */
    @Override
    default void close() {
    }
}
