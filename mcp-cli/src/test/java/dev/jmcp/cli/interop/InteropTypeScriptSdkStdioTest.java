package dev.jmcp.cli.interop;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official TypeScript SDK client ({@code conformance/ts-client-stdio.mjs}) against
 * {@code jmcp serve} over stdio: it spawns the server itself, runs every check of
 * {@code ts-client.mjs} and exits 0 only if all pass.
 */
@Timeout(600) // a backstop: each step has its own, shorter bound; the first test also installs the Node side
class InteropTypeScriptSdkStdioTest {
    @TempDir
    Path dir;

    @Test
    void theTypeScriptSdkClientPassesEveryCheckOverStdio() throws Exception {
        SampleFolder folder = SampleFolder.create(dir);
        List<String> command = new ArrayList<>(List.of(Interop.node(),
                Interop.conformance().resolve("ts-client-stdio.mjs").toString()));
        command.addAll(folder.tsClientOptions());
        command.add("--");
        command.addAll(Interop.jmcp("serve", "--root", folder.root().toString(), "--page-size", "100"));
        try (Interop.Child client = Interop.Child.start("ts-client-stdio", command, Map.of())) {
            int exit = client.waitFor(Duration.ofSeconds(120));
            folder.assertTsClientPassed(exit, client.output(), client.tail(), SampleFolder.CLOSED_STDIO);
        }
    }
}
