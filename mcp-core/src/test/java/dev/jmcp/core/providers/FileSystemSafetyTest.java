package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** Every way to name something outside the root is refused with -32602, a reason and data.uri. */
class FileSystemSafetyTest {
    @TempDir
    Path temp;
    Path root;
    Path outside;
    FileSystemResourceProvider provider;

    @BeforeEach
    void createRootAndASecretNextToIt() throws IOException {
        root = Files.createDirectory(temp.resolve("root")).toRealPath();
        outside = Files.createDirectory(temp.resolve("outside")).toRealPath();
        Files.writeString(outside.resolve("secret.txt"), "secret");
        Files.createDirectory(root.resolve("sub"));
        Files.writeString(root.resolve("sub/inside.txt"), "inside");
        provider = FileSystemResourceProvider.of(root);
    }

    private String uri(String relative) {
        return FileSystemResourceProviderTest.uriOf(root, relative);
    }

    /** Asserts that describe, read and a listing of its children all refuse {@code uri}, saying {@code why}. */
    private void assertRefused(String uri, String why) {
        for (Executable call : List.<Executable>of(() -> Calls.describe(provider, uri),
                () -> Calls.readUndescribed(provider, uri), () -> Calls.children(provider, uri))) {
            Calls.assertInvalidParams(call, uri, why);
        }
    }

    @Test
    void dotDotSegmentIsRefused() {
        assertRefused(uri("sub/../../outside/secret.txt"), "'..' segment");
        assertRefused(uri("sub/.."), "'..' segment");
    }

    @Test
    void percentEncodedDotDotIsRefused() {
        assertRefused(uri("sub/%2e%2e/%2E%2E/outside/secret.txt"), "'..' segment");
        assertRefused(uri("%2e./outside/secret.txt"), "'..' segment");
    }

    @Test
    void dotSegmentIsRefused() {
        assertRefused(uri("sub/./inside.txt"), "'.' segment");
    }

    @Test
    void absolutePathOutsideTheRootIsRefused() {
        assertRefused(outside.resolve("secret.txt").toUri().toString(), "the path is outside the served root");
        assertRefused("file:///etc/passwd", "the path is outside the served root");
    }

    @Test
    void siblingFolderWhoseNameExtendsTheRootsIsOutside() throws IOException {
        Path sibling = Files.createDirectory(temp.resolve("rootkit"));
        Files.writeString(sibling.resolve("x.txt"), "x");

        assertRefused(sibling.resolve("x.txt").toUri().toString(), "the path is outside the served root");
    }

    @Test
    void percentEncodedSlashInASegmentIsRefused() {
        assertRefused(uri("sub%2Finside.txt"), "percent-encoded path separator");
        assertRefused(uri("sub%2finside.txt"), "percent-encoded path separator");
    }

    @Test
    void percentEncodedBackslashInASegmentIsRefused() {
        assertRefused(uri("sub%5Cinside.txt"), "percent-encoded path separator");
    }

    @Test
    void symbolicLinkToAFileOutsideTheRootIsRefused() throws IOException {
        Files.createSymbolicLink(root.resolve("leak.txt"), outside.resolve("secret.txt"));

        assertRefused(uri("leak.txt"), "symbolic link on the path leads outside");
    }

    @Test
    void symbolicLinkToAFolderOutsideTheRootIsRefused() throws IOException {
        Files.createSymbolicLink(root.resolve("escape"), outside);

        assertRefused(uri("escape"), "symbolic link on the path leads outside");
    }

    @Test
    void pathThroughALinkedFolderOutsideTheRootIsRefusedWhetherTheFileExistsOrNot() throws IOException {
        Files.createSymbolicLink(root.resolve("sub/escape"), outside);

        assertRefused(uri("sub/escape/secret.txt"), "symbolic link on the path leads outside");
        assertRefused(uri("sub/escape/no-such-file.txt"), "symbolic link on the path leads outside");
    }

    @Test
    void listingsLeaveOutLinksThatLeaveTheRootAndBrokenLinks() throws IOException {
        Files.createSymbolicLink(root.resolve("escape"), outside);
        Files.createSymbolicLink(root.resolve("leak.txt"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(root.resolve("broken"), root.resolve("nothing-here"));

        assertEquals(List.of("sub"), Calls.top(provider).stream().map(Resource::name).toList());
    }

    @Test
    void symbolicLinksThatStayInsideTheRootAreServed() throws IOException {
        Files.createSymbolicLink(root.resolve("alias.txt"), root.resolve("sub/inside.txt"));
        Files.createSymbolicLink(root.resolve("alias-dir"), root.resolve("sub"));

        TextResourceContents read = (TextResourceContents) Calls.read(provider, uri("alias.txt")).get(0);

        assertEquals("inside", read.text());
        assertEquals("alias.txt", read.resource().name());
        assertEquals(List.of(uri("alias-dir/inside.txt")), Calls.children(provider, uri("alias-dir")).stream().map(Resource::uri).toList());
        assertEquals(List.of("alias-dir", "alias.txt", "sub"), Calls.top(provider).stream().map(Resource::name).toList());
    }

    @Test
    void rootReachedThroughALinkIsServedAsItsRealPath() throws IOException {
        Path link = Files.createSymbolicLink(temp.resolve("link-to-root"), root);

        FileSystemResourceProvider viaLink = FileSystemResourceProvider.of(link);

        assertEquals(root, viaLink.root().orElseThrow());
        assertEquals(List.of(uri("sub")), Calls.top(viaLink).stream().map(Resource::uri).toList());
    }

    @Test
    void httpSchemeIsRefused() {
        assertRefused("http://example.com/sub/inside.txt", "only file: URIs");
    }

    @Test
    void jarSchemeIsRefused() {
        assertRefused("jar:" + uri("x.jar") + "!/inside.txt", "only file: URIs");
    }

    @Test
    void barePathIsRefused() {
        assertRefused(root.resolve("sub/inside.txt").toString(), "a bare path");
    }

    @Test
    void fileUriWithoutAnAbsolutePathIsRefused() {
        assertRefused("file:sub/inside.txt", "absolute path");
    }

    @Test
    void queryIsRefused() {
        assertRefused(uri("sub/inside.txt") + "?version=2", "query or a fragment");
        assertRefused(uri("sub/inside.txt") + "?", "query or a fragment");
    }

    @Test
    void fragmentIsRefused() {
        assertRefused(uri("sub/inside.txt") + "#top", "query or a fragment");
    }

    @Test
    void authorityOtherThanLocalhostIsRefused() {
        assertRefused(uri("sub/inside.txt").replaceFirst("^file://", "file://example.com"), "host 'example.com' is not served");
        assertRefused(uri("sub/inside.txt").replaceFirst("^file://", "file://user@localhost"), "is not served");
    }

    @Test
    void nulByteIsRefusedRawAndPercentEncoded() {
        assertRefused(uri("sub/inside.txt") + "\0.png", "NUL byte");
        assertRefused(uri("sub/inside.txt%00.png"), "NUL byte");
    }

    @Test
    void percentEscapesThatAreNotUtf8AreRefused() {
        assertRefused(uri("sub/%C3%28.txt"), "not valid UTF-8");
    }

    @Test
    void parentOfARefusedUriIsEmptyRatherThanAnError() {
        assertEquals(Optional.empty(), provider.parentOf(uri("sub/../../outside/secret.txt")));
        assertEquals(Optional.empty(), provider.parentOf("http://example.com/a/b"));
    }
}
