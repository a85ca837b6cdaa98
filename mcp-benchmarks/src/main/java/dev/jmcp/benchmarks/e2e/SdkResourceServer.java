package dev.jmcp.benchmarks.e2e;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.BlobResourceContents;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import io.modelcontextprotocol.spec.McpSchema.ResourceContents;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The official Java MCP SDK's side of the end-to-end benchmark: the same {@link BenchResources}
 * as {@link JmcpResourceServer}, through the SDK's synchronous server, over its stdio transport
 * or its Streamable HTTP servlet (in embedded Tomcat, {@link TomcatHost}). Arguments:
 * {@link ServerArgs}. Every SDK setting is at its default.
 *
 * <p>The SDK's read results hold a blob as a base64 {@code String}. For the 1 MiB blob that
 * string is built once, at start-up, and every read returns it: the SDK's best case, so a ratio
 * against it understates jmcp (which base64-encodes from the bytes at each read). A
 * {@code --file} is read and encoded at each request, as a server of files must; a
 * {@code --text-file} is read at each request too.
 */
public final class SdkResourceServer {
    private SdkResourceServer() {
    }

    public static void main(String[] args) throws Exception {
        ServerArgs options = ServerArgs.parse(args);
        ParentWatch.exitWithParent();
        McpJsonMapper json = McpJsonDefaults.getMapper();
        List<SyncResourceSpecification> resources = resources(options);
        ServerCapabilities capabilities = ServerCapabilities.builder().resources(false, false).build();
        if (options.stdio()) {
            CountDownLatch endOfInput = new CountDownLatch(1);
            McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(json,
                            new EndSignallingInput(System.in, endOfInput), System.out))
                    .serverInfo("sdk-bench", "1").capabilities(capabilities).resources(resources).build();
            endOfInput.await(); // the SDK does not end the process when the client goes
            server.close();
            return;
        }
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(json).mcpEndpoint(ServerArgs.PATH).build();
        McpSyncServer server = McpServer.sync(transport)
                .serverInfo("sdk-bench", "1").capabilities(capabilities).resources(resources).build();
        TomcatHost tomcat = TomcatHost.start(ServerArgs.HOST, options.httpPort(), transport);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            tomcat.close();
        }, "sdk-bench-shutdown"));
        ServerArgs.announce(tomcat.port());
        tomcat.await(); // until the benchmark stops the process
    }

    private static List<SyncResourceSpecification> resources(ServerArgs options) throws IOException {
        List<SyncResourceSpecification> specs = new ArrayList<>(BenchResources.TOP_LEVEL + 1);
        ReadResourceResult text = result(TextResourceContents.builder(BenchResources.TEXT_URI, BenchResources.text())
                .mimeType(BenchResources.TEXT_MIME).build());
        specs.add(new SyncResourceSpecification(resource(BenchResources.TEXT_URI, "text-1KiB",
                BenchResources.TEXT_MIME, BenchResources.TEXT_CHARS), (exchange, request) -> text));
        ReadResourceResult blob = result(BlobResourceContents.builder(BenchResources.BLOB_URI,
                Base64.getEncoder().encodeToString(BenchResources.blob())).mimeType(BenchResources.BLOB_MIME).build());
        specs.add(new SyncResourceSpecification(resource(BenchResources.BLOB_URI, "blob-1MiB",
                BenchResources.BLOB_MIME, BenchResources.BLOB_BYTES), (exchange, request) -> blob));
        for (int i = 0; i < options.entries(); i++) {
            String uri = BenchResources.entryUri(i);
            ReadResourceResult entry = result(TextResourceContents.builder(uri, BenchResources.entryText(i))
                    .mimeType(BenchResources.TEXT_MIME).build());
            specs.add(new SyncResourceSpecification(resource(uri, BenchResources.entryName(i),
                    BenchResources.TEXT_MIME, BenchResources.entrySize(i)), (exchange, request) -> entry));
        }
        if (options.file() != null) {
            specs.add(fileResource(options.file(), BenchResources.BLOB_MIME));
        }
        if (options.textFile() != null) {
            specs.add(fileResource(options.textFile(), BenchResources.TEXT_MIME));
        }
        return specs;
    }

    private static Resource resource(String uri, String name, String mimeType, long size) {
        return Resource.builder(uri, name).mimeType(mimeType).size(size).build();
    }

    private static ReadResourceResult result(ResourceContents contents) {
        return ReadResourceResult.builder(List.of(contents)).build();
    }

    private static SyncResourceSpecification fileResource(Path file, String mimeType) throws IOException {
        String uri = ServerArgs.fileUri(file);
        return new SyncResourceSpecification(resource(uri, file.getFileName().toString(), mimeType, Files.size(file)),
                (exchange, request) -> readFile(uri, file, mimeType));
    }

    /**
     * What a file server on the SDK has to do at each read: a text as one String, a blob as one
     * base64 String (the API takes no stream).
     */
    private static ReadResourceResult readFile(String uri, Path file, String mimeType) {
        try {
            ResourceContents contents = mimeType.equals(BenchResources.TEXT_MIME)
                    ? TextResourceContents.builder(uri, Files.readString(file)).mimeType(mimeType).build()
                    : BlobResourceContents.builder(uri, Base64.getEncoder().encodeToString(Files.readAllBytes(file)))
                            .mimeType(mimeType).build();
            return result(contents);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Stdin that counts down a latch at its end, so that main knows when the client has gone. */
    private static final class EndSignallingInput extends FilterInputStream {
        private final CountDownLatch end;

        EndSignallingInput(InputStream in, CountDownLatch end) {
            super(in);
            this.end = end;
        }

        @Override
        public int read() throws IOException {
            return ended(super.read());
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return ended(super.read(b, off, len));
        }

        private int ended(int n) {
            if (n < 0) {
                end.countDown();
            }
            return n;
        }
    }
}
