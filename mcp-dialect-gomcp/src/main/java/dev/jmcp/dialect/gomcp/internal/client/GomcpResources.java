package dev.jmcp.dialect.gomcp.internal.client;

import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import static dev.jmcp.core.internal.resources.ClientCalls.await;

import dev.jmcp.core.internal.resources.ClientCalls;
import dev.jmcp.core.internal.resources.ClientUpdates;
import dev.jmcp.core.resources.ClientResources;
import dev.jmcp.core.resources.Subscription;
import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.spi.JsonProvider;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A gomcp server's resources, read through jmcp's client API. gomcp has no children listing and no
 * metadata method: a collection's children are the resources of each {@code resources/list} page
 * whose parent is its URI (the page asks for them with a filter that a server may ignore, as gomcp's
 * does: {@code parent}, which jmcp's gomcp server answers with the collection's children, and
 * {@code uriPrefix}, which filters a flat listing), and a resource's metadata is what a read says of it, its content dropped. It has no
 * templates either: {@link #templates(String)} is empty.
 */
final class GomcpResources implements ClientResources {
    private static final JsonProvider JSON = JsonRuntime.provider();

    private final ClientSession session;
    private final Duration callTimeout;
    private final ClientUpdates listeners;
    /** gomcp's code calls the read {@code resources/read}, its document {@code resources/get}: the one that worked. */
    private volatile String readMethod = GomcpProtocol.READ;

    GomcpResources(ClientSession session, Duration callTimeout, ClientUpdates listeners) {
        this.session = Objects.requireNonNull(session, "session");
        this.callTimeout = Objects.requireNonNull(callTimeout, "callTimeout");
        this.listeners = Objects.requireNonNull(listeners, "listeners");
    }

    @Override
    public CompletableFuture<ListResourcesResult> listAsync(String cursor) {
        return page(null, cursor);
    }

    @Override
    public CompletableFuture<ListResourcesResult> childrenAsync(String uri, String cursor) {
        return page(Objects.requireNonNull(uri, "uri"), cursor);
    }

    private CompletableFuture<ListResourcesResult> page(String uri, String cursor) {
        JsonObjectBuilder params = JSON.createObjectBuilder();
        if (cursor != null) {
            params.add("cursor", cursor);
        }
        if (uri != null) {
            params.add("filter", JSON.createObjectBuilder().add("parent", uri).add("uriPrefix", Children.prefix(uri)));
        }
        return call(GomcpProtocol.LIST, params.build(), null, callTimeout).thenApply(ResourceMapping::page)
                .thenApply(page -> uri == null ? page : Children.of(uri, page));
    }

    /** gomcp reports no progress: a listener in {@code options} hears nothing; its timeout counts. */
    @Override
    public CompletableFuture<ReadResourceResult> readAsync(String uri, RequestOptions options) {
        Duration timeout = options == null || options.timeout() == null ? callTimeout : options.timeout();
        return read(Objects.requireNonNull(uri, "uri"), null, timeout);
    }

    /** gomcp sends {@code version} with the read and answers Not Modified as an error: it becomes the empty result. */
    @Override
    public CompletableFuture<ReadResourceResult> readIfChangedAsync(String uri, String heldVersion) {
        Objects.requireNonNull(uri, "uri");
        return read(uri, heldVersion, callTimeout).exceptionallyCompose(failure -> {
            Throwable cause = ClientCalls.unwrap(failure);
            if (heldVersion != null && GomcpErrors.isNotModified(cause)) {
                return CompletableFuture.completedFuture(ConditionalReads.notModified(current(cause, heldVersion)));
            }
            return CompletableFuture.failedFuture(cause);
        });
    }

    /** @return the version the Not Modified error names in its data, else the one the client held */
    private static String current(Throwable notModified, String held) {
        return ((ProtocolException) notModified).data() instanceof JsonObject data
                && data.get("version") instanceof JsonString version ? version.getString() : held;
    }

    private CompletableFuture<ReadResourceResult> read(String uri, String version, Duration timeout) {
        JsonObjectBuilder params = JSON.createObjectBuilder().add("uri", uri);
        if (version != null) {
            params.add("version", version);
        }
        JsonObject sent = params.build();
        String method = readMethod;
        return call(method, sent, uri, timeout).exceptionallyCompose(failure -> {
            Throwable cause = ClientCalls.unwrap(failure);
            if (method.equals(GomcpProtocol.READ) && GomcpErrors.isMethodNotFound(cause)) {
                readMethod = GomcpProtocol.GET; // a server of gomcp's document: every later read uses its name
                return call(GomcpProtocol.GET, sent, uri, timeout);
            }
            return CompletableFuture.failedFuture(cause);
        }).thenApply(ResourceMapping::read);
    }

    @Override
    public CompletableFuture<Resource> metadataAsync(String uri) {
        return readAsync(uri, null).thenApply(result -> result.contents().get(0).resource());
    }

    /** gomcp has no templates. */
    @Override
    public CompletableFuture<ListResourceTemplatesResult> templatesAsync(String cursor) {
        return CompletableFuture.completedFuture(ListResourceTemplatesResult.of(List.of(), null));
    }

    /** Sends {@code resources/subscribe} with {@code uris: [uri]} for the first listener of the URI. */
    @Override
    public Subscription subscribe(String uri, Consumer<String> listener) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(listener, "listener");
        return listeners.subscribe(uri, listener,
                () -> await(call(GomcpProtocol.SUBSCRIBE, uris(uri), uri, callTimeout)),
                () -> {
                    if (session.isOpen()) {
                        await(call(GomcpProtocol.UNSUBSCRIBE, uris(uri), uri, callTimeout));
                    }
                });
    }

    @Override
    public Subscription onListChanged(Runnable listener) {
        return listeners.onListChanged(listener);
    }

    private static JsonObject uris(String uri) {
        return JSON.createObjectBuilder().add("uris", JSON.createArrayBuilder().add(uri)).build();
    }

    /**
     * Sends a request whose result comes back as the JSON the server sent, and whose failure comes
     * out translated; cancelling the returned future cancels the request.
     *
     * @param uri the resource the call is about, to recognise "not found"; null when none
     */
    private CompletableFuture<JsonObject> call(String method, JsonObject params, String uri, Duration timeout) {
        return ClientCalls.call(session, method, params, JsonObject.class, RequestOptions.timeout(timeout),
                failure -> GomcpErrors.translate(failure, uri));
    }
}
