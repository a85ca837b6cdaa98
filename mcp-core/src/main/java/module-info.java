/**
 * The MCP protocol engine: sessions, lifecycle and dispatch to features, over any transport, and
 * the resources feature on top of it.
 *
 * <p>Packages: {@code dev.jmcp.core} ({@link dev.jmcp.core.McpServer} and
 * {@link dev.jmcp.core.McpClient}), {@code dev.jmcp.core.resources} (the resources API: settings,
 * the client's view, URI templates), {@code dev.jmcp.core.resourcetools} (the settings of resources
 * served as tools too, for hosts that only call tools), {@code dev.jmcp.core.providers} (the in-memory and file-system
 * resource providers, and what helps write one: a base for tree-shaped sources, the URI path codec,
 * MIME types, the errors), {@code dev.jmcp.core.session} (server and client sessions, handlers,
 * settings), {@code dev.jmcp.core.auth} (a server as an OAuth 2.1 resource server: the protection
 * settings, the token verifier and authorization decision SPIs), {@code dev.jmcp.core.spi} (what a transport, a resource provider or a server feature implements,
 * and the {@code stdio:} URI form),
 * {@code dev.jmcp.core.transport} (the in-memory transport).
 *
 * <p>Services: the module {@code uses} {@link dev.jmcp.core.spi.ResourceProviderFactory},
 * {@link dev.jmcp.core.spi.TransportProvider} and {@link dev.jmcp.core.spi.ResourceDialect}, loaded once per JVM
 * when a builder is asked to discover them ({@code McpServer.Builder.discoverResourceProviders()},
 * {@code McpServer.serve(URI)}, {@code McpClient.connect(URI)}, {@code McpServer.Builder.dialect(String)}),
 * ordered by priority then id; two with one id are refused, naming both classes. It provides none
 * itself: the file-system provider is configured in code.
 *
 * <p>Knobs: the module reads no system property. Its settings, each named in the errors it causes and
 * each with its default there, are on the settings classes: {@link dev.jmcp.core.ServerSettings} (a
 * server and all its sessions), {@link dev.jmcp.core.resources.ResourceSettings} (the resources
 * feature), {@link dev.jmcp.core.resourcetools.ResourceToolsSettings} (resources as tools),
 * {@link dev.jmcp.core.session.SessionSettings} (one session),
 * {@link dev.jmcp.core.ClientOptions} (a client), the transports' settings classes (among them the budget
 * for answers in the making, {@code maxResponseBytesInMemory}, which a transport offers through
 * {@link dev.jmcp.core.spi.McpTransport#answerBudget()}), and mcp-schema's
 * {@link dev.jmcp.schema.codec.CodecLimits} (the codec). A server owns daemon handler threads named
 * {@code jmcp-server-handler-<k>} unless it is given an executor; a session built on its own owns
 * {@code jmcp-server-<n>-handler-<k>} / {@code jmcp-client-<n>-handler-<k>}, and a session that sends
 * requests one {@code jmcp-...-<n>-timer-1}; all end when their owner closes. Logging goes through
 * {@code System.Logger} under the class names of {@code dev.jmcp.core.*}; nothing is written to
 * standard output.
 */
@SuppressWarnings("module") // the modules named by the qualified export are built after this one
module dev.jmcp.core {
    requires transitive dev.jmcp.schema;

    exports dev.jmcp.core;
    exports dev.jmcp.core.resources;
    exports dev.jmcp.core.resourcetools;
    exports dev.jmcp.core.providers;
    exports dev.jmcp.core.auth;
    exports dev.jmcp.core.session;
    exports dev.jmcp.core.spi;
    exports dev.jmcp.core.tasks;
    exports dev.jmcp.core.transport;
    // implementation that jmcp's own transports share, not API: what a transport keeps of a
    // message it drops unread, to fail the request that waits for it; the parsing of named settings
    // (which the jmcp command also uses for ServerSettings, so that --set covers the server too)
    exports dev.jmcp.core.internal.transport to dev.jmcp.transport.stdio, dev.jmcp.transport.netty, dev.jmcp.cli;
    // the resources feature's pieces that a resources dialect serves with too (routing by URI and
    // template, signed listing cursors, bounded reads, versions, the subscription index) and that a
    // dialect's client reads with (the calls and the update listeners of MCP's client): shared
    // with jmcp's own dialect module rather than copied, and not API, since their shape follows
    // the standard feature's needs
    exports dev.jmcp.core.internal.resources to dev.jmcp.dialect.gomcp;

    uses dev.jmcp.core.spi.ResourceProviderFactory;
    uses dev.jmcp.core.spi.TransportProvider;
    uses dev.jmcp.core.spi.ResourceDialect;
}
