package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
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
import java.util.ServiceLoader;
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

        assertEquals(List.of("a.md", "b.txt", "c"), provider.list().map(Resource::name).toList());
        assertEquals(List.of(uri("a.md"), uri("b.txt"), uri("c")), provider.list().map(Resource::uri).toList());
    }

    @Test
    void listedMetadataHasNameSizeMimeTypeLastModifiedAndIsCollection() throws IOException {
        write("notes.md", "# hé");
        Files.setLastModifiedTime(Files.createDirectory(root.resolve("folder")), FileTime.from(MODIFIED));

        Map<String, Resource> byName = provider.list().collect(Collectors.toMap(Resource::name, Function.identity()));

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

        assertEquals("image/png", provider.metadata(uri("image.png")).orElseThrow().mimeType());
        assertEquals("application/json", provider.metadata(uri("data.json")).orElseThrow().mimeType());
        assertEquals("text/x-java", provider.metadata(uri("Main.java")).orElseThrow().mimeType());
        assertEquals("application/zip", provider.metadata(uri("archive.ZIP")).orElseThrow().mimeType());
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

        Map<String, String> types = provider.list().collect(Collectors.toMap(Resource::name, Resource::mimeType));

        assertEquals(Map.of("picture", "image/png", "photo.unknownext", "image/jpeg", "anim", "image/gif", "doc", "application/pdf",
                "bundle", "application/zip", "README", "text/plain", ".gitignore", "text/plain",
                "random", "application/octet-stream", "latin1", "application/octet-stream"), types);
    }

    @Test
    void textFileIsReadAsUtf8TextWithItsFullMetadata() throws IOException {
        String text = "Grüße ✓ 𝄞 — ünïcödé\n";
        write("greeting.md", text);

        List<ResourceContents> contents = provider.read(uri("greeting.md"), ReadContext.none());

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

        assertEquals("MIT, ©", assertInstanceOf(TextResourceContents.class, provider.read(uri("LICENSE"), ReadContext.none()).get(0)).text());
    }

    @Test
    void binaryFileIsReadAsABlobStreamedFromTheOpenFileWithTheSameBytes() throws IOException {
        byte[] bytes = new byte[70_000];
        System.arraycopy(PNG, 0, bytes, 0, PNG.length);
        for (int i = PNG.length; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        write("large.png", bytes);

        BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class, provider.read(uri("large.png"), ReadContext.none()).get(0));

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
                provider.read(uri("odd.txt"), ReadContext.none()).get(0)).text());
    }

    @Test
    void txtFileWithAnOverlongOrSurrogateEncodingIsServedAsABlob() throws IOException {
        // both are malformed UTF-8 (RFC 3629), whichever decoder looks first
        write("overlong.txt", new byte[] {'a', (byte) 0xC0, (byte) 0xAF});
        write("surrogate.txt", new byte[] {'a', (byte) 0xED, (byte) 0xA0, (byte) 0x80});

        assertInstanceOf(BlobResourceContents.class, provider.read(uri("overlong.txt"), ReadContext.none()).get(0));
        assertInstanceOf(BlobResourceContents.class, provider.read(uri("surrogate.txt"), ReadContext.none()).get(0));
    }

    @Test
    void txtFileThatIsNotValidUtf8IsServedAsABlob() throws IOException {
        byte[] bytes = {'c', 'a', 'f', (byte) 0xE9, (byte) 0xC3, '('};
        write("latin1.txt", bytes);

        BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class, provider.read(uri("latin1.txt"), ReadContext.none()).get(0));

        assertArrayEquals(bytes, blob.blob().toByteArray());
        assertEquals("text/plain", blob.mimeType());
        assertEquals(6L, blob.resource().size());
    }

    @Test
    void textLargerThanTheLimitIsStreamedAsABlob() throws IOException {
        write("big.txt", "0123456789");

        ResourceContents read = FileSystemResourceProvider.of(root, 9).read(uri("big.txt"), ReadContext.none()).get(0);

        BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class, read);
        assertInstanceOf(Blob.OfStream.class, blob.blob());
        assertEquals("0123456789", new String(blob.blob().toByteArray(), StandardCharsets.UTF_8));
    }

    @Test
    void childrenOfASubfolderAreSortedAndKnowTheirParent() throws IOException {
        write("sub/zeta.txt", "z");
        write("sub/alpha.txt", "a");
        Files.createDirectory(root.resolve("sub/middle"));

        assertEquals(List.of("alpha.txt", "middle", "zeta.txt"), provider.children(uri("sub")).map(Resource::name).toList());
        assertEquals(List.of(uri("sub/alpha.txt"), uri("sub/middle"), uri("sub/zeta.txt")),
                provider.children(uri("sub")).map(Resource::uri).toList());
        assertEquals(uri("sub"), provider.parentOf(uri("sub/alpha.txt")));
        assertEquals(uri(""), provider.parentOf(uri("sub")), "the root is the parent of its children, as any folder");
        assertNull(provider.parentOf(uri("")), "the root has none");
        assertEquals(List.of(), provider.children(uri("sub/zeta.txt")).toList());
    }

    @Test
    void readOfAFolderIsAnIllegalArgumentBecauseTheFeatureListsItsChildren() throws IOException {
        Files.createDirectory(root.resolve("folder"));

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> provider.read(uri("folder"), ReadContext.none()));

        assertTrue(refused.getMessage().contains("is a folder"), refused.getMessage());
    }

    @Test
    void missingFileIsEmptyMetadataAndAnEmptyReadNotAnError() {
        assertEquals(Optional.empty(), provider.metadata(uri("missing.txt")));
        assertEquals(Optional.empty(), provider.metadata(uri("missing/deeper.txt")));
        assertEquals(List.of(), provider.read(uri("missing.txt"), ReadContext.none()));
    }

    @Test
    void namesWithSpacesAndNonAsciiAreEncodedAndBothFormsResolve() throws IOException {
        write("a b é.txt", "x");

        String listed = provider.list().map(Resource::uri).findFirst().orElseThrow();

        assertEquals(uri("a%20b%20%C3%A9.txt"), listed);
        assertEquals("a b é.txt", provider.metadata(listed).orElseThrow().name());
        assertEquals("a b é.txt", provider.metadata(uri("a%20b%20é.txt")).orElseThrow().name());
    }

    @Test
    void localhostAuthorityAndTrailingSlashNameTheSameResource() throws IOException {
        Files.createDirectory(root.resolve("folder"));

        String withLocalhost = uri("folder").replaceFirst("^file://", "file://localhost");

        assertEquals(withLocalhost, provider.metadata(withLocalhost).orElseThrow().uri());
        assertEquals(Boolean.TRUE, provider.metadata(uri("folder") + "/").orElseThrow().isCollection());
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

    @Test
    void serviceLoaderInstanceOwnsAndListsNothingWithoutTheRootProperty() throws IOException {
        write("secret.txt", "must not be served");
        String previous = System.clearProperty(FileSystemResourceProvider.ROOT_PROPERTY);
        try {
            FileSystemResourceProvider loaded = ServiceLoader.load(ResourceProvider.class).stream()
                    .map(ServiceLoader.Provider::get)
                    .filter(FileSystemResourceProvider.class::isInstance)
                    .map(FileSystemResourceProvider.class::cast)
                    .findFirst().orElseThrow();

            assertFalse(loaded.owns(uri("secret.txt")));
            assertFalse(loaded.owns("file:///"));
            assertEquals(List.of(), loaded.list().toList());
            assertEquals(Optional.empty(), loaded.metadata(uri("secret.txt")));
            assertEquals(List.of(), loaded.read(uri("secret.txt"), ReadContext.none()));
            assertEquals(Optional.empty(), loaded.root());
        } finally {
            if (previous != null) {
                System.setProperty(FileSystemResourceProvider.ROOT_PROPERTY, previous);
            }
        }
    }

    @Test
    void noArgumentInstanceServesTheFolderTheRootPropertyNames() throws IOException {
        write("served.txt", "yes");
        String previous = System.setProperty(FileSystemResourceProvider.ROOT_PROPERTY, root.toString());
        try {
            FileSystemResourceProvider configured = new FileSystemResourceProvider();

            assertEquals(List.of("served.txt"), configured.list().map(Resource::name).toList());
            assertTrue(configured.owns(uri("served.txt")));
        } finally {
            if (previous == null) {
                System.clearProperty(FileSystemResourceProvider.ROOT_PROPERTY);
            } else {
                System.setProperty(FileSystemResourceProvider.ROOT_PROPERTY, previous);
            }
        }
    }
}
