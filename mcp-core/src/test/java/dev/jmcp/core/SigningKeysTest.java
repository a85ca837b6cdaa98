package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SigningKeysTest {
    private static final String SECRET = "0123456789abcdef0123456789abcdef";

    @Test
    void aKeyFileGivesTheCurrentSecretAndThePreviousOne(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("key"), "\n  " + SECRET + "  \n" + SECRET.toUpperCase() + "\n");
        SigningKeys keys = SigningKeys.read(file);
        assertTrue(keys.shared());
        assertEquals(2, keys.keys("cursor").size());
        assertEquals(SigningKeys.of(SECRET.getBytes(StandardCharsets.UTF_8)).keys("cursor").get(0), keys.keys("cursor").get(0),
                "the line's blanks are not part of the secret");
    }

    @Test
    void eachUseHasItsOwnKey() {
        SigningKeys keys = SigningKeys.of(SECRET.getBytes(StandardCharsets.UTF_8));
        assertNotEquals(keys.keys("cursor").get(0), keys.keys("requestState").get(0));
    }

    @Test
    void aShortSecretOrABadFileIsRefusedWithoutShowingTheSecret(@TempDir Path dir) throws Exception {
        IllegalArgumentException shortOne = assertThrows(IllegalArgumentException.class,
                () -> SigningKeys.read(Files.writeString(dir.resolve("short"), "tooshort\n")));
        assertTrue(shortOne.getMessage().contains("MIN_SECRET_BYTES=32"), shortOne.getMessage());
        assertFalse(shortOne.getMessage().contains("tooshort"));
        assertThrows(IllegalArgumentException.class, () -> SigningKeys.read(Files.writeString(dir.resolve("empty"), "\n")));
        assertThrows(IllegalArgumentException.class,
                () -> SigningKeys.read(Files.writeString(dir.resolve("three"), (SECRET + "\n").repeat(3))));
    }

    @Test
    void aRandomKeyIsNotShared() {
        assertFalse(SigningKeys.random().shared());
        assertNotEquals(SigningKeys.random().keys("cursor"), SigningKeys.random().keys("cursor"));
    }
}
