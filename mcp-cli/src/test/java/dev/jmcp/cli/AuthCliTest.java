package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.auth.client.StoredAuthorization;
import dev.jmcp.auth.client.TokenStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jmcp auth}: what is kept for OAuth servers, shown without secrets, and forgotten. */
class AuthCliTest {
    private static final String SERVER = "https://mcp.example.com/mcp";

    private static Path kept(Path folder) throws Exception {
        Path file = folder.resolve("tokens.json");
        TokenStore.file(file).save(SERVER, new StoredAuthorization("https://as.example.com", "client-7", "the-secret",
                "client_secret_basic", null, "the-access-token", "the-refresh-token",
                Instant.parse("2031-02-03T04:05:06Z"), "read write"));
        return file;
    }

    @Test
    void statusShowsIssuerClientScopeAndExpiryButNoTokenNorSecret(@TempDir Path folder) throws Exception {
        Path file = kept(folder);

        Cli.Result result = Cli.run(Cli.command(), List.of("auth", "status", "--token-file", file.toString()));

        assertEquals(0, result.exitCode(), result::toString);
        String shown = result.stdout();
        assertTrue(shown.contains(SERVER) && shown.contains("issuer https://as.example.com")
                && shown.contains("client client-7") && shown.contains("token until 2031-02-03T04:05:06Z, refreshable")
                && shown.contains("scope read write"), shown);
        assertFalse(shown.contains("the-secret") || shown.contains("the-access-token") || shown.contains("the-refresh-token"),
                shown);
    }

    @Test
    void logoutForgetsTheServer(@TempDir Path folder) throws Exception {
        Path file = kept(folder);

        Cli.Result result = Cli.run(Cli.command(), List.of("auth", "logout", SERVER, "--token-file", file.toString()));

        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("forgot the authorization for " + SERVER), result.stderr());
        assertNull(TokenStore.file(file).load(SERVER));
        Cli.Result status = Cli.run(Cli.command(), List.of("auth", "status", SERVER, "--token-file", file.toString()));
        assertEquals(Exit.PROTOCOL, status.exitCode(), status::toString);
    }

    @Test
    void anUnknownActionOrANonHttpUrlIsAUsageError(@TempDir Path folder) {
        Path file = folder.resolve("tokens.json");
        Cli.Result unknown = Cli.run(Cli.command(), List.of("auth", "frobnicate", "--token-file", file.toString()));
        assertEquals(Exit.USAGE, unknown.exitCode(), unknown::toString);
        assertTrue(unknown.stderr().contains("login, logout, status"), unknown.stderr());

        Cli.Result stdio = Cli.run(Cli.command(), List.of("auth", "login", "stdio:foo", "--token-file", file.toString()));
        assertEquals(Exit.USAGE, stdio.exitCode(), stdio::toString);
        assertTrue(stdio.stderr().contains("is not an http(s) URL"), stdio.stderr());
    }

    @Test
    void aClientSecretFileNeedsAClientId(@TempDir Path folder) {
        Cli.Result result = Cli.run(Cli.command(), List.of("auth", "login", SERVER, "--client-secret-file",
                folder.resolve("secret").toString(), "--token-file", folder.resolve("tokens.json").toString()));
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("--client-secret-file needs --client-id"), result.stderr());
    }
}
