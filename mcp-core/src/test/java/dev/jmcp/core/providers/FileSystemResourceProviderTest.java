package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemResourceProviderTest {
    static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 'I', 'H', 'D', 'R'};
    private static final Instant MODIFIED = Instant.parse("2024-05-06T07:08:09Z");

    @TempDir
    Path temp;
    Path root;
    FileSystemResourceProvider provider;

    @BeforeEach
    void createRoot() throws IOException {
        root = Files.createDirectory(temp.resolve("root")).toRealPath();
        provider = FileSystemResourceProvider.of(root);
    }

    /** @return the URI the provider gives {@code relative}, built independently of it */
    static String uriOf(Path root, String relative) {
        String base = root.toUri().toASCIIString();
        return base.substring(0, base.length() - 1) + (relative.isEmpty() ? "" : "/" + relative);
    }

    private String uri(String relative) {
        return uriOf(root, relative);
    }

    private Path write(String relative, byte[] bytes) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
        Files.setLastModifiedTime(file, FileTime.from(MODIFIED));
        return file;
    }

    private Path write(String relative, String text) throws IOException {
        return write(relative, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void listingHasTheRootsDirectChildrenSortedByName() throws IOException {
        write("b.txt", "b");
        write("a.md", "# a");
        Files.createDirectory(root.resolve("c"));
        write("c/inside.txt", "not top level");

        assertEquals(List.of("a.md", "b.txt", "c"), Calls.top(provider).stream().map(Resource::name).toList());
        assertEquals(List.of(uri("a.md"), uri("b.txt"), uri("c")), Calls.top(provider).stream().map(Resource::uri).toList());
    }

    @Test
    void listedMetadataHasNameSizeMimeTypeLastModifiedAndIsCollection() throws IOException {
        write("notes.md", "# hé");
        Files.setLastModifiedTime(Files.createDirectory(root.resolve("folder")), FileTime.from(MODIFIED));

        Map<String, Resource> byName = Calls.top(provider).stream().collect(Collectors.toMap(Resource::name, Function.identity()));

        Resource notes = byName.get("notes.md");
        assertEquals(5L, notes.size());
        assertEquals("text/markdown", notes.mimeType());
        assertEquals(Boolean.FALSE, notes.isCollection());
        assertEquals("2024-05-06T07:08:09Z", notes.annotations().lastModified());
        assertNull(notes.title());
        Resource folder = byName.get("folder");
        assertEquals(Boolean.TRUE, folder.isCollection());
        assertEquals("inode/directory", folder.mimeType());
        assertEquals("2024-05-06T07:08:09Z", folder.annotations().lastModified());
        assertNull(folder.size());
    }

    @Test
    void mimeTypeComesFromTheExtensionBeforeTheContent() throws IOException {
        write("image.png", "not really a png");
        write("data.json", "{}");
        write("Main.java", "class Main {}");
        write("archive.ZIP", new byte[] {1, 2});

        assertEquals("image/png", Calls.metadata(provider, uri("image.png")).mimeType());
        assertEquals("application/json", Calls.metadata(provider, uri("data.json")).mimeType());
        assertEquals("text/x-java", Calls.metadata(provider, uri("Main.java")).mimeType());
        assertEquals("application/zip", Calls.metadata(provider, uri("archive.ZIP")).mimeType());
    }

    @Test
    void mimeTypeIsSniffedFromTheFirstBytesWhenTheExtensionSaysNothing() throws IOException {
        write("picture", PNG);
        write("photo.unknownext", new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0});
        write("anim", "GIF89a...".getBytes(StandardCharsets.US_ASCII));
        write("doc", "%PDF-1.7\n".getBytes(StandardCharsets.US_ASCII));
        write("bundle", new byte[] {'P', 'K', 3, 4, 0, 0});
        write("README", "Grüße, plain UTF-8 text");
        write(".gitignore", "target/\n");
        write("random", new byte[] {0x01, 0x00, (byte) 0xFE, 0x7F});
        write("latin1", new byte[] {'c', 'a', 'f', (byte) 0xE9});

        // a hidden file is served only when asked
        Map<String, String> types = Calls.top(provider.withIncludeHidden(true)).stream()
                .collect(Collectors.toMap(Resource::name, Resource::mimeType));

        assertEquals(Map.of("picture", "image/png", "photo.unknownext", "image/jpeg", "anim", "image/gif", "doc", "application/pdf",
                "bundle", "application/zip", "README", "text/plain", ".gitignore", "text/plain",
                "random", "application/octet-stream", "latin1", "application/octet-stream"), types);
    }

    @Test
    void textFileIsReadAsUtf8TextWithItsFullMetadata() throws IOException {
        String text = "Grüße ✓ 𝄞 — ünïcödé\n";
        write("greeting.md", text);

        List<ResourceContents> contents = Calls.read(provider, uri("greeting.md"));

        TextResourceContents only = assertInstanceOf(TextResourceContents.class, contents.get(0));
        assertEquals(1, contents.size());
        assertEquals(text, only.text());
        assertEquals(uri("greeting.md"), only.uri());
        assertEquals("greeting.md", only.resource().name());
        assertEquals("text/markdown", only.mimeType());
        assertEquals((long) text.getBytes(StandardCharsets.UTF_8).length, only.resource().size());
        assertEquals(Boolean.FALSE, only.resource().isCollection());
        assertEquals("2024-05-06T07:08:09Z", only.resource().annotations().lastModified());
    }

    @Test
    void sniffedTextWithoutExtensionIsReadAsText() throws IOException {
        write("LICENSE", "MIT, ©");

        assertEquals("MIT, ©", assertInstanceOf(TextResourceContents.class, Calls.read(provider, uri("LICENSE")).get(0)).text());
    }

    @Test
    void binaryFileIsReadAsABlobStreamedFromTheOpenFileWithTheSameBytes() throws IOException {
        byte[] bytes = new byte[70_000];
        System.arraycopy(PNG, 0, bytes, 0, PNG.length);
        for (int i = PNG.length; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        write("large.png", bytes);

        BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class, Calls.read(provider, uri("large.png")).get(0));

        assertInstanceOf(Blob.OfStream.class, blob.blob()); // not held in memory
        assertEquals(70_000L, blob.blob().length());
        assertArrayEquals(bytes, blob.blob().toByteArray());
        assertEquals("image/png", blob.mimeType());
        assertEquals(70_000L, blob.resource().size());
        assertEquals(uri("large.png"), blob.uri());
    }

    @Test
    void textThatHoldsTheReplacementCharacterItselfIsStillText() throws IOException {
        // U+FFFD is what a lenient decoder puts for bad bytes: well-formed, it is text all the same
        write("odd.txt", "a \uFFFD b");

        assertEquals("a \uFFFD b", assertInstanceOf(TextResourceContents.class,
                Calls.read(provider, uri("odd.txt")).get(0)).text());
    }

    @Test
    void txtFileWithAnOverlongOrSurrogateEncodingIsServedAsABlob() throws IOException {
        // both are malformed UTF-8 (RFC 3629), whichever decoder looks first
        write("overlong.txt", new byte[] {'a', (byte) 0xC0, (byte) 0xAF});
        write("surrogate.txt", new byte[] {'a', (byte) 0xED, (byte) 0xA0, (byte) 0x80});

        assertInstanceOf(BlobResourceContents.class, Calls.read(provider, uri("overlong.txt")).get(0));
        assertInstanceOf(BlobResourceContents.class, Calls.read(provider, uri("surrogate.txt")).get(0));
    }

    @Test
    void txtFileThatIsNotValidUtf8IsServedAsABlob() throws IOException {
        byte[] bytes = {'c', 'a', 'f', (byte) 0xE9, (byte) 0xC3, '('};
        write("latin1.txt", bytes);

        BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class, Calls.read(provider, uri("latin1.txt")).get(0));

        assertArrayEquals(bytes, blob.blob().toByteArray());
        assertEquals("text/plain", blob.mimeType());
        assertEquals(6L, blob.resource().size());
    }

    @Test
    void textLargerThanTheLimitIsStreamedAsABlob() throws IOException {
        write("big.txt", "0123456789");

        ResourceContents read = Calls.read(FileSystemResourceProvider.of(root, 9), uri("big.txt")).get(0);

        BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class, read);
        assertInstanceOf(Blob.OfStream.class, blob.blob());
        assertEquals("0123456789", new String(blob.blob().toByteArray(), StandardCharsets.UTF_8));
    }

    @Test
    void childrenOfASubfolderAreSortedAndKnowTheirParent() throws IOException {
        write("sub/zeta.txt", "z");
        write("sub/alpha.txt", "a");
        Files.createDirectory(root.resolve("sub/middle"));

        assertEquals(List.of("alpha.txt", "middle", "zeta.txt"), Calls.children(provider, uri("sub")).stream().map(Resource::name).toList());
        assertEquals(List.of(uri("sub/alpha.txt"), uri("sub/middle"), uri("sub/zeta.txt")),
                Calls.children(provider, uri("sub")).stream().map(Resource::uri).toList());
        assertEquals(Optional.of(uri("sub")), provider.parentOf(uri("sub/alpha.txt")));
        assertEquals(Optional.of(uri("")), provider.parentOf(uri("sub")), "the root is the parent of its children, as any folder");
        assertEquals(Optional.empty(), provider.parentOf(uri("")), "the root has none");
        assertEquals(List.of(), Calls.children(provider, uri("sub/zeta.txt")));
    }

    @Test
    void readOfAFolderIsAnIllegalArgumentBecauseTheFeatureListsItsChildren() throws IOException {
        Files.createDirectory(root.resolve("folder"));

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Calls.read(provider, uri("folder")));

        assertTrue(refused.getMessage().contains("is a folder"), refused.getMessage());
    }

    @Test
    void missingFileIsAnEmptyDescriptionAndAReadOfItIsNotFoundWithItsUri() {
        assertEquals(Optional.empty(), Calls.describe(provider, uri("missing.txt")));
        assertEquals(Optional.empty(), Calls.describe(provider, uri("missing/deeper.txt")));

        Calls.assertInvalidParams(() -> Calls.readUndescribed(provider, uri("missing.txt")), uri("missing.txt"), "not found");
    }

    @Test
    void rootIsACollectionDescribedByItsOwnUri() {
        Resource described = Calls.metadata(provider, uri(""));

        assertEquals(Boolean.TRUE, described.isCollection());
        assertEquals("inode/directory", described.mimeType());
        assertEquals("root", described.name());
        assertEquals(uri(""), provider.rootUri());
    }

    @Test
    void namesWithSpacesAndNonAsciiAreEncodedAndBothFormsResolve() throws IOException {
        write("a b é.txt", "x");

        String listed = Calls.top(provider).stream().map(Resource::uri).findFirst().orElseThrow();

        assertEquals(uri("a%20b%20%C3%A9.txt"), listed);
        assertEquals("a b é.txt", Calls.metadata(provider, listed).name());
        assertEquals("a b é.txt", Calls.metadata(provider, uri("a%20b%20é.txt")).name());
    }

    @Test
    void localhostAuthorityAndTrailingSlashNameTheSameResource() throws IOException {
        Files.createDirectory(root.resolve("folder"));

        String withLocalhost = uri("folder").replaceFirst("^file://", "file://localhost");

        assertEquals(withLocalhost, Calls.metadata(provider, withLocalhost).uri());
        assertEquals(Boolean.TRUE, Calls.metadata(provider, uri("folder") + "/").isCollection());
    }

    @Test
    void ownsEveryFileUriSoThatABadOneGetsThisProvidersRefusal() {
        assertTrue(provider.owns("file:///etc/passwd"));
        assertTrue(provider.owns("FILE:///x"));
        assertFalse(provider.owns("http://example.com/"));
        assertEquals("filesystem", provider.id());
        assertTrue(provider.reportsUpdates() && provider.reportsListChanges());
    }

    @Test
    void aRootThatIsNotAFolderIsRefused() throws IOException {
        Path file = write("plain.txt", "x");

        assertThrows(IllegalArgumentException.class, () -> FileSystemResourceProvider.of(file));
        assertThrows(IllegalArgumentException.class, () -> FileSystemResourceProvider.of(temp.resolve("missing")));
    }
}
