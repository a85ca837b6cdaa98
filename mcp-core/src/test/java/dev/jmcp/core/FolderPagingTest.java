package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Pages of a folder's listing through the server: cursors after a file name, not at an offset. */
class FolderPagingTest {
    private static final int PAGE = 7;

    @TempDir
    Path root;
    private Path folder;
    private String folderUri;
    private Harness harness;
    private McpClient client;
    private final AtomicInteger listChanges = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        folder = Files.createDirectory(root.resolve("many"));
        for (int i = 0; i < 40; i++) {
            Files.writeString(folder.resolve(String.format("f%02d.txt", i)), "x" + i);
        }
        Files.createDirectory(folder.resolve("f15-sub"));
        Files.createSymbolicLink(folder.resolve("f25-outside"), Path.of("/")); // never listed
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        folderUri = provider.list(Listing.top(null, 1, Caller.none())).findFirst().orElseThrow().resource().uri();
        harness = new Harness(ResourceSettings.builder().pageSize(PAGE).build(), provider);
        client = harness.sessionClient();
        client.resources().onListChanged(listChanges::incrementAndGet);
    }

    @AfterEach
    void stop() throws Exception {
        harness.close();
    }

    @Test
    void pagingAFolderGivesEveryEntryOnceInNameOrder() throws IOException {
        List<String> expected;
        try (Stream<Path> entries = Files.list(folder)) {
            expected = entries.map(path -> path.getFileName().toString()).filter(name -> !name.equals("f25-outside"))
                    .sorted().toList();
        }
        assertEquals(41, expected.size());
        assertEquals(expected, names(pagesFrom(null)));
    }

    @Test
    void filesAddedAndRemovedBetweenPagesMakeNoOtherEntrySkipOrRepeat() throws Exception {
        ListResourcesResult first = client.resources().children(folderUri, null);
        assertEquals("f06.txt", last(first));
        Files.delete(folder.resolve("f02.txt")); // before the cursor
        Files.delete(folder.resolve("f10.txt")); // after it
        Files.writeString(folder.resolve("f03a.txt"), "new, before the cursor");
        Files.writeString(folder.resolve("f20a.txt"), "new, after it");
        // the server has seen the change (its listing generation moved on) before the next page is asked for
        Harness.await("list_changed", () -> listChanges.get() > 0);

        List<String> rest = names(pagesFrom(first.nextCursor()));

        List<String> expected = new ArrayList<>();
        for (int i = 7; i < 40; i++) {
            expected.add(String.format("f%02d.txt", i));
        }
        expected.remove("f10.txt");
        expected.add("f15-sub");
        expected.add("f20a.txt");
        expected.sort(Comparator.naturalOrder());
        assertEquals(expected, rest);
    }

    @Test
    void topLevelPagesCrossBetweenAProviderPagedByOffsetAndOnePagedByName() throws Exception {
        Files.writeString(root.resolve("a.txt"), "a");
        Files.writeString(root.resolve("b.txt"), "b");
        FileSystemResourceProvider files = FileSystemResourceProvider.of(root);
        List<String> fileNames = List.of("a.txt", "b.txt", "many");
        for (int order : new int[] {-1, 1}) { // the static provider before the folder, then after it
            StaticProvider fixed = new StaticProvider("s", order, "s1", "s2", "s3");
            try (Harness small = new Harness(ResourceSettings.builder().pageSize(2).build(), files, fixed)) {
                McpClient c = small.client();
                List<String> all = new ArrayList<>();
                String cursor = null;
                do {
                    ListResourcesResult page = c.resources().list(cursor);
                    page.resources().forEach(resource -> all.add(resource.name()));
                    cursor = page.nextCursor();
                } while (cursor != null && all.size() < 20);
                List<String> expected = new ArrayList<>(order < 0 ? List.of("s1", "s2", "s3") : fileNames);
                expected.addAll(order < 0 ? fileNames : List.of("s1", "s2", "s3"));
                assertEquals(expected, all, "static provider priority " + order);
            }
        }
    }

    @Test
    void aForgedOrGarbledCursorOfAFolderIsInvalidParams() {
        String cursor = client.resources().children(folderUri, null).nextCursor();
        byte[] token = Base64.getUrlDecoder().decode(cursor);
        // the key (the last name of the page) follows part, offset and generation, and the MAC follows it
        String key = new String(token, 20, token.length - 36, StandardCharsets.UTF_8);
        assertEquals("f06.txt", key, "the cursor is a position after a name");
        byte[] escaping = "../../../etc/passwd".getBytes(StandardCharsets.UTF_8);
        byte[] forged = new byte[20 + escaping.length + 16];
        System.arraycopy(token, 0, forged, 0, 20);
        System.arraycopy(escaping, 0, forged, 20, escaping.length);
        System.arraycopy(token, token.length - 16, forged, forged.length - 16, 16);
        byte[] renamed = Arrays.copyOf(token, token.length);
        renamed[20] = 'g';
        for (String bad : List.of(encode(forged), encode(renamed), cursor.substring(0, cursor.length() - 3), "!!", "")) {
            ProtocolException e = Harness.protocolError(() -> client.resources().children(folderUri, bad));
            assertEquals(ErrorCodes.INVALID_PARAMS, e.code(), bad);
            assertTrue(e.getMessage().startsWith("invalid params.cursor"), e.getMessage());
        }
    }

    @Test
    void aFolderDeletedBetweenPagesIsResourceNotFound() throws IOException {
        String cursor = client.resources().children(folderUri, null).nextCursor();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
        ProtocolException e = Harness.protocolError(() -> client.resources().children(folderUri, cursor));
        assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
        assertEquals("Resource not found", e.getMessage());
        assertEquals(folderUri, ((JsonObject) e.data()).getString("uri"));
    }

    /** @return every resource of the pages from {@code cursor} to the end (at most 20 pages) */
    private List<Resource> pagesFrom(String cursor) {
        List<Resource> all = new ArrayList<>();
        int pages = 0;
        do {
            ListResourcesResult page = client.resources().children(folderUri, cursor);
            assertTrue(page.resources().size() <= PAGE, "a page holds at most " + PAGE);
            all.addAll(page.resources());
            cursor = page.nextCursor();
        } while (cursor != null && ++pages < 20);
        return all;
    }

    private static List<String> names(List<Resource> resources) {
        return resources.stream().map(Resource::name).toList();
    }

    private static String last(ListResourcesResult page) {
        return page.resources().get(page.resources().size() - 1).name();
    }

    private static String encode(byte[] token) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(token);
    }
}
