package dev.jmcp.core.session;

import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ListChangedCapability;
import dev.jmcp.schema.lifecycle.ResourcesCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** Sessions over an in-memory pair, closed after each test. */
final class Fixtures implements AutoCloseable {
    static final Implementation SERVER_INFO = Implementation.of("test-server", "1.0.0");
    static final Implementation CLIENT_INFO = Implementation.of("test-client", "2.0.0");
    static final ServerCapabilities SERVER_CAPABILITIES = ServerCapabilities.ofResources(ResourcesCapability.of(true, false));
    static final ClientCapabilities CLIENT_CAPABILITIES =
            ClientCapabilities.builder().roots(ListChangedCapability.of(true)).build();
    static final JsonProvider JSON = JsonProvider.provider();

    private final List<AutoCloseable> open = new ArrayList<>();

    /** A server with {@code test/echo} (returns its params) plus whatever {@code more} adds. */
    ServerSession server(InMemoryTransport transport, Consumer<ServerSession.Builder> more) {
        ServerSession.Builder builder = ServerSession.builder(transport)
                .serverInfo(SERVER_INFO)
                .capabilities(SERVER_CAPABILITIES)
                .instructions("read the resources")
                .requestHandler("test/echo", (params, context) -> params == null ? EmptyResult.of() : params);
        more.accept(builder);
        return track(builder.build());
    }

    ClientSession client(InMemoryTransport transport, Consumer<ClientSession.Builder> more) {
        ClientSession.Builder builder = ClientSession.builder(transport)
                .clientInfo(CLIENT_INFO)
                .capabilities(CLIENT_CAPABILITIES);
        more.accept(builder);
        return track(builder.build());
    }

    /** A connected, initialized pair. */
    Connected connect(Consumer<ServerSession.Builder> server, Consumer<ClientSession.Builder> client)
            throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        ServerSession serverSession = server(pair.server(), server);
        ClientSession clientSession = client(pair.client(), client);
        clientSession.initialize().get(5, TimeUnit.SECONDS);
        serverSession.initialized().get(5, TimeUnit.SECONDS);
        return new Connected(serverSession, clientSession);
    }

    RawPeer raw(InMemoryTransport transport) {
        RawPeer peer = new RawPeer(transport);
        open.add(peer::close);
        return peer;
    }

    <T extends AutoCloseable> T track(T closeable) {
        open.add(closeable);
        return closeable;
    }

    static JsonObject json(String key, String value) {
        return JSON.createObjectBuilder().add(key, value).build();
    }

    /** @return the live threads that jmcp started, found by their names */
    static Set<Thread> jmcpThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .filter(thread -> thread.getName().startsWith("jmcp-"))
                .collect(Collectors.toSet());
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable closeable : open) {
            closeable.close();
        }
    }

    record Connected(ServerSession server, ClientSession client) {
    }
}
