package dev.jmcp.interop.jvm;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import io.modelcontextprotocol.spec.McpSchema.ResourcesUpdatedNotification;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.startup.Tomcat;

/**
 * The official Java SDK's server (2.1.0) as its users deploy it over HTTP: the servlet transport in
 * embedded Tomcat, every SDK setting at its default. It serves one resource, {@code mem://ticker},
 * whose text changes and which it notifies as updated every {@value #TICK_MILLIS} ms. Its GET
 * stream sends its headers only with its first event.
 */
final class JavaSdkTicker implements AutoCloseable {
    static final String URI = "mem://ticker";
    static final long TICK_MILLIS = 500;

    private final Tomcat tomcat;
    private final Path baseDir;
    private final McpSyncServer server;
    private final ScheduledExecutorService ticks;

    private JavaSdkTicker(Tomcat tomcat, Path baseDir, McpSyncServer server, ScheduledExecutorService ticks) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
        this.server = server;
        this.ticks = ticks;
    }

    static JavaSdkTicker start() throws Exception {
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(McpJsonDefaults.getMapper()).mcpEndpoint("/mcp").build();
        AtomicLong count = new AtomicLong();
        SyncResourceSpecification ticker = new SyncResourceSpecification(
                Resource.builder(URI, "ticker").mimeType("text/plain").build(),
                (exchange, request) -> new ReadResourceResult(List.of(
                        new TextResourceContents(URI, "text/plain", "tick " + count.get()))));
        McpSyncServer server = McpServer.sync(transport).serverInfo("java-sdk-ticker", "1")
                .capabilities(ServerCapabilities.builder().resources(true, false).build()).resources(ticker).build();
        Path baseDir = Files.createTempDirectory("jmcp-interop-tomcat-");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        tomcat.getConnector().setPort(0);
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        Context context = tomcat.addContext("", baseDir.toString());
        Wrapper wrapper = Tomcat.addServlet(context, "mcp", transport);
        wrapper.setAsyncSupported(true); // the transport answers with SSE streams, asynchronously
        wrapper.addMapping("/*");
        tomcat.start();
        ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "java-sdk-ticker");
            thread.setDaemon(true);
            return thread;
        });
        ticks.scheduleAtFixedRate(() -> {
            count.incrementAndGet();
            server.notifyResourcesUpdated(new ResourcesUpdatedNotification(URI));
        }, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
        return new JavaSdkTicker(tomcat, baseDir, server, ticks);
    }

    /** @return {@code http://127.0.0.1:PORT/mcp} */
    String url() {
        return "http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/mcp";
    }

    @Override
    public void close() throws Exception {
        ticks.shutdownNow();
        server.closeGracefully();
        tomcat.stop();
        tomcat.destroy();
        try (Stream<Path> walk = Files.walk(baseDir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
