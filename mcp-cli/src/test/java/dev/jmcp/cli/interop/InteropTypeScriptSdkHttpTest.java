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
 * The official TypeScript SDK client ({@code conformance/ts-client-http.mjs}) against
 * {@code jmcp serve --http} over Streamable HTTP, with the same checks as over stdio.
 */
@Timeout(600) // a backstop: each step has its own, shorter bound; the first test also installs the Node side
class InteropTypeScriptSdkHttpTest {
    @TempDir
    Path dir;

    @Test
    void theTypeScriptSdkClientPassesEveryCheckOverStreamableHttp() throws Exception {
        SampleFolder folder = SampleFolder.create(dir);
        Path conformance = Interop.conformance();
        try (Interop.Child server = Interop.serveHttp(folder.root())) {
            List<String> command = new ArrayList<>(List.of(Interop.node(),
                    conformance.resolve("ts-client-http.mjs").toString(), "--url", server.url()));
            command.addAll(folder.tsClientOptions());
            try (Interop.Child client = Interop.Child.start("ts-client-http", command, Map.of())) {
                int exit = client.waitFor(Duration.ofSeconds(120));
                folder.assertTsClientPassed(exit, client.output(), client.tail() + "\n" + server.tail());
            }
            // the session was terminated (DELETE); the server must still be serving
            assertTrue(server.process().isAlive(),
                    () -> "jmcp serve --http ended after the client's session\n" + server.tail());
        }
    }
}
