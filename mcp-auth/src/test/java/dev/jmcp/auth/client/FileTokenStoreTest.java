package dev.jmcp.auth.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link TokenStore#file}: kept across stores, readable by its owner only, never shown. */
class FileTokenStoreTest {
    private static final StoredAuthorization KEPT = new StoredAuthorization("https://as.example.com", "client-1",
            "the-secret", "client_secret_basic", "http://127.0.0.1:5000/callback", "the-access-token", "the-refresh",
            Instant.parse("2030-01-01T00:00:00Z"), "read write");

    @Test
    void anAuthorizationIsReadBackByAnotherStoreOnTheSameFile(@TempDir Path folder) throws IOException {
        Path file = folder.resolve("jmcp/tokens.json");
        TokenStore.file(file).save("https://mcp.example.com/mcp", KEPT);

        assertEquals(KEPT, TokenStore.file(file).load("https://mcp.example.com/mcp"));
        assertNull(TokenStore.file(file).load("https://other.example.com/mcp"));
    }

    @Test
    void theFileIsReadableByItsOwnerOnly(@TempDir Path folder) throws IOException {
        Path file = folder.resolve("tokens.json");
        Files.writeString(file, "{}");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--")); // made by hand, too open

        TokenStore.file(file).save("https://mcp.example.com/mcp", KEPT);

        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        try (var listing = Files.list(folder)) {
            assertEquals(1, listing.count(), "a temporary file was left behind");
        }
    }

    @Test
    void logoutForgetsOneServer(@TempDir Path folder) throws IOException {
        TokenStore store = TokenStore.file(folder.resolve("tokens.json"));
        store.save("https://a.example.com/mcp", KEPT);
        store.save("https://b.example.com/mcp", KEPT);

        store.remove("https://a.example.com/mcp");

        assertEquals(java.util.Set.of("https://b.example.com/mcp"), store.all().keySet());
    }

    @Test
    void aFileThatIsNotOursFailsNamingIt(@TempDir Path folder) throws IOException {
        Path file = folder.resolve("tokens.json");
        Files.writeString(file, "[not an object");
        IOException refused = assertThrows(IOException.class, () -> TokenStore.file(file).load("x"));
        assertTrue(refused.getMessage().contains(file.toString()), refused.getMessage());
    }

    @Test
    void toStringShowsNoSecretNorToken() {
        String shown = KEPT.toString();
        assertFalse(shown.contains("the-secret") || shown.contains("the-access-token") || shown.contains("the-refresh"),
                shown);
    }
}
