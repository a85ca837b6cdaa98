package dev.jmcp.cli.interop;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official TypeScript SDK client ({@code conformance/ts-client.mjs}) against
 * {@code jmcp serve --http}, with the same checks as over stdio: over Streamable HTTP
 * ({@code StreamableHTTPClientTransport}) and over the HTTP+SSE transport of 2024-11-05 that the same
 * server offers at {@code /sse} ({@code SSEClientTransport}, a legacy client that jmcp did not write).
 */
@Timeout(600) // a backstop: each step has its own, shorter bound; the first test also installs the Node side
class InteropTypeScriptSdkHttpTest {
    @TempDir
    Path dir;

    @Test
    void theTypeScriptSdkClientPassesEveryCheckOverStreamableHttp() throws Exception {
        passesEveryCheck("ts-client-http.mjs", "/mcp", SampleFolder.CLOSED_HTTP);
    }

    @Test
    void theTypeScriptSdkSseClientPassesEveryCheckOverTheLegacyHttpSseTransport() throws Exception {
        passesEveryCheck("ts-client-sse.mjs", "/sse", SampleFolder.CLOSED_SSE);
    }

    /** Runs {@code conformance/SCRIPT --url <server>PATH} against a new server and asserts every check passed. */
    private void passesEveryCheck(String script, String path, String closed) throws Exception {
        SampleFolder folder = SampleFolder.create(dir);
        Path conformance = Interop.conformance();
        try (Interop.Child server = Interop.serveHttp(folder.root())) {
            String url = server.url().replaceFirst("/mcp$", path);
            List<String> command = new ArrayList<>(List.of(Interop.node(), conformance.resolve(script).toString(),
                    "--url", url));
            command.addAll(folder.tsClientOptions());
            try (Interop.Child client = Interop.Child.start(script.replace(".mjs", ""), command, Map.of())) {
                int exit = client.waitFor(Duration.ofSeconds(120));
                folder.assertTsClientPassed(exit, client.output(), client.tail() + "\n" + server.tail(), closed);
            }
            // the client ended its session; the server must still be serving
            assertTrue(server.process().isAlive(),
                    () -> "jmcp serve --http ended after the client's session\n" + server.tail());
        }
    }
}
