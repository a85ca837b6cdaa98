package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jmcp serve --content-hashes}, and {@code jmcp read --if-changed VERSION} against it. */
class ConditionalReadCliTest {
    private static final String VERSION = "dev.jmcp/version";

    @TempDir
    Path dir;

    @Test
    void withContentHashesAListingsVersionsAreSha256OfTheContent() throws Exception {
        Files.writeString(dir.resolve("a.txt"), "alpha");
        Cli.Result listed = againstHashingServer("ls", "--json");
        assertEquals(0, listed.exitCode(), listed::toString);
        JsonObject resource = json(listed).getJsonArray("resources").getJsonObject(0);
        assertTrue(resource.getJsonObject("_meta").getString(VERSION).startsWith("sha256-"), resource::toString);
    }

    @Test
    void ifChangedWithTheCurrentVersionWritesNothingAndExitsSevenElseItReads() throws Exception {
        Path file = Files.writeString(dir.toRealPath().resolve("a.txt"), "alpha");
        String uri = file.toUri().toString();
        Cli.Result meta = againstHashingServer("meta", uri, "--json");
        assertEquals(0, meta.exitCode(), meta::toString);
        String version = json(meta).getJsonObject("resource").getJsonObject("_meta").getString(VERSION);

        Cli.Result same = againstHashingServer("read", uri, "--if-changed", version);
        assertEquals(Exit.NOT_MODIFIED, same.exitCode(), same::toString);
        assertEquals("", same.stdout(), same::toString);
        assertTrue(same.stderr().contains("jmcp: not modified: " + uri + " still has version " + version),
                same::toString);

        Cli.Result changed = againstHashingServer("read", uri, "--if-changed", "sha256-stale");
        assertEquals(0, changed.exitCode(), changed::toString);
        assertEquals("alpha", changed.stdout(), changed::toString);
    }

    /** Runs {@code jmcp ARGS -- jmcp serve --root DIR --content-hashes}. */
    private Cli.Result againstHashingServer(String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of(args));
        argv.add("--");
        argv.addAll(Cli.server(dir.toRealPath()));
        argv.add("--content-hashes");
        return Cli.run(Cli.command(), argv);
    }

    private static JsonObject json(Cli.Result result) {
        return Json.createReader(new StringReader(result.stdout())).readObject();
    }
}
