package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read of the resource just described uses the check the description made rather than check the
 * path again: what changed on disk in between must still never be served from outside the root,
 * and a read of any other resource must get its own check.
 */
class FileSystemDescribeThenReadTest {
    private static final byte[] SECRET = "the secret outside\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path temp;
    Path root;
    Path outside;
    FileSystemResourceProvider provider;

    @BeforeEach
    void createRootAndASecretNextToIt() throws IOException {
        root = Files.createDirectory(temp.resolve("root")).toRealPath();
        outside = Files.createDirectory(temp.resolve("outside")).toRealPath();
        Files.write(outside.resolve("secret.txt"), SECRET);
        Files.writeString(root.resolve("a.txt"), "a\n");
        Files.writeString(root.resolve("b.txt"), "b\n");
        Files.createDirectory(root.resolve("dir"));
        Files.writeString(root.resolve("dir/c.txt"), "c\n");
        provider = FileSystemResourceProvider.of(root);
    }

    private String uri(String relative) {
        return root.resolve(relative).toUri().toString();
    }

    @Test
    void aFileSwappedForALinkToOutsideBetweenDescribeAndReadIsNotServed() throws IOException {
        Resource described = Calls.metadata(provider, uri("a.txt"));
        Files.delete(root.resolve("a.txt"));
        Files.createSymbolicLink(root.resolve("a.txt"), outside.resolve("secret.txt"));

        assertThrows(ProtocolException.class, () -> provider.read(described, ReadContext.none()));
    }

    @Test
    void aFolderOnThePathSwappedForALinkToOutsideBetweenDescribeAndReadIsNotServed() throws IOException {
        Files.writeString(outside.resolve("c.txt"), "the other c, outside\n");
        Resource described = Calls.metadata(provider, uri("dir/c.txt"));
        Files.delete(root.resolve("dir/c.txt"));
        Files.delete(root.resolve("dir"));
        Files.createSymbolicLink(root.resolve("dir"), outside);

        assertThrows(ProtocolException.class, () -> provider.read(described, ReadContext.none()));
    }

    @Test
    void aFileGoneBetweenDescribeAndReadIsNotFound() throws IOException {
        Resource described = Calls.metadata(provider, uri("a.txt"));
        Files.delete(root.resolve("a.txt"));

        ProtocolException gone = assertThrows(ProtocolException.class, () -> provider.read(described, ReadContext.none()));
        assertEquals(-32602, gone.code());
    }

    @Test
    void aResourceDescribedBeforeAnotherIsReadFromItsOwnPath() {
        Resource a = Calls.metadata(provider, uri("a.txt"));
        Calls.metadata(provider, uri("b.txt")); // the description this thread made last

        assertEquals("a\n", text(provider.read(a, ReadContext.none())));
    }

    @Test
    void aFileRewrittenBetweenDescribeAndReadIsSentWithTheOpenFilesDescription() throws IOException {
        Resource described = Calls.metadata(provider, uri("a.txt"));
        Files.writeString(root.resolve("a.txt"), "a longer a\n");

        List<ResourceContents> contents = provider.read(described, ReadContext.none());
        assertEquals("a longer a\n", text(contents));
        assertEquals(11L, contents.get(0).resource().size());
    }

    @Test
    void anUnchangedFileIsSentWithItsDescription() {
        Resource described = Calls.metadata(provider, uri("a.txt"));

        List<ResourceContents> contents = provider.read(described, ReadContext.none());
        assertEquals("a\n", text(contents));
        assertSame(described, contents.get(0).resource());
    }

    /** A link to another file inside is served as that file when checked, and refused when opened unchecked. */
    @Test
    void aResourceReadTwiceIsCheckedAgainTheSecondTime() throws IOException {
        Resource a = Calls.metadata(provider, uri("a.txt"));
        assertEquals("a\n", text(provider.read(a, ReadContext.none())));
        linkAToB();

        assertEquals("b\n", text(provider.read(a, ReadContext.none())));
    }

    @Test
    void aResourceDescribedOnAnotherThreadIsCheckedAgain() throws Exception {
        Resource[] described = new Resource[1];
        Thread other = new Thread(() -> described[0] = Calls.metadata(provider, uri("a.txt")));
        other.start();
        other.join();
        linkAToB();

        assertEquals("b\n", text(provider.read(described[0], ReadContext.none())));
    }

    @Test
    void anEqualResourceThatIsNotTheOneDescribedIsCheckedAgain() throws IOException {
        Resource a = Calls.metadata(provider, uri("a.txt"));
        Resource copy = a.toBuilder().build();
        linkAToB();

        assertEquals("b\n", text(provider.read(copy, ReadContext.none())));
    }

    private void linkAToB() throws IOException {
        Files.delete(root.resolve("a.txt"));
        Files.createSymbolicLink(root.resolve("a.txt"), root.resolve("b.txt"));
    }

    private static String text(List<ResourceContents> contents) {
        assertEquals(1, contents.size());
        if (contents.get(0) instanceof BlobResourceContents blob) {
            throw new AssertionError("a text file read as a blob: " + blob);
        }
        return ((TextResourceContents) contents.get(0)).text();
    }
}
