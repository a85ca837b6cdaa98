package dev.jmcp.cli.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/**
 * The folder the interop tests serve with {@code jmcp serve}: 150 top-level entries (two pages of
 * 100), a UTF-8 text file with a space in its name, a binary file that is not valid UTF-8, a
 * subfolder, and a file to watch; and the {@code conformance/ts-client.mjs} options and checks for it.
 *
 * @param root   the folder, by its real path (jmcp and the TypeScript client both name files by it)
 * @param text   the text file's content
 * @param binary the binary file's bytes
 */
record SampleFolder(Path root, String text, byte[] binary) {
    static final String TEXT = "with space.txt";
    static final String BINARY = "data.bin";
    static final String FOLDER = "sub";
    static final String WATCH = "watched.txt";
    static final int TOP_LEVEL_ENTRIES = 150;

    /** The checks ts-client.mjs prints as {@code ok   NAME: ...}, in order, for these options. */
    static final List<String> TS_CHECKS = List.of("initialize", "resources/list", "read text", "read binary",
            "resources/templates/list", "resources/metadata", "list folder", "subscribe", "read unknown", "close");
    /** stdio: the server exited by itself once its input closed (no SIGTERM). */
    static final String CLOSED_STDIO = "ok   close: server process \\d+ exited with status 0 after stdin closed";
    /** Streamable HTTP: DELETE got 2xx (not 405) and ended the session. */
    static final String CLOSED_HTTP = "ok   close: DELETE answered 200; the session then answered 404";
    /** HTTP+SSE of 2024-11-05: closing the stream ended the session, whose endpoint is then unknown. */
    static final String CLOSED_SSE = "ok   close: the SSE stream closed; the session's endpoint then answered 404";

    static SampleFolder create(Path dir) throws IOException {
        Path root = dir.toRealPath();
        String text = "grüße, naïve café ✓ 日本語 😀\nsecond line: ÄÖÜ €\n";
        Files.writeString(root.resolve(TEXT), text, StandardCharsets.UTF_8);
        byte[] binary = new byte[4099];
        new Random(2093).nextBytes(binary);
        binary[0] = 0;
        binary[1] = (byte) 0xFF; // never valid in UTF-8
        binary[2] = (byte) 0xC3; // a lead byte without its continuation
        binary[binary.length - 1] = 0;
        Files.write(root.resolve(BINARY), binary);
        Files.writeString(root.resolve(WATCH), "v1\n");
        Path sub = Files.createDirectories(root.resolve(FOLDER));
        Files.writeString(sub.resolve("inner.md"), "# inner\n");
        Files.writeString(sub.resolve("second file.txt"), "second\n");
        Files.writeString(Files.createDirectories(sub.resolve("nested")).resolve("deep.txt"), "deep\n");
        for (int i = 4; i < TOP_LEVEL_ENTRIES; i++) {
            Files.writeString(root.resolve(String.format("file-%03d.txt", i)), "content " + i + "\n");
        }
        return new SampleFolder(root, text, binary);
    }

    /** @return the URI jmcp gives {@code relative}: its real path's file URI, without a folder's trailing slash */
    String uri(String relative) {
        return root.resolve(relative).toUri().toString().replaceFirst("/$", "");
    }

    /** @return the ts-client.mjs options that exercise every check on this folder */
    List<String> tsClientOptions() {
        return List.of("--root", root.toString(), "--text", TEXT, "--binary", BINARY, "--folder", FOLDER,
                "--watch", WATCH, "--expect-pages-min", "2");
    }

    /**
     * Asserts that ts-client.mjs exited 0 having passed every check, with the counts this folder implies.
     *
     * @param closed the regular expression its close line must match: {@link #CLOSED_STDIO},
     *               {@link #CLOSED_HTTP} or {@link #CLOSED_SSE}
     */
    void assertTsClientPassed(int exit, String output, String tail, String closed) {
        assertEquals(0, exit, () -> "ts-client.mjs failed (exit " + exit + ")\n" + tail);
        List<String> ok = output.lines().filter(line -> line.startsWith("ok   ")).toList();
        assertEquals(TS_CHECKS, ok.stream().map(line -> line.substring(5, line.indexOf(':'))).toList(),
                () -> "the ok lines, in order\n" + tail);
        assertTrue(ok.contains("ok   resources/list: " + TOP_LEVEL_ENTRIES + " resources in 2 page(s)"), tail);
        assertTrue(ok.contains("ok   read binary: " + uri(BINARY) + ": " + binary.length + " bytes"), tail);
        assertTrue(ok.contains("ok   read text: " + uri(TEXT) + ": " + text.getBytes(StandardCharsets.UTF_8).length
                + " bytes, name \"" + TEXT + "\", isCollection false"), tail);
        assertTrue(ok.contains("ok   list folder: " + uri(FOLDER) + ": 3 children in 1 page(s)"), tail);
        // SEP-2093: not found is -32602 WITH data.uri; ts-client accepts a bare -32602, jmcp must do more
        assertTrue(ok.stream().anyMatch(line -> line.startsWith("ok   read unknown: -32602 ")
                && line.endsWith(", data.uri matches")), () -> "read unknown carries data.uri\n" + tail);
        assertTrue(ok.contains("ok   resources/templates/list: 0 template(s) []"), tail);
        assertTrue(ok.stream().anyMatch(line -> line.matches(closed)), () -> "close matching " + closed + "\n" + tail);
        assertTrue(output.contains("ts-client: all " + TS_CHECKS.size() + " checks passed"), tail);
    }
}
