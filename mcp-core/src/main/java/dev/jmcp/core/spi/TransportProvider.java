package dev.jmcp.core.spi;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
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

    /**
     * Serves as {@link #serve(URI, Consumer)} does, with {@code options} replacing the provider's own
     * settings where they are given. A provider that does not override this method serves as
     * {@link #serve(URI, Consumer)} does, ignoring the typed options (as {@link #connect(URI, ConnectOptions)}
     * ignores its options), refuses any named setting (it has none), and refuses an enabled
     * {@link ServeOptions#protection()}, which it could not enforce.
     *
     * @param address   as for {@link #serve(URI, Consumer)}
     * @param options   never null
     * @param onSession as for {@link #serve(URI, Consumer)}
     * @return as {@link #serve(URI, Consumer)} does; never null
     * @throws IllegalArgumentException when a named setting is not one of {@link #serveSettings()}, or
     *         its value cannot be used; the message names the setting (and the names known)
     * @throws IOException when the address cannot be bound
     */
    default Serving serve(URI address, ServeOptions options, Consumer<McpTransport> onSession) throws IOException {
        Objects.requireNonNull(options, "options");
        if (options.protection() != null && options.protection().enabled()) {
            // a transport that knows nothing of tokens would serve everyone: refuse instead
            throw new IllegalArgumentException("transport '" + id() + "' cannot enforce OAuth protection "
                    + "(ServeOptions.protection): it does not override serve(URI, ServeOptions, Consumer)");
        }
        if (!options.settings().isEmpty()) {
            String name = options.settings().keySet().iterator().next();
            throw new IllegalArgumentException("unknown setting '" + name + "' for transport '" + id()
                    + "', which has no settings of its own");
        }
        return serve(address, onSession);
    }

    /**
     * The settings {@link #serve(URI, ServeOptions, Consumer)} accepts by name, for a caller that shows
     * them (a command's help).
     *
     * @return name to one line that says what value it takes and its default (jmcp's transports say
     *         {@code "a duration (default 30s)"}), in the order to show them; never null; none by default
     */
    default Map<String, String> serveSettings() {
        return Map.of();
    }
}
