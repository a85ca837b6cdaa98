package dev.jmcp.transport.stdio;

import dev.jmcp.core.spi.ConnectOptions;
import dev.jmcp.core.internal.transport.NamedSettings;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.ServeOptions;
import dev.jmcp.core.spi.Serving;
import dev.jmcp.core.spi.StdioTargets;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.schema.codec.McpCodec;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The {@link TransportProvider} of the stdio transport: id {@code "stdio"}, scheme {@code stdio}.
 *
 * <p>It connects to the command line a {@code stdio:} URI names ({@link StdioTargets} writes and
 * reads them and documents the form), and serves on {@link StdioTargets#SELF}, {@code stdio:-}, this
 * process's own standard input and output.
 *
 * <p>Found through {@link java.util.ServiceLoader}, it starts servers with
 * {@link StdioProcessOptions#defaults()}; construct it with other options and hand it to a builder
 * (such as {@code ClientOptions.Builder.transportProviders}) to change them.
 *
 * @since 0.1
 */
public final class StdioTransportProvider implements TransportProvider {
    /** {@code "stdio"}. */
    public static final String ID = "stdio";

    /** Every setter of {@link StdioSettings.Builder} but the codec, whose limits {@link ServeOptions} carries typed. */
    private static final NamedSettings<StdioSettings.Builder> SERVE_SETTINGS = NamedSettings.of(ID,
            StdioSettings.Builder.class, StdioSettings.defaults(), Set.of("codec"));

    private final StdioProcessOptions processOptions;

    /** Creates the provider with {@link StdioProcessOptions#defaults()}; {@link java.util.ServiceLoader} calls it. */
    public StdioTransportProvider() {
        this(StdioProcessOptions.defaults());
    }

    /**
     * @param processOptions how {@link #connect} starts and stops a server; a {@code cwd} of the URI
     *                       replaces its {@code directory}; never null
     */
    public StdioTransportProvider(StdioProcessOptions processOptions) {
        this.processOptions = Objects.requireNonNull(processOptions, "processOptions");
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<String> schemes() {
        return Set.of(StdioTargets.SCHEME);
    }

    /**
     * Starts the server named by {@code target} with this provider's process options and connects to it.
     *
     * @param target a {@code stdio:} URI as {@link StdioTargets} defines; never null
     * @return a {@link StdioClientTransport}, not yet started; never null
     * @throws IllegalArgumentException when {@code target} is not a valid {@code stdio:} command URI
     * @throws IOException              when the process cannot be started
     */
    @Override
    public McpTransport connect(URI target) throws IOException {
        return spawn(target, processOptions);
    }

    /**
     * As {@link #connect(URI)}, with a codec that enforces {@code options.limits()} on what the
     * server writes (the longest line is their {@code maxMessageBytes}) and sends its blobs to
     * {@code options.blobSink()}: the process options' codec with those two settings replaced, so it
     * keeps every method it knows.
     *
     * @param target  a {@code stdio:} URI as {@link StdioTargets} defines; never null
     * @param options never null
     * @return a {@link StdioClientTransport}, not yet started; never null
     * @throws IllegalArgumentException when {@code target} is not a valid {@code stdio:} command URI
     * @throws IOException              when the process cannot be started
     */
    @Override
    public McpTransport connect(URI target, ConnectOptions options) throws IOException {
        Objects.requireNonNull(options, "options");
        StdioSettings transport = processOptions.transport();
        McpCodec codec = transport.codec().toBuilder().limits(options.limits()).blobSink(options.blobSink()).build();
        return spawn(target, processOptions.toBuilder().transport(transport.toBuilder().codec(codec).build()).build());
    }

    private static StdioClientTransport spawn(URI target, StdioProcessOptions options) throws IOException {
        List<String> command = StdioTargets.commandOf(target);
        Path directory = StdioTargets.directoryOf(target);
        return StdioTransport.spawn(command, directory == null ? options : options.toBuilder().directory(directory).build());
    }

    /**
     * Serves one client over this process's standard input and output ({@link StdioTransport#ofSystem()}).
     *
     * @param address {@link StdioTargets#SELF}, {@code stdio:-}; never null
     * @param onSession receives the one transport, not yet started; never null
     * @return closes the transport; never null
     * @throws IllegalArgumentException when {@code address} is not {@code stdio:-}
     * @throws IllegalStateException    when this process's standard streams already belong to a transport
     */
    @Override
    public Serving serve(URI address, Consumer<McpTransport> onSession) {
        return serve(address, ServeOptions.defaults(), onSession);
    }

    /**
     * As {@link #serve(URI, Consumer)}, with {@link StdioSettings#defaults()} changed by {@code options}:
     * its limits replace the codec's (the longest line read is their {@code maxMessageBytes}), and
     * each named setting the {@link StdioSettings} setting of the same name ({@link #serveSettings()}).
     * {@code allowRemoteBind} has no use here: nothing listens on a network. Nor has {@code protection}:
     * stdio takes no OAuth (the spec: its credentials come from the environment), so its requests carry
     * no principal, which the default authorization decision permits.
     *
     * @throws IllegalArgumentException when {@code address} is not {@code stdio:-}, or when a setting
     *         is unknown or its value refused (the message names it)
     * @throws IllegalStateException    when this process's standard streams already belong to a transport
     */
    @Override
    public Serving serve(URI address, ServeOptions options, Consumer<McpTransport> onSession) {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(onSession, "onSession");
        if (!StdioTargets.SELF.equals(address)) {
            throw new IllegalArgumentException("a stdio server serves only its own stdin and stdout, "
                    + StdioTargets.SELF + "; was " + address);
        }
        StdioSettings.Builder settings = SERVE_SETTINGS.apply(options.settings(), StdioSettings.builder());
        if (options.limits() != null) {
            settings.codec(McpCodec.defaults().toBuilder().limits(options.limits()).build());
        }
        StdioTransport transport = StdioTransport.ofSystem(settings.build());
        onSession.accept(transport);
        return Serving.of(address, transport::close);
    }

    /**
     * @return every setter of {@link StdioSettings.Builder} but the codec ({@code closeTimeout},
     *         {@code drainTimeout}, {@code writeBufferBytes}), with its type and default
     */
    @Override
    public Map<String, String> serveSettings() {
        return SERVE_SETTINGS.descriptions();
    }

    @Override
    public String toString() {
        return "StdioTransportProvider[" + ID + "]";
    }
}
