package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ResourceContents;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Someone who can write to the served folder changes a file between the moment the provider looks
 * at it and the moment its bytes are written out: what is sent is the file that was opened, exactly
 * the bytes announced, or an error; never bytes from elsewhere, and never a hang.
 */
class FileSystemRacesTest {
    private static final byte[] INSIDE = pattern(10_000, 7);
    private static final byte[] SECRET = pattern(10_000, 13);

    @TempDir
    Path temp;
    Path root;
    Path outside;
    FileSystemResourceProvider provider;

    @BeforeEach
    void createRootAndASecretNextToIt() throws IOException {
        root = Files.createDirectory(temp.resolve("root")).toRealPath();
        outside = Files.createDirectory(temp.resolve("outside")).toRealPath();
        Files.write(outside.resolve("secret.bin"), SECRET);
        Files.write(root.resolve("data.bin"), INSIDE);
        provider = FileSystemResourceProvider.of(root);
    }

    private static byte[] pattern(int length, int step) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * step); // holds NUL bytes, so it is sniffed and served as a blob
        }
        return bytes;
    }

    private String uri(String relative) {
        return FileSystemResourceProviderTest.uriOf(root, relative);
    }

    private BlobResourceContents readBlob(String relative) {
        List<ResourceContents> contents = Calls.read(provider, uri(relative));
        assertEquals(1, contents.size());
        return (BlobResourceContents) contents.get(0);
    }

    @Test
    void fileSwappedForALinkToOutsideAfterTheReadStillSendsTheFileThatWasOpened() throws IOException {
        BlobResourceContents read = readBlob("data.bin");

        Path data = root.resolve("data.bin");
        Files.delete(data);
        Files.createSymbolicLink(data, outside.resolve("secret.bin"));

        assertArrayEquals(INSIDE, read.blob().toByteArray());
    }

    @Test
    void aBlobIsReadOnceAndNeverReopenedByName() {
        BlobResourceContents read = readBlob("data.bin");
        read.blob().toByteArray();

        UncheckedIOException again = assertThrows(UncheckedIOException.class, () -> read.blob().toByteArray());

        assertTrue(again.getMessage().contains("already read"), again.getMessage());
        assertTrue(again.getMessage().contains(uri("data.bin")), again.getMessage());
    }

    @Test
    void fileSwappedForAPipeAfterTheReadDoesNotHangTheWrite() throws Exception {
        BlobResourceContents read = readBlob("data.bin");
        Path data = root.resolve("data.bin");
        Files.delete(data);
        Fifos.make(data);
        try {
            byte[] sent = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> read.blob().toByteArray(),
                    "the write opened the pipe by name and waits for a writer");
            assertArrayEquals(INSIDE, sent);
        } finally {
            Fifos.release(data);
        }
    }

    @Test
    void fileThatShrinksAfterTheReadFailsTheMessageInsteadOfSendingFewerBytes() throws IOException {
        BlobResourceContents read = readBlob("data.bin");
        try (var channel = Files.newByteChannel(root.resolve("data.bin"), StandardOpenOption.WRITE)) {
            channel.truncate(4_000);
        }

        UncheckedIOException failed = assertThrows(UncheckedIOException.class, () -> read.blob().toByteArray(),
                "a blob of " + read.resource().size() + " announced bytes was sent short");

        assertTrue(failed.getMessage().contains("shrank"), failed.getMessage());
        assertTrue(failed.getMessage().contains("4000 of 10000"), failed.getMessage());
    }

    @Test
    void fileThatGrowsAfterTheReadSendsExactlyTheAnnouncedBytes() throws IOException {
        BlobResourceContents read = readBlob("data.bin");
        try (OutputStream out = Files.newOutputStream(root.resolve("data.bin"), StandardOpenOption.APPEND)) {
            out.write(SECRET);
        }

        byte[] sent = read.blob().toByteArray();

        assertEquals(read.resource().size(), (long) sent.length);
        assertEquals(read.blob().length(), sent.length);
        assertArrayEquals(INSIDE, sent);
    }

    @Test
    void aPipeNamedDirectlyIsRefusedAtOnce() throws Exception {
        Path pipe = root.resolve("pipe.bin");
        Fifos.make(pipe);
        try {
            ProtocolException refused = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(
                    ProtocolException.class, () -> Calls.readUndescribed(provider, uri("pipe.bin"))));
            assertEquals(ErrorCodes.INVALID_PARAMS, refused.code());
            assertTrue(refused.getMessage().contains("not a regular file"), refused.getMessage());
            assertEquals(Optional.empty(), Calls.describe(provider, uri("pipe.bin")), "a pipe is not described either");
        } finally {
            Fifos.release(pipe);
        }
    }
}
