package dev.jmcp.core.resources;

import dev.jmcp.core.internal.resources.ClientCalls;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.Experimental;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.resources.ByteRange;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The resources of the server a {@link dev.jmcp.core.McpClient} is connected to.
 *
 * <p>The synchronous methods wait at most the client's call timeout. Errors the server answers
 * with are thrown as {@link dev.jmcp.schema.jsonrpc.ProtocolException} (code, message and data as
 * sent); "resource not found", in its SEP-2093 form ({@code -32602} with {@code data.uri}) or its
 * older form ({@code -32002}), as {@link ResourceNotFoundException}. A timeout is
 * {@link dev.jmcp.core.session.RequestTimeoutException}, a closed connection
 * {@link dev.jmcp.core.session.SessionClosedException}. The asynchronous methods fail their
 * futures with the same exceptions; cancelling such a future cancels the request at the server.
 * Every call comes as such a pair but {@link #subscribe}, which keeps the client's subscriptions in
 * step with the server's and so waits for its answer. Thread-safe.
 *
 * <p>jmcp's client implements it for MCP's resources; a {@link dev.jmcp.core.spi.ResourceDialect}'s
 * client side implements it for another resources protocol, keeping these rules.
 *
 * @since 0.1
 */
public interface ClientResources {

    /** @return the first page of the server's top-level resources */
    default ListResourcesResult list() {
        return list(null);
    }

    /** @param cursor the previous page's {@code nextCursor}; null for the first page. @return the page */
    default ListResourcesResult list(String cursor) {
        return ClientCalls.await(listAsync(cursor));
    }

    /** @see #list(String) */
    CompletableFuture<ListResourcesResult> listAsync(String cursor);

    /**
     * A page of the direct children of a collection (jmcp's SEP-2093 extension of
     * {@code resources/list} with {@code params.uri}), from a server that advertises it
     * ({@link dev.jmcp.schema.resources.ListResourcesRequestParams#CHILDREN_EXTENSION}).
     *
     * @throws dev.jmcp.schema.McpException "the server cannot list children of URI", without a
     *         request, when the server does not advertise it (it would answer with its top level)
     * @param uri    a resource with {@code isCollection: true}; never null
     * @param cursor the previous page's {@code nextCursor}; null for the first page
     * @return the page
     */
    @Experimental
    default ListResourcesResult children(String uri, String cursor) {
        return ClientCalls.await(childrenAsync(uri, cursor));
    }

    /** @see #children(String, String) */
    @Experimental
    CompletableFuture<ListResourcesResult> childrenAsync(String uri, String cursor);

    /**
     * Follows {@code nextCursor} to the end.
     *
     * @param maxPages the most pages to fetch; at least 1
     * @return every top-level resource, in order
     * @throws dev.jmcp.schema.McpException when the listing does not end within {@code maxPages}, naming it
     */
    default List<Resource> listAll(int maxPages) {
        return collect(null, maxPages);
    }

    /** Every child of the collection {@code uri}; see {@link #listAll(int)} and {@link #children}. */
    @Experimental
    default List<Resource> listAllChildren(String uri, int maxPages) {
        return collect(Objects.requireNonNull(uri, "uri"), maxPages);
    }

    private List<Resource> collect(String uri, int maxPages) {
        if (maxPages < 1) {
            throw new IllegalArgumentException("maxPages must be >= 1, was " + maxPages);
        }
        List<Resource> all = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < maxPages; page++) {
            ListResourcesResult result = uri == null ? list(cursor) : children(uri, cursor);
            all.addAll(result.resources());
            cursor = result.nextCursor();
            if (cursor == null) {
                return all;
            }
        }
        throw new McpException("resources/list" + (uri == null ? "" : " of " + uri) + " did not end within maxPages="
                + maxPages + " pages (" + all.size() + " resources so far); raise maxPages or page with list(cursor)");
    }

    /** @return the resource's contents, SEP-2093: each element carries its metadata */
    default ReadResourceResult read(String uri) {
        return read(uri, RequestOptions.defaults());
    }

    /**
     * @param options a timeout of its own (instead of the call timeout) and a progress listener,
     *                which makes the server report progress on large blobs; never null
     * @see #read(String)
     */
    default ReadResourceResult read(String uri, RequestOptions options) {
        return ClientCalls.await(readAsync(uri, options));
    }

    /** @see #read(String, RequestOptions) */
    CompletableFuture<ReadResourceResult> readAsync(String uri, RequestOptions options);

    /**
     * Reads a resource unless its content still has the version the caller holds (jmcp's
     * conditional reads, {@code docs/conditional-reads.md}): the version comes from
     * {@link dev.jmcp.schema.resources.ConditionalReads#version(ReadResourceResult)} of an earlier read, or
     * from a listing's or {@link #metadata}'s {@code _meta}. When the server still has it, the
     * result has no contents and {@link dev.jmcp.schema.resources.ConditionalReads#isNotModified} is
     * true; the content did not cross the wire. A server that does not advertise
     * {@link dev.jmcp.schema.resources.ConditionalReads#EXTENSION} is sent a plain read and answers
     * with the content. Never served from the client's cache.
     *
     * @param uri         the resource; never null
     * @param heldVersion the version the caller holds; null for a plain read
     * @return the result, with contents unless not modified
     * @since 0.1
     */
    @Experimental
    default ReadResourceResult readIfChanged(String uri, String heldVersion) {
        return ClientCalls.await(readIfChangedAsync(uri, heldVersion));
    }

    /** @see #readIfChanged(String, String); the default reads it whole */
    @Experimental
    default CompletableFuture<ReadResourceResult> readIfChangedAsync(String uri, String heldVersion) {
        return readAsync(uri, RequestOptions.defaults());
    }

    /**
     * Reads a byte range of a resource's content (jmcp's ranged reads, {@code docs/ranged-reads.md}):
     * the bytes of its blob, or of its text's UTF-8, from {@code range.offset()}, tied to the version
     * {@code range.version()}, which comes from an earlier read's, a listing's or {@link #metadata}'s
     * {@code _meta}. The result has one blob element with those bytes, and
     * {@link dev.jmcp.schema.resources.RangedReads#total} says the whole length. A range of another
     * version than the resource has now is refused with {@code -32602} (its {@code data.version} is
     * the current one). Never served from the client's cache.
     *
     * @param uri   the resource; never null
     * @param range the bytes and the version they are of; never null
     * @return the range
     * @throws McpException when the server does not advertise
     *         {@link dev.jmcp.schema.resources.RangedReads#EXTENSION} (no request is sent)
     * @since 0.1
     */
    @Experimental
    default ReadResourceResult readRange(String uri, ByteRange range) {
        return ClientCalls.await(readRangeAsync(uri, range));
    }

    /** @see #readRange(String, ByteRange); the default fails: this client's protocol has no ranged reads */
    @Experimental
    default CompletableFuture<ReadResourceResult> readRangeAsync(String uri, ByteRange range) {
        return CompletableFuture.failedFuture(new McpException("ranged reads are not offered by this client's protocol"));
    }

    /** @return true when the server offers ranged reads ({@link #readRange}) */
    @Experimental
    default boolean offersRanges() {
        return false;
    }

    /** @return the resource's metadata, without its content ({@code resources/metadata}, SEP-2093) */
    default Resource metadata(String uri) {
        return ClientCalls.await(metadataAsync(uri));
    }

    /** @see #metadata(String) */
    CompletableFuture<Resource> metadataAsync(String uri);

    /** @return the first page of the server's resource templates */
    default ListResourceTemplatesResult templates() {
        return templates(null);
    }

    /** @param cursor the previous page's {@code nextCursor}; null for the first page. @return the page */
    default ListResourceTemplatesResult templates(String cursor) {
        return ClientCalls.await(templatesAsync(cursor));
    }

    /** @see #templates(String) */
    CompletableFuture<ListResourceTemplatesResult> templatesAsync(String cursor);

    /**
     * Subscribes to a resource's updates. The first subscription to a URI sends
     * {@code resources/subscribe}; the listener then receives the URI of each
     * {@code notifications/resources/updated} for {@code uri} or for a resource under it (a URI that
     * starts with it and a {@code /}), or, when the server sends one that no subscription's URI
     * matches that way, every listener gets it: the server sends updates only for what was
     * subscribed to, such as a child of a collection whose URI does not show it.
     *
     * @param listener runs on the session's notification thread, one update at a time; never null
     * @return closes the subscription; never null
     * @throws dev.jmcp.schema.McpException when the server does not offer {@code resources.subscribe}
     * @throws ResourceNotFoundException    when the resource does not exist
     */
    Subscription subscribe(String uri, Consumer<String> listener);

    /**
     * @param listener runs on each {@code notifications/resources/list_changed}; never null
     * @return removes the listener; never null
     */
    Subscription onListChanged(Runnable listener);
}
