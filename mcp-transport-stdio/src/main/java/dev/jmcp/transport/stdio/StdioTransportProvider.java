package dev.jmcp.transport.stdio;

import dev.jmcp.core.spi.ConnectOptions;
import dev.jmcp.core.internal.transport.NamedSettings;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.ServeOptions;
import dev.jmcp.core.spi.Serving;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.schema.codec.McpCodec;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The {@link TransportProvider} of the stdio transport: id {@code "stdio"}, scheme {@code stdio}.
 *
 * <h2>{@code stdio:} URIs</h2>
 * A command line is written as a {@code stdio:} URI in one of two forms:
 * <pre>
 * stdio:COMMAND[?PARAMETERS]           stdio:npx?arg=-y&amp;arg=%40modelcontextprotocol%2Fserver-everything
 * stdio:?cmd=COMMAND[&amp;PARAMETERS]      stdio:/usr/bin/node?arg=server.js&amp;cwd=/srv/mcp
 * </pre>
 * <ul>
 *   <li>{@code COMMAND} is the program: a path, or a name looked up on {@code PATH} as
 *       {@link ProcessBuilder} does.</li>
 *   <li>{@code arg=ARG} adds one argument; repeat it, in order, for each.</li>
 *   <li>{@code cwd=DIR} sets the working directory.</li>
 *   <li>{@code cmd=COMMAND} gives the program as a parameter instead, for one that does not fit in
 *       the first form; giving both is an error.</li>
 *   <li>Every {@code COMMAND} and value is percent-encoded UTF-8: at least {@code %}, {@code &},
 *       {@code =}, {@code ?}, {@code #} and spaces must be escaped. {@code +} is a plus sign, not a
 *       space. Other parameters, an authority ({@code stdio://}) and a fragment are refused.</li>
 * </ul>
 * {@link #uriOf(List)} writes the first form. {@code stdio:-} is the address of this process's own
 * standard input and output, for {@link #serve}; {@code stdio:} alone is not a valid
 * {@link java.net.URI}.
 *
 * <p>Found through {@link java.util.ServiceLoader}, it starts servers with
 * {@link StdioProcessOptions#DEFAULTS}; construct it with other options and hand it to a builder
 * (such as {@code ClientOptions.Builder.transportProviders}) to change them.
 *
 * @since 0.1
 */
public final class StdioTransportProvider implements TransportProvider {
    /** {@code "stdio"}. */
    public static final String ID = "stdio";
    /** {@code stdio:-}: this process's own stdin and stdout, the address {@link #serve} takes. */
    public static final URI SELF = URI.create(StdioUri.SCHEME + ":" + StdioUri.SELF);

    private static final NamedSettings<StdioSettings> SERVE_SETTINGS = new NamedSettings<StdioSettings>(ID)
            .integer("writeBufferBytes", "bytes buffered before a write to standard output (default "
                    + StdioSettings.DEFAULT_WRITE_BUFFER_BYTES + ")", StdioSettings::withWriteBufferBytes)
            .duration("closeTimeout", "how long closing waits for queued writes (default "
                    + StdioSettings.DEFAULT_CLOSE_TIMEOUT.toSeconds() + "s)", StdioSettings::withCloseTimeout)
            .duration("drainTimeout", "how long, after the input ends, answers still due are awaited (default "
                    + StdioSettings.DEFAULT_DRAIN_TIMEOUT.toSeconds() + "s)", StdioSettings::withDrainTimeout);

    private final StdioProcessOptions processOptions;

    /** Creates the provider with {@link StdioProcessOptions#DEFAULTS}; {@link java.util.ServiceLoader} calls it. */
    public StdioTransportProvider() {
        this(StdioProcessOptions.DEFAULTS);
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
        return Set.of(StdioUri.SCHEME);
    }

    /**
     * Starts the server named by {@code target} with this provider's process options and connects to it.
     *
     * @param target a {@code stdio:} URI as the class description defines; never null
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
     * @param target  a {@code stdio:} URI as the class description defines; never null
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
        return spawn(target, processOptions.toBuilder().transport(transport.withCodec(codec)).build());
    }

    private static StdioClientTransport spawn(URI target, StdioProcessOptions options) throws IOException {
        StdioUri parsed = StdioUri.parse(target);
        return StdioTransport.spawn(parsed.command(),
                parsed.directory() == null ? options : options.toBuilder().directory(parsed.directory()).build());
    }

    /**
     * Serves one client over this process's standard input and output ({@link StdioTransport#ofSystem()}).
     *
     * @param address {@link #SELF}, {@code stdio:-}; never null
     * @param onSession receives the one transport, not yet started; never null
     * @return closes the transport; never null
     * @throws IllegalArgumentException when {@code address} is not {@code stdio:-}
     * @throws IllegalStateException    when this process's standard streams already belong to a transport
     */
    @Override
    public Serving serve(URI address, Consumer<McpTransport> onSession) {
        return serve(address, ServeOptions.DEFAULTS, onSession);
    }

    /**
     * As {@link #serve(URI, Consumer)}, with {@link StdioSettings#DEFAULTS} changed by {@code options}:
     * its limits replace the codec's (the longest line read is their {@code maxMessageBytes}), and
     * each named setting the {@link StdioSettings} component of the same name ({@link #serveSettings()}).
     * {@code allowRemoteBind} has no use here: nothing listens on a network.
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
        if (!SELF.equals(address)) {
            throw new IllegalArgumentException("a stdio server serves only its own stdin and stdout, "
                    + SELF + "; was " + address);
        }
        StdioSettings settings = SERVE_SETTINGS.apply(options.settings(), StdioSettings.DEFAULTS);
        if (options.limits() != null) {
            settings = settings.withCodec(settings.codec().toBuilder().limits(options.limits()).build());
        }
        StdioTransport transport = StdioTransport.ofSystem(settings);
        onSession.accept(transport);
        return Serving.of(address, transport::close);
    }

    /** @return {@code writeBufferBytes}, {@code closeTimeout} and {@code drainTimeout} of {@link StdioSettings} */
    @Override
    public Map<String, String> serveSettings() {
        return SERVE_SETTINGS.descriptions();
    }

    /**
     * @param command the program and its arguments; not empty; never null
     * @return the {@code stdio:} URI of {@code command}, such as {@code stdio:npx?arg=-y&arg=server}
     */
    public static URI uriOf(List<String> command) {
        return new StdioUri(command, null).toUri();
    }

    /**
     * @param target a {@code stdio:} command URI; never null
     * @return the command line it names; never null, not empty
     * @throws IllegalArgumentException when {@code target} is not a valid {@code stdio:} command URI
     */
    public static List<String> commandOf(URI target) {
        return StdioUri.parse(target).command();
    }

    @Override
    public String toString() {
        return "StdioTransportProvider[" + ID + "]";
    }
}
