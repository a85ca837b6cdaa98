package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenedFileTest {
    @TempDir
    Path root;

    private OpenedFile open(Path file) {
        return OpenedFile.open(file.toUri().toString(), file).orElseThrow();
    }

    @Test
    void readAllGivesExactlyTheBytesOfTheSizeItWasOpenedWith() throws IOException {
        Path file = Files.writeString(root.resolve("a.txt"), "hello");
        try (OpenedFile opened = open(file)) {
            Files.writeString(file, " and more", StandardOpenOption.APPEND);
            assertArrayEquals("hello".getBytes(StandardCharsets.UTF_8), opened.readAll());
        }
    }

    @Test
    void readAllOfAFileThatShrankIsAnInternalErrorThatSaysSo() throws IOException {
        Path file = Files.writeString(root.resolve("b.txt"), "hello world");
        try (OpenedFile opened = open(file)) {
            try (FileChannel truncate = FileChannel.open(file, StandardOpenOption.WRITE)) {
                truncate.truncate(3);
            }
            ProtocolException e = assertThrows(ProtocolException.class, opened::readAll);
            assertEquals(ErrorCodes.INTERNAL_ERROR, e.code());
            assertTrue(String.valueOf(e.getMessage()).contains("shrank")
                    || String.valueOf(e.getCause()).contains("shrank"), e.getMessage());
        }
    }
}
