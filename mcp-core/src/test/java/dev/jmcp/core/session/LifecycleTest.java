package dev.jmcp.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.InitializeRequestParams;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import dev.jmcp.schema.resources.ListResourcesRequestParams;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LifecycleTest {
    private final Fixtures fixtures = new Fixtures();

    @AfterEach
    void closeSessions() throws Exception {
        fixtures.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"})
    void handshakeAgreesOnEachSupportedVersionAndExchangesCapabilities(String version) throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        ServerSession server = fixtures.server(pair.server(), builder -> { });
        ClientSession client = fixtures.client(pair.client(), builder -> builder.protocolVersion(version));

        InitializeResult result = client.initialize().get(5, TimeUnit.SECONDS);
        Negotiated onServer = server.initialized().get(5, TimeUnit.SECONDS);

        assertEquals(version, result.protocolVersion());
        assertEquals(version, client.protocolVersion());
        assertEquals(version, server.protocolVersion());
        assertEquals(client.negotiated(), onServer);
        assertEquals(Fixtures.SERVER_INFO, onServer.serverInfo());
        assertEquals(Fixtures.SERVER_CAPABILITIES, client.negotiated().serverCapabilities());
        assertEquals("read the resources", client.negotiated().instructions());
        assertEquals(Fixtures.CLIENT_INFO, onServer.clientInfo());
        assertEquals(Fixtures.CLIENT_CAPABILITIES, onServer.clientCapabilities());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1999-01-01", "2026-07-28"})
    void serverAnswersAVersionItCannotHandshakeWithItsNewest(String requested) throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        ServerSession server = fixtures.server(pair.server(), builder -> { });
        RawPeer client = fixtures.raw(pair.client());

        InitializeResult result = client.initializeAsClient(requested);

        assertEquals(ProtocolVersions.V2025_11_25, result.protocolVersion());
        assertEquals(ProtocolVersions.V2025_11_25, server.initialized().get(5, TimeUnit.SECONDS).protocolVersion());
    }

    @Test
    void clientSendsItsVersionCapabilitiesAndInfoThenInitialized() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        RawPeer server = fixtures.raw(pair.server());
        ClientSession client = fixtures.client(pair.client(), builder -> builder.protocolVersion("2025-06-18"));

        CompletableFuture<InitializeResult> initialize = client.initialize();
        JsonRpcRequest request = server.next(JsonRpcRequest.class);
        InitializeRequestParams params = assertInstanceOf(InitializeRequestParams.class, request.params());
        assertEquals("2025-06-18", params.protocolVersion());
        assertEquals(Fixtures.CLIENT_INFO, params.clientInfo());
        assertEquals(Fixtures.CLIENT_CAPABILITIES, params.capabilities());
        server.send(new JsonRpcResultResponse(request.id(),
                InitializeResult.of("2025-03-26", Fixtures.SERVER_CAPABILITIES, Fixtures.SERVER_INFO)));

        assertEquals("2025-03-26", initialize.get(5, TimeUnit.SECONDS).protocolVersion());
        assertEquals(McpMethodNames.INITIALIZED, server.next(JsonRpcNotification.class).method());
        assertEquals("2025-03-26", client.protocolVersion());
    }

    @Test
    void clientFailsNamingBothVersionsWhenTheServerPicksOneItDoesNotSupport() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        RawPeer server = fixtures.raw(pair.server());
        ClientSession client = fixtures.client(pair.client(), builder -> { });

        CompletableFuture<InitializeResult> initialize = client.initialize();
        JsonRpcRequest request = server.next(JsonRpcRequest.class);
        server.send(new JsonRpcResultResponse(request.id(),
                InitializeResult.of("2099-01-01", Fixtures.SERVER_CAPABILITIES, Fixtures.SERVER_INFO)));

        ExecutionException failure = assertThrows(ExecutionException.class, () -> initialize.get(5, TimeUnit.SECONDS));
        UnsupportedProtocolVersionException unsupported =
                assertInstanceOf(UnsupportedProtocolVersionException.class, failure.getCause());
        assertEquals("2025-11-25", unsupported.requested());
        assertEquals("2099-01-01", unsupported.offered());
        assertTrue(unsupported.getMessage().contains("2099-01-01") && unsupported.getMessage().contains("2025-11-25"),
                unsupported.getMessage());
        client.onClose().get(5, TimeUnit.SECONDS);
        assertFalse(client.isOpen());
        assertNull(client.negotiated());
        server.closed.get(5, TimeUnit.SECONDS);
    }

    @Test
    void requestsBeforeInitializeAreRejectedButPingIsAnswered() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        fixtures.server(pair.server(), builder -> builder.requestHandler(McpMethodNames.RESOURCES_LIST,
                (params, context) -> { throw new AssertionError("must not be called before initialize"); }));
        RawPeer client = fixtures.raw(pair.client());

        client.send(new JsonRpcRequest(RequestId.of(1), McpMethodNames.RESOURCES_LIST, ListResourcesRequestParams.of()));
        JsonRpcErrorResponse refused = client.next(JsonRpcErrorResponse.class);
        assertEquals(RequestId.of(1), refused.id());
        assertEquals(ErrorCodes.INVALID_REQUEST, refused.error().code());
        assertEquals("received resources/list before initialize", refused.error().message());

        client.send(new JsonRpcRequest(RequestId.of(2), McpMethodNames.PING, null));
        JsonRpcResultResponse pong = client.next(JsonRpcResultResponse.class);
        assertEquals(RequestId.of(2), pong.id());
        assertEquals(EmptyResult.of(), pong.result());
    }

    @Test
    void secondInitializeIsRejected() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        fixtures.server(pair.server(), builder -> { });
        RawPeer client = fixtures.raw(pair.client());
        client.initializeAsClient("2025-06-18");

        client.send(new JsonRpcRequest(RequestId.of(7), McpMethodNames.INITIALIZE,
                InitializeRequestParams.of("2025-11-25", Fixtures.CLIENT_CAPABILITIES, Fixtures.CLIENT_INFO)));

        JsonRpcErrorResponse refused = client.next(JsonRpcErrorResponse.class);
        assertEquals(ErrorCodes.INVALID_REQUEST, refused.error().code());
        assertEquals("initialize was already received; this session uses 2025-06-18", refused.error().message());
    }

    @Test
    void clientCannotSendRequestsBeforeInitializeCompletes() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        fixtures.server(pair.server(), builder -> { });
        ClientSession client = fixtures.client(pair.client(), builder -> { });

        CompletableFuture<Object> early = client.sendRequest("test/echo", null, Object.class);

        ExecutionException failure = assertThrows(ExecutionException.class, () -> early.get(5, TimeUnit.SECONDS));
        assertInstanceOf(McpException.class, failure.getCause());
        assertTrue(failure.getCause().getMessage().contains("before initialize completes"), failure.getCause().getMessage());
        assertNotNull(client.ping().get(5, TimeUnit.SECONDS), "ping is allowed before initialize");
    }

    @Test
    void serverSendsNoRequestButPingBeforeTheClientIsInitialized() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        ServerSession server = fixtures.server(pair.server(), builder -> { });
        RawPeer client = fixtures.raw(pair.client());

        CompletableFuture<Object> early = server.sendRequest("roots/list", null, Object.class);

        ExecutionException failure = assertThrows(ExecutionException.class, () -> early.get(5, TimeUnit.SECONDS));
        assertTrue(failure.getCause().getMessage().contains("before the client has sent notifications/initialized"),
                failure.getCause().getMessage());
        CompletableFuture<EmptyResult> ping = server.ping();
        JsonRpcRequest sent = client.next(JsonRpcRequest.class);
        assertEquals(McpMethodNames.PING, sent.method(), "the refused request must not have been sent");
        client.send(new JsonRpcResultResponse(sent.id(), EmptyResult.of()));
        assertEquals(EmptyResult.of(), ping.get(5, TimeUnit.SECONDS));
    }
    @Test
    void bareInitializedOfGomcpClientsCompletesTheHandshakeAt20250326() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        ServerSession server = fixtures.server(pair.server(), builder -> { });
        RawPeer client = fixtures.raw(pair.client());

        client.send(new JsonRpcRequest(RequestId.of(1), McpMethodNames.INITIALIZE,
                InitializeRequestParams.of(ProtocolVersions.V2025_03_26, ClientCapabilities.none(), Fixtures.CLIENT_INFO)));
        InitializeResult result = assertInstanceOf(InitializeResult.class,
                client.next(JsonRpcResultResponse.class).result());
        client.send(new JsonRpcNotification("initialized", null)); // gomcp's name, not notifications/initialized

        assertEquals(ProtocolVersions.V2025_03_26, result.protocolVersion());
        assertEquals(ProtocolVersions.V2025_03_26, server.initialized().get(5, TimeUnit.SECONDS).protocolVersion());
    }
}
