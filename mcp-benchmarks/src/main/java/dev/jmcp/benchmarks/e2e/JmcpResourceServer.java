package dev.jmcp.benchmarks.e2e;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.transport.netty.HttpServerSettings;
import dev.jmcp.transport.netty.NettyHttpServer;
import dev.jmcp.transport.stdio.StdioTransportProvider;
import java.net.URI;

/**
 * The jmcp side of the end-to-end benchmark: {@link BenchResources} through {@link McpServer} and
 * an {@link InMemoryResourceProvider}, with every setting at its default (so {@code resources/list}
 * comes in pages of 10,000), over stdio or Netty's Streamable HTTP. Arguments: {@link ServerArgs}.
 * {@link SdkResourceServer} is its twin on the official SDK.
 */
public final class JmcpResourceServer {
    private JmcpResourceServer() {
    }

    public static void main(String[] args) throws Exception {
        ServerArgs options = ServerArgs.parse(args);
        if (options.textFile() != null) {
            throw new IllegalArgumentException("--text-file is SdkResourceServer's; jmcp serves files with `jmcp serve --root`");
        }
        ParentWatch.exitWithParent();
        McpServer server = McpServer.builder()
                .serverInfo("jmcp-bench", "1")
                .resourceProvider(resources(options))
                .transportProvider(new StdioTransportProvider()) // given, not discovered: a shaded jar hides nothing
                .build();
        if (options.stdio()) {
            try (server) {
                server.serve(URI.create("stdio:-")).idle().join(); // until the client closes our stdin
            }
            return;
        }
        URI address = URI.create("http://" + ServerArgs.HOST + ":" + options.httpPort() + ServerArgs.PATH);
        NettyHttpServer http = NettyHttpServer.start(address, HttpServerSettings.defaults(), server::serve);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            http.close();
            server.close();
        }, "jmcp-bench-shutdown"));
        ServerArgs.announce(http.uri().getPort());
        server.onClose().join(); // until the benchmark stops the process
    }

    private static InMemoryResourceProvider resources(ServerArgs options) throws Exception {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("bench")
                .addText(Resource.builder(BenchResources.TEXT_URI, "text-1KiB")
                        .mimeType(BenchResources.TEXT_MIME).build(), BenchResources.text())
                .addBlob(Resource.builder(BenchResources.BLOB_URI, "blob-1MiB")
                        .mimeType(BenchResources.BLOB_MIME).build(), Blob.of(BenchResources.blob()));
        for (int i = 0; i < options.entries(); i++) {
            memory.addText(Resource.builder(BenchResources.entryUri(i), BenchResources.entryName(i))
                    .mimeType(BenchResources.TEXT_MIME).build(), BenchResources.entryText(i));
        }
        if (options.file() != null) {
            // read from the file at each request, in chunks: the way jmcp serve's file-system provider does
            memory.addBlob(Resource.builder(ServerArgs.fileUri(options.file()), options.file().getFileName().toString())
                    .mimeType(BenchResources.BLOB_MIME).build(), Blob.ofFile(options.file()));
        }
        return memory;
    }
}
