package dev.jmcp.core.spi;

import java.io.IOException;
import java.net.URI;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Makes transports for one family of targets, such as {@code stdio} or {@code http}. Found
 * through {@link java.util.ServiceLoader}: a transport module declares
 * {@code provides dev.jmcp.core.spi.TransportProvider with ...}; core never names a transport.
 *
 * @since 0.1
 */
public interface TransportProvider {

    /** @return a short, stable, unique id such as {@code "stdio"}; duplicates are refused naming both classes */
    String id();

    /** @return the order among providers that serve the same scheme: lower first; 0 by default */
    default int priority() {
        return 0;
    }

    /** @return the URI schemes this provider connects to, such as {@code "http"} and {@code "https"}; never null */
    Set<String> schemes();

    /**
     * Connects a client to a server.
     *
     * @param target where the server is: an {@code http(s)} URL, or a {@code stdio:} URI whose
     *               scheme-specific part is the command line (see the transport's documentation)
     * @return a transport not yet started; never null
     * @throws IOException when the server cannot be reached or started
     */
    McpTransport connect(URI target) throws IOException;

    /**
     * Connects a client to a server, with options that every transport understands. A provider that
     * does not override this method ignores {@code options} and connects as {@link #connect(URI)}
     * does, with its own limits; the providers of jmcp's transport modules honour them.
     *
     * @param target  as for {@link #connect(URI)}
     * @param options the codec limits for what the server sends; never null
     * @return a transport not yet started; never null
     * @throws IOException when the server cannot be reached or started
     */
    default McpTransport connect(URI target, ConnectOptions options) throws IOException {
        Objects.requireNonNull(options, "options");
        return connect(target);
    }

    /**
     * Serves: each client that connects gets its own transport, handed to {@code onSession}.
     *
     * @param address where to listen, in the provider's terms ({@code stdio:-} for the process's own
     *                stdin and stdout, {@code http://127.0.0.1:8765/mcp} for HTTP)
     * @param onSession receives each new transport, not yet started; never null
     * @return where it listens (the port bound, for port 0), and how to stop; never null
     * @throws IOException when the address cannot be bound
     */
    Serving serve(URI address, Consumer<McpTransport> onSession) throws IOException;
}
