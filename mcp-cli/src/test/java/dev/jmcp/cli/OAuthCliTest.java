package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmcp ls} against a server that asks for OAuth, as a user runs it: the command prints the
 * URL to sign in at, the test plays the browser (it follows that URL, whose redirect comes back to
 * the command's loopback port), and the command carries on and lists; the token is kept in a file
 * only the user can read, and the next command uses it without asking.
 */
class OAuthCliTest {
    /** @return the page at the end of {@code url}'s redirects, as a browser gets it (java.base's client: the CLI's module reads no other) */
    private static String browse(URI url) throws java.io.IOException {
        HttpURLConnection connection = (HttpURLConnection) url.toURL().openConnection();
        connection.setInstanceFollowRedirects(true);
        try (java.io.InputStream in = connection.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            connection.disconnect();
        }
    }

    @Test
    void lsSignsInThroughTheLoopbackRedirectThenListsAndTheNextCommandReusesTheToken(@TempDir Path folder)
            throws Exception {
        Path tokens = folder.resolve("tokens.json");
        try (ProtectedHttpServer server = new ProtectedHttpServer()) {
            List<String> command = Cli.command();
            command.addAll(List.of("ls", server.mcp(), "--no-browser", "--token-file", tokens.toString()));
            Process jmcp = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(
                    new java.io.File("/dev/null"))).start();
            CompletableFuture<byte[]> out = Cli.drain(jmcp.getInputStream());
            List<String> stderr = new ArrayList<>();
            String browsed = null;
            try (BufferedReader err = new BufferedReader(new InputStreamReader(jmcp.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null;) {
                    stderr.add(line);
                    if (line.startsWith("  http://127.0.0.1:") && line.contains("/authorize?")) {
                        // the user's browser: to the authorization server, which sends it back to jmcp's port
                        browsed = browse(URI.create(line.strip()));
                    }
                }
            }
            assertTrue(jmcp.waitFor(60, TimeUnit.SECONDS), "jmcp did not end");
            String listed = new String(out.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
            assertEquals(0, jmcp.exitValue(), () -> "stderr: " + stderr + "\nstdout: " + listed);
            assertTrue(stderr.contains("jmcp: to authorize, open this URL in a browser:"), stderr::toString);
            assertTrue(browsed != null && browsed.contains("You may close this window"), String.valueOf(browsed));
            assertTrue(listed.contains("file:///secret.txt"), listed);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tokens)));
            assertTrue(Files.readString(tokens).contains(ProtectedHttpServer.TOKEN));

            int before = (int) server.requests.stream().filter(r -> r.startsWith("GET /authorize")).count();
            Cli.Result again = Cli.run(Cli.command(), List.of("ls", server.mcp(), "--no-browser", "--token-file",
                    tokens.toString()));
            assertEquals(0, again.exitCode(), again::toString);
            assertTrue(again.stdout().contains("file:///secret.txt"), again::toString);
            assertFalse(again.stderr().contains("to authorize"), again.stderr());
            assertEquals(before, server.requests.stream().filter(r -> r.startsWith("GET /authorize")).count());
        }
    }
}
