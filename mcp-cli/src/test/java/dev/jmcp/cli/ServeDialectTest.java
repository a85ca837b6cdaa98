package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jmcp serve --dialect}: a gomcp client's lines against the real CLI, and an id nobody provides. */
class ServeDialectTest {
    @TempDir
    Path root;

    @Test
    void serveDialectGomcpAnswersAGomcpClientOverStdio() throws Exception {
        Path file = Files.writeString(root.resolve("hello.txt"), "Hello from jmcp");
        List<String> command = Cli.command();
        command.addAll(List.of("serve", "--root", root.toString(), "--dialect", "gomcp"));
        Process server = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        CompletableFuture.runAsync(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8))) {
                out.lines().forEach(lines::add);
            } catch (java.io.IOException ended) {
                // the server is gone
            }
        });
        try (OutputStream in = server.getOutputStream()) {
            write(in, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-03-26\",\"capabilities\":{},\"clientInfo\":{\"name\":\"gomcp\",\"version\":\"0\"}}}");
            assertTrue(next(lines).contains("\"protocolVersion\":\"2025-03-26\""));
            write(in, "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}");
            write(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/get\",\"params\":{\"uri\":\""
                    + file.toUri() + "\"}}");
            String answer = next(lines);
            assertTrue(answer.contains("\"contents\":{\"contentType\":\"text/plain\",\"content\":\"Hello from jmcp\"}"),
                    answer);
            write(in, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/list\",\"params\":{\"filter\":"
                    + "{\"kind\":\"file\"}}}");
            assertTrue(next(lines).contains("\"kind\":\"file\""));
        }
        assertTrue(server.waitFor(30, TimeUnit.SECONDS), "jmcp serve ends when its client closes its input");
        assertEquals(0, server.exitValue());
    }

    @Test
    void anUnknownDialectIsAUsageErrorNamingTheKnownOnes() {
        Cli.Result result = Cli.run(Cli.command(), List.of("serve", "--root", root.toString(), "--dialect", "nope"));
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("--dialect nope: no resource dialect has the id 'nope'; known: [gomcp]"),
                result::toString);
        Cli.Result help = Cli.run(Cli.command(), List.of("serve", "--help"));
        assertTrue(help.stdout().contains("--dialect ID"), help::toString);
    }

    private static void write(OutputStream in, String line) throws java.io.IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static String next(BlockingQueue<String> lines) throws InterruptedException {
        String line = lines.poll(30, TimeUnit.SECONDS);
        assertNotNull(line, "jmcp serve answered nothing within 30 s");
        return line;
    }
}
