package dev.jmcp.example.zip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.UriPaths;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ProviderSettings;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The provider on its own, as the engine calls it: describe, list a page from a position, read, version. */
class ZipResourceProviderTest {
    @TempDir
    static Path dir;
    private static Path archive;
    private static ResourceProvider zip;
    private static String root;

    @BeforeAll
    static void open() throws IOException {
        archive = TestArchive.write(dir.resolve("docs archive.zip"), false).toRealPath();
        zip = new ZipProviderFactory().create(ProviderSettings.of("zip", Map.of("file", archive.toString())));
        root = ZipProviderFactory.defaultUri(archive);
    }

    @AfterAll
    static void close() {
        zip.close();
    }

    @Test
    void theDefaultRootUriIsTheArchivesPathUnderZipEncodedAsEveryPathIs() {
        assertEquals("zip://" + archive.toUri().getRawPath(), root);
        assertTrue(root.endsWith("/docs%20archive.zip"), root);
    }

    @Test
    void theRootIsACollectionNamedAfterTheArchive() {
        Resource described = describe(root);
        assertEquals(Boolean.TRUE, described.isCollection());
        assertEquals("inode/directory", described.mimeType());
        assertEquals("docs archive.zip", described.name());
    }

    @Test
    void theTopListingIsTheRootsEntriesSortedByNameWithoutTheOnesNoUriNames() {
        List<ListingEntry> top = zip.list(Listing.top(null, 100, Caller.none())).toList();
        assertEquals(List.of("data", "docs", "données", "latin1.txt", "many"),
                top.stream().map(ListingEntry::position).toList());
        assertEquals(UriPaths.child(root, "données"), top.get(2).resource().uri());
        assertEquals(top, zip.list(Listing.children(root, null, 100, Caller.none())).toList());
    }

    @Test
    void aLargeFolderIsListedAPageAtATimeFromThePositionOfThePageBefore() {
        String many = UriPaths.child(root, "many");
        List<String> names = new ArrayList<>();
        String after = null;
        int pages = 0;
        do {
            List<ListingEntry> page = zip.list(Listing.children(many, after, 500, Caller.none())).toList();
            page.forEach(entry -> names.add(entry.resource().name()));
            after = page.isEmpty() ? null : page.get(page.size() - 1).position();
            pages++;
        } while (after != null && pages < 10);
        assertEquals(4, pages); // 500, 500, 200, and an empty page after the last position
        assertEquals(TestArchive.MANY, names.size());
        for (int i = 0; i < TestArchive.MANY; i++) {
            assertEquals(TestArchive.many(i), names.get(i));
        }
    }

    @Test
    void foldersListedInTheArchiveHaveItsTimeAndImpliedOnesNone() {
        Resource docs = describe(UriPaths.child(root, "docs"));
        assertEquals(Boolean.TRUE, docs.isCollection());
        assertEquals("2026-01-02T03:04:05Z", docs.annotations().lastModified());
        Resource guide = describe(UriPaths.join(root, List.of("docs", "guide")));
        assertEquals(Boolean.TRUE, guide.isCollection());
        assertEquals(null, guide.annotations());
        assertEquals(1, zip.list(Listing.children(guide.uri(), null, 10, Caller.none())).count());
    }

    @Test
    void anEntryHasItsSizeTypeTimeAndCrcVersion() {
        Resource readme = describe(UriPaths.join(root, List.of("docs", "readme.md")));
        assertEquals(Boolean.FALSE, readme.isCollection());
        assertEquals("text/markdown", readme.mimeType());
        assertEquals(10L, readme.size());
        assertEquals("2026-01-02T03:04:05Z", readme.annotations().lastModified());
        CRC32 crc = new CRC32();
        crc.update("# Read me\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(String.format("crc32-%08x", crc.getValue()), zip.version(readme).orElseThrow());
    }

    @Test
    void textIsReadAsTextUnderTheUriTheClientSent() {
        String uri = UriPaths.join(root, List.of("données", TestArchive.NON_ASCII));
        TextResourceContents text = (TextResourceContents) read(uri).get(0);
        assertEquals(TestArchive.TEXT, text.text());
        assertEquals(uri, text.uri());
    }

    @Test
    void textThatIsNotUtf8AndBinariesAreBlobsStreamedWithTheirLength() {
        BlobResourceContents latin1 = (BlobResourceContents) read(UriPaths.child(root, "latin1.txt")).get(0);
        assertArrayEquals("caf\u00e9".getBytes(StandardCharsets.ISO_8859_1), latin1.blob().toByteArray());
        BlobResourceContents binary = (BlobResourceContents) read(UriPaths.join(root, List.of("data", "random.bin"))).get(0);
        assertEquals(TestArchive.BINARY.length, binary.blob().length());
        assertArrayEquals(TestArchive.BINARY, binary.blob().toByteArray());
    }

    @Test
    void whatIsNotThereIsAbsentAndAUriThatClimbsOutIsRefused() {
        assertTrue(zip.describe(UriPaths.child(root, "missing.txt"), Caller.none()).isEmpty());
        assertTrue(zip.describe(UriPaths.join(root, List.of("latin1.txt", "below")), Caller.none()).isEmpty());
        ProtocolException refused = assertThrows(ProtocolException.class,
                () -> zip.describe(root + "/../escape.txt", Caller.none()));
        assertEquals(-32602, refused.code());
        assertFalse(zip.owns("zip:///elsewhere.zip"));
    }

    @Test
    void theFactoryNamesTheSettingItMissesAndTheFileItCannotOpen() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> new ZipProviderFactory().create(ProviderSettings.of("zip", Map.of())));
        assertTrue(missing.getMessage().contains("zip.file"), missing.getMessage());
        IllegalArgumentException absent = assertThrows(IllegalArgumentException.class, () -> new ZipProviderFactory()
                .create(ProviderSettings.of("zip", Map.of("file", dir.resolve("none.zip").toString()))));
        assertTrue(absent.getMessage().contains("zip.file") && absent.getMessage().contains("no such file"),
                absent.getMessage());
        try (ResourceProvider named = new ZipProviderFactory().create(ProviderSettings.of("zip",
                Map.of("file", archive.toString(), "uri", "docs://archive")))) {
            ListingEntry many = named.list(Listing.top("latin1.txt", 1, Caller.none())).findFirst().orElseThrow();
            assertEquals("docs://archive/many", many.resource().uri());
        }
    }

    private static Resource describe(String uri) {
        return zip.describe(uri, Caller.none()).orElseThrow(() -> new AssertionError("not found: " + uri));
    }

    private static List<ResourceContents> read(String uri) {
        return zip.read(describe(uri), ReadContext.none());
    }
}
