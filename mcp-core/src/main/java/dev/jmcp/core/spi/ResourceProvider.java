package dev.jmcp.core.spi;

import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A source of resources for the resources feature: a folder on disk, resources registered in
 * code, a database. A server serves the providers passed to its builder
 * ({@code McpServer.Builder.resourceProvider}); those found through
 * {@link java.util.ServiceLoader} (declared with
 * {@code provides dev.jmcp.core.spi.ResourceProvider with ...} and in {@code META-INF/services})
 * are served only when the builder is asked to ({@code discoverResourceProviders()}); discovery is
 * never automatic. A provider passed explicitly takes the place of a discovered one with its id.
 *
 * <p>A provider deals in whole listings and single reads; the feature does the protocol around
 * them: it pages listings behind opaque cursors, bounds collection reads, turns a missing resource
 * into {@code -32602} with {@code data.uri}, and fans change events out to subscribed sessions.
 * Listings must come in a stable order, so that pages do not overlap or skip.
 *
 * <p>Only {@link #id}, {@link #owns}, {@link #list}, {@link #metadata} and {@link #read} must be
 * implemented. Implementations are called from several threads at once and must be thread-safe.
 * A method that refuses a URI (outside a root, a scheme it does not serve) throws
 * {@link dev.jmcp.schema.jsonrpc.ProtocolException} with
 * {@link dev.jmcp.schema.jsonrpc.ErrorCodes#INVALID_PARAMS} and a message that says why.
 *
 * @since 0.1
 */
public interface ResourceProvider {

    /**
     * @return a short, stable, unique id such as {@code "filesystem"}. Two providers with the same
     *         id are refused when they are loaded, with a message naming both classes.
     */
    String id();

    /** @return the order among providers: lower comes first, in listings and when two own a URI; 0 by default */
    default int priority() {
        return 0;
    }

    /**
     * @param uri a resource URI from a client; never null
     * @return true when this provider answers for {@code uri} (by scheme, authority or prefix).
     *         Must not do I/O: it is asked for every request.
     */
    boolean owns(String uri);

    /** @return the top-level resources, in a stable order; the caller closes the stream */
    Stream<Resource> list();

    /**
     * The top-level resources after the first {@code skip} of them: what a later page of
     * {@code resources/list} needs. The default skips over {@link #list()}; a provider that holds
     * many resources, or whose entries are costly to describe, overrides it to start at the page
     * without passing over the resources before it, so that a page costs its own size.
     *
     * @param skip how many resources to leave out, never negative
     * @return the resources after those, in the same stable order; the caller closes the stream
     */
    default Stream<Resource> list(long skip) {
        return list().skip(skip);
    }

    /**
     * The key that orders {@code resource} among its siblings, for a provider whose listings are
     * sorted by a key unique among siblings, in {@link String#compareTo} order (a file name, a
     * primary key). A later page of such a listing starts after the last key of the page before,
     * not at an offset: a resource added or removed between pages makes none of the others skip or
     * repeat, a list change does not make the cursor stale, and the provider can start the page
     * without passing over the resources before it. Cursors carry the key, protected as every
     * cursor is; a key is only ever compared, never looked up.
     *
     * @param resource a resource this provider listed
     * @return its key, never empty; null (the default) when this provider's listings are paged by
     *         offset ({@link #list(long)}, {@link #children(String, long)})
     */
    default String listingKey(Resource resource) {
        return null;
    }

    /**
     * The first {@code limit} top-level resources whose {@linkplain #listingKey key} sorts after
     * {@code afterKey}, in key order. The default takes the first page from {@link #list(long)}
     * and a later one by filtering {@link #list()}; a provider that pages by key overrides it to
     * select those resources without describing the others.
     *
     * @param afterKey the key of the last resource of the page before; null for the first page
     * @param limit    the most resources the caller takes, at least 1
     * @return those resources; fewer only when there are no more; the caller closes the stream
     */
    default Stream<Resource> listAfter(String afterKey, int limit) {
        return afterKey == null ? list(0).limit(limit)
                : list().filter(resource -> listingKey(resource).compareTo(afterKey) > 0).limit(limit);
    }

    /**
     * @param uri a URI this provider owns
     * @return the resource's metadata, without reading its content; empty when it does not exist
     */
    Optional<Resource> metadata(String uri);

    /**
     * @param collectionUri the URI of a resource whose metadata has {@code isCollection: true}
     * @return its direct children, in a stable order; the caller closes the stream
     */
    default Stream<Resource> children(String collectionUri) {
        return Stream.empty();
    }

    /**
     * The children of a collection after the first {@code skip} of them: what a later page of a
     * listing needs. The default skips over {@link #children(String)}; a provider whose entries are
     * costly to describe overrides it to pass over them without describing them.
     *
     * @param collectionUri as for {@link #children(String)}
     * @param skip          how many children to leave out, never negative
     * @return the children after those, in the same stable order; the caller closes the stream
     */
    default Stream<Resource> children(String collectionUri, long skip) {
        return children(collectionUri).skip(skip);
    }

    /**
     * The first {@code limit} children of a collection whose {@linkplain #listingKey key} sorts
     * after {@code afterKey}, in key order: {@link #listAfter} for a collection.
     *
     * @param collectionUri as for {@link #children(String)}
     * @param afterKey      the key of the last child of the page before; null for the first page
     * @param limit         the most children the caller takes, at least 1
     * @return those children; fewer only when there are no more; the caller closes the stream
     */
    default Stream<Resource> childrenAfter(String collectionUri, String afterKey, int limit) {
        return afterKey == null ? children(collectionUri, 0).limit(limit)
                : children(collectionUri).filter(child -> listingKey(child).compareTo(afterKey) > 0).limit(limit);
    }

    /**
     * Reads a resource that is not a collection.
     *
     * @param uri     a URI this provider owns
     * @param context the request's cancellation and, for a URI that matched one of
     *                {@link #templates()}, the template's variables
     * @return one element per format, each with {@code uri} equal to {@code uri} and carrying the
     *         resource's metadata (SEP-2093); an empty list when the resource does not exist. A blob
     *         body should be lazy ({@link dev.jmcp.schema.resources.Blob#ofFile}), so that it is read
     *         only while it is written.
     */
    List<ResourceContents> read(String uri, ReadContext context);

    /**
     * The version of a resource's content: an opaque string that changes whenever the content (any
     * of its formats) changes, such as a counter of changes, a modification time with a size, or a
     * hash. The feature sends it in {@code _meta} ({@code dev.jmcp/version}) of listings, metadata
     * and read elements, and answers a read whose client holds the current version "not modified",
     * without calling {@link #read} (jmcp's conditional reads, {@code docs/conditional-reads.md}).
     *
     * <p>It is asked for just before the content is read, so that a change in between makes the
     * version older than the content sent (costing the client one more transfer later), never
     * newer (which would keep a stale copy current). A version may stay the same when the content
     * did (a file touched), but must never stay the same when the content changed; when that cannot
     * be promised (a file written twice within one tick of its clock), return null.
     *
     * @param resource a resource this provider described (listed, or returned by {@link #metadata}),
     *                 not a collection: a provider that derives the version from what it described
     *                 (a size and a time) need not look again
     * @return the version, not empty; null (the default) when there is none: reads of it are never
     *         conditional
     * @since 0.1
     */
    default String version(Resource resource) {
        return null;
    }

    /**
     * The caching hints of this provider's results for clients of 2026-07-28: a provider whose
     * content never changes can say so with a long, public hint; one that reports its changes
     * ({@link #reportsUpdates}) lets clients that listen keep results longer. A listing that spans
     * several providers gets the shortest of their hints.
     *
     * @return the hint; null (the default) for the server's own default
     */
    default CacheHint cacheHint() {
        return null;
    }

    /** @return the URI templates this provider can read; empty by default */
    default List<ResourceTemplate> templates() {
        return List.of();
    }

    /**
     * @param uri a URI this provider owns
     * @return the collection that directly contains {@code uri}, or null at the top. A change to a
     *         resource is also reported to sessions subscribed to its parent collections.
     */
    default String parentOf(String uri) {
        return null;
    }

    /** @return true when {@link #watch} reports changes to single resources; false by default */
    default boolean reportsUpdates() {
        return false;
    }

    /** @return true when {@link #watch} reports changes to the listing; false by default */
    default boolean reportsListChanges() {
        return false;
    }

    /**
     * Starts reporting changes to {@code listener}; called at most once per running server.
     *
     * @return stops the reporting and frees what it holds; never null
     */
    default AutoCloseable watch(ResourceListener listener) {
        return () -> { };
    }
}
