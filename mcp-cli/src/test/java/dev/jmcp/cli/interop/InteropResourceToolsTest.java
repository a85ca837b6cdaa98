package dev.jmcp.cli.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * The official TypeScript SDK clients as hosts that only call tools ({@code conformance/ts-resource-tools.mjs}):
 * v2 ({@code @modelcontextprotocol/client}) and v1 ({@code @modelcontextprotocol/sdk}, a host of the
 * session era) against {@code jmcp serve --resources-as-tools --http}. Each lists the folder through the
 * cursors the answers name, finds a file, reads a long text through the offsets the answers name, a
 * small binary file embedded and a large one as a link; the script compares with the files' bytes.
 */
@Timeout(600) // a backstop: each step has its own, shorter bound; the first test also installs the Node side
class InteropResourceToolsTest {
    /** Six checks: the tools listed, the listing, the search, the text, the embedded blob, the linked blob. */
    private static final String ALL_CHECKS = "DONE 6";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "TypeScript SDK {0}")
    @ValueSource(strings = {"v2", "v1"})
    void theTypeScriptSdkClientListsSearchesAndReadsThroughTheTools(String sdk) throws Exception {
        Path root = Files.createDirectories(dir.resolve("served")).toRealPath();
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < 45_000; i++) {
            text.append("line ").append(i).append(": é, 漢字, \uD83D\uDE00\n"); // a part may end anywhere in these
        }
        Files.writeString(root.resolve("long-notes.txt"), text);
        byte[] small = new byte[1000];
        byte[] large = new byte[300 * 1024]; // more than the 256 KiB embedded by default
        Random random = new Random(26);
        random.nextBytes(small);
        random.nextBytes(large);
        Files.write(root.resolve("small.bin"), small);
        Files.write(root.resolve("large.bin"), large);
        for (int i = 0; i < 250; i++) { // more than the 200 entries of one answer
            Files.writeString(root.resolve(String.format("filler-%03d.txt", i)), "filler " + i);
        }
        Path conformance = Interop.conformance();
        try (Interop.Child server = Interop.serveHttp(root, "--resources-as-tools")) {
            List<String> command = List.of(Interop.node(), conformance.resolve("ts-resource-tools.mjs").toString(),
                    "--sdk", sdk, "--url", server.url(),
                    "--folder-uri", root.toUri().toString(),
                    "--text-uri", root.resolve("long-notes.txt").toUri().toString(),
                    "--text-file", root.resolve("long-notes.txt").toString(),
                    "--blob-uri", root.resolve("small.bin").toUri().toString(),
                    "--blob-file", root.resolve("small.bin").toString(),
                    "--large-uri", root.resolve("large.bin").toUri().toString(),
                    "--large-size", Integer.toString(large.length));
            try (Interop.Child client = Interop.Child.start("ts-resource-tools-" + sdk, command, Map.of())) {
                int exit = client.waitFor(Duration.ofSeconds(120));
                String output = client.output();
                assertEquals(0, exit, () -> client.tail() + "\n" + server.tail());
                assertTrue(output.contains(ALL_CHECKS), () -> "not every check ran\n" + client.tail());
                // v1 is a host of the session era; v2 (2.4.0) negotiates it too over HTTP today, so the
                // stateless era of the tools is tested in core and over stdio (ServeResourcesAsToolsTest)
                String era = sdk.equals("v1") ? "PROTOCOL 2025-11-25" : "PROTOCOL 20";
                assertTrue(output.contains(era), () -> "the negotiated revision is not " + era + "\n" + client.tail());
            }
        }
    }
}
