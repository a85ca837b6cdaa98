package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file the server may not read is answered {@code -32603} naming the file and the reason. As root,
 * permissions stop nothing, so the real-permission case is reported skipped there; the answer to
 * the exception the JDK throws for {@code EACCES} ({@link AccessDeniedException}) is tested everywhere.
 */
class UnreadableFileTest {
    @TempDir
    Path temp;

    @Test
    void aFileWithoutReadPermissionIsAnsweredWithTheReasonAndTheUri() throws IOException {
        assumeFalse("root".equals(System.getProperty("user.name")), "root reads files whatever their permissions");
        Path file = Files.writeString(temp.resolve("locked.bin"), "x").toRealPath();
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));

        ProtocolException refused = assertThrows(ProtocolException.class, () -> OpenedFile.open("file:///locked.bin", file));

        assertUnreadable(refused, "file:///locked.bin");
    }

    @Test
    void accessDeniedFromTheFileSystemIsAnsweredWithTheReasonAndTheUri() {
        AccessDeniedException denied = new AccessDeniedException("/srv/locked.bin");

        ProtocolException answer = OpenedFile.unreadable("file:///srv/locked.bin", denied);

        assertUnreadable(answer, "file:///srv/locked.bin");
        assertSame(denied, answer.getCause());
    }

    /**
     * Issue 24, case 7: a folder that cannot be listed was a generic "-32603 internal error while
     * handling resources/list". As root no permission stops a listing, so the failure here is a
     * real one of another kind: what was listed is not a folder.
     */
    @Test
    void aFolderThatCannotBeListedIsAnsweredWithTheReasonAndTheUri() throws IOException {
        Path root = temp.toRealPath();
        Path notAFolder = Files.writeString(root.resolve("plain.txt"), "x");
        FileResources files = new FileResources(new SafePaths(root, 256), 0);

        ProtocolException refused = assertThrows(ProtocolException.class,
                () -> files.listAfter(notAFolder, "file:///plain.txt", null, 10));

        assertEquals(ErrorCodes.INTERNAL_ERROR, refused.code());
        assertEquals("cannot read file:///plain.txt: not a folder", refused.getMessage());
        JsonObject data = (JsonObject) refused.data();
        assertEquals("file:///plain.txt", data.getString("uri"));
        assertEquals("not a folder", data.getString("reason"), "the reason, never the server's own path");
    }

    private static void assertUnreadable(ProtocolException answer, String uri) {
        assertEquals(ErrorCodes.INTERNAL_ERROR, answer.code());
        assertEquals("cannot read " + uri + ": permission denied", answer.getMessage());
        JsonObject data = (JsonObject) answer.data();
        assertEquals(uri, data.getString("uri"));
        assertEquals("permission denied", data.getString("reason"));
    }
}
