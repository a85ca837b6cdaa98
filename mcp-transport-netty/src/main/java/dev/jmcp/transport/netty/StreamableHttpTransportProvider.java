package dev.jmcp.transport.netty;

import dev.jmcp.core.spi.ConnectOptions;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.spi.ServeOptions;
import dev.jmcp.core.spi.TransportProvider;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The {@link TransportProvider} of Streamable HTTP: id {@code "http"}, schemes {@code http} and
 * {@code https}. {@link #connect} makes a {@link StreamableHttpClientTransport}; {@link #serve}
 * starts a {@link NettyHttpServer}. Found through {@link java.util.ServiceLoader} with the default
 * settings; construct it with others and hand it to a builder to change them.
 *
 * @since 0.1
 */
public final class StreamableHttpTransportProvider implements TransportProvider {
    /** {@code "http"}. */
    public static final String ID = "http";

    private final HttpServerSettings serverSettings;
    private final HttpClientSettings clientSettings;

    /** Creates the provider with the default settings; {@link java.util.ServiceLoader} calls it. */
    public StreamableHttpTransportProvider() {
        this(HttpServerSettings.defaults(), HttpClientSettings.defaults());
    }

    /**
     * @param serverSettings for {@link #serve}; never null
     * @param clientSettings for {@link #connect}; never null
     */
    public StreamableHttpTransportProvider(HttpServerSettings serverSettings, HttpClientSettings clientSettings) {
        this.serverSettings = Objects.requireNonNull(serverSettings, "serverSettings");
        this.clientSettings = Objects.requireNonNull(clientSettings, "clientSettings");
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<String> schemes() {
        return Set.of("http", "https");
    }

    /**
     * @param target the MCP endpoint, an http or https URL; never null
     * @return a {@link StreamableHttpClientTransport}, not yet started; nothing is sent until the
     *         session sends {@code initialize}; never null
     * @throws IllegalArgumentException when {@code target} is not an http or https URL
     */
    @Override
    public McpTransport connect(URI target) {
        return new StreamableHttpClientTransport(target, clientSettings);
    }

    /**
     * As {@link #connect(URI)}, with a codec that enforces {@code options.limits()} on what the
     * server sends: they replace those of the client settings' codec, whose methods (custom ones too)
     * stay; and with {@code options.authorizer()}, when there is one, over the settings' own.
     *
     * @param target  the MCP endpoint, an http or https URL; never null
     * @param options never null
     * @return a {@link StreamableHttpClientTransport}, not yet started; never null
     * @throws IllegalArgumentException when {@code target} is not an http or https URL
     */
    @Override
    public McpTransport connect(URI target, ConnectOptions options) {
        Objects.requireNonNull(options, "options");
        // the client's limits and blob sink apply; the codec's custom methods stay
        HttpClientSettings.Builder settings = clientSettings.toBuilder().codec(clientSettings.codec().toBuilder()
                .limits(options.limits()).blobSink(options.blobSink()).build());
        if (options.authorizer() != null) {
            settings.authorizer(options.authorizer()); // the caller's, for this connection, over the provider's
        }
        return new StreamableHttpClientTransport(target, settings.build());
    }

    /**
     * @param address   {@code http://HOST[:PORT][/PATH]}, as {@link NettyHttpServer#start} describes
     * @param onSession receives each new session's transport, not yet started; never null
     * @return the running server, whose {@link NettyHttpServer#uri()} has the bound port; never null
     * @throws IllegalArgumentException when the address is not one this server can serve
     * @throws IOException when the address cannot be bound
     */
    @Override
    public NettyHttpServer serve(URI address, Consumer<McpTransport> onSession) throws IOException {
        return NettyHttpServer.start(address, serverSettings, onSession);
    }

    /**
     * As {@link #serve(URI, Consumer)}, with the server settings changed by {@code options}: its
     * limits replace the codec's, {@code allowRemoteBind} that setting, and each named setting the
     * {@link HttpServerSettings} setting of the same name ({@link #serveSettings()}).
     *
     * @param address   as for {@link #serve(URI, Consumer)}
     * @param options   never null
     * @param onSession receives each new session's transport, not yet started; never null
     * @return the running server; never null
     * @throws IllegalArgumentException when a setting is unknown or its value refused (the message
     *         names it), or as {@link #serve(URI, Consumer)}
     * @throws IOException when the address cannot be bound
     */
    @Override
    public NettyHttpServer serve(URI address, ServeOptions options, Consumer<McpTransport> onSession)
            throws IOException {
        Objects.requireNonNull(options, "options");
        HttpServerSettings.Builder settings = serverSettings.toBuilder();
        if (options.limits() != null) {
            settings.codec(serverSettings.codec().toBuilder().limits(options.limits()).build());
        }
        if (options.allowRemoteBind() != null) {
            settings.allowRemoteBind(options.allowRemoteBind());
        }
        return NettyHttpServer.start(address, HttpServeSettings.NAMES.apply(options.settings(), settings).build(),
                options.protection() != null ? options.protection() : ResourceProtection.defaults(), onSession);
    }

    /** @return every {@link HttpServerSettings} setting but the codec and {@code allowRemoteBind}, by its name */
    @Override
    public Map<String, String> serveSettings() {
        return HttpServeSettings.NAMES.descriptions();
    }

    @Override
    public String toString() {
        return "StreamableHttpTransportProvider[" + ID + "]";
    }
}
