package dev.jmcp.postgres;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpClient;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL provider through a real server and client, against the checks the file-system
 * provider passes: list, children, read text and blob, metadata, conditional read, subscribe (with
 * the write made in plain SQL), and keyset paging.
 */
class PostgresProviderTest {
    private DataSource database;
    private Served served;

    @BeforeEach
    void start() throws Exception {
        database = Databases.database();
        Databases.execute(database, """
                INSERT INTO jmcp_resources (parent, name, is_collection) VALUES ('', 'docs', true), ('docs', 'deep', true);
                INSERT INTO jmcp_resources (parent, name, mime_type, text_body) VALUES
                    ('', 'readme.md', 'text/markdown', '# hello'), ('docs', 'a b.txt', NULL, 'alpha'),
                    ('docs/deep', 'note.txt', NULL, 'deep note');
                INSERT INTO jmcp_resources (parent, name, mime_type, blob_body) VALUES
                    ('docs', 'logo.png', 'image/png', decode('89504e470d0a1a0a00ff', 'hex'));
                """);
        served = new Served(database, 100).listening();
    }

    @AfterEach
    void stop() throws Exception {
        served.close();
    }

    @Test
    void theTopLevelListsTheRootsRowsAndChildrenListACollection() {
        McpClient client = served.client();
        assertEquals(List.of("pg://resources/docs", "pg://resources/readme.md"), uris(client.resources().listAll(10)));
        List<Resource> docs = client.resources().listAllChildren("pg://resources/docs", 10);
        assertEquals(List.of("pg://resources/docs/a%20b.txt", "pg://resources/docs/deep", "pg://resources/docs/logo.png"), uris(docs));
        assertEquals(Boolean.TRUE, docs.get(1).isCollection());
        assertEquals("inode/directory", docs.get(1).mimeType());
        assertEquals(Boolean.FALSE, docs.get(0).isCollection());
        assertEquals(5L, docs.get(0).size());
        assertEquals("text/plain", docs.get(0).mimeType());
    }

    @Test
    void aTextRowReadsAsTextAndABinaryRowAsItsBytes() throws Exception {
        McpClient client = served.client();
        ReadResourceResult text = client.resources().read("pg://resources/docs/a%20b.txt");
        assertEquals("alpha", ((TextResourceContents) text.contents().get(0)).text());
        ReadResourceResult blob = client.resources().read("pg://resources/docs/logo.png");
        BlobResourceContents contents = (BlobResourceContents) blob.contents().get(0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        contents.blob().transferTo(bytes);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, (byte) 0xff}, bytes.toByteArray());
        assertEquals("image/png", contents.resource().mimeType());
    }

    @Test
    void aLargeBodyIsStreamedInChunksAndArrivesWhole() throws Exception {
        // larger than maxTextBytes (1 MiB) and than several chunks of 256 KiB: read a chunk per query
        Databases.execute(database, "INSERT INTO jmcp_resources (parent, name, text_body) VALUES ('', 'big.txt',"
                + " repeat('é0123456789', 200000))");
        Databases.execute(database, "INSERT INTO jmcp_resources (parent, name, blob_body) VALUES ('', 'big.bin',"
                + " convert_to(repeat('xyz', 1000000), 'UTF8'))");
        McpClient client = served.client();
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        ((BlobResourceContents) client.resources().read("pg://resources/big.txt").contents().get(0)).blob().transferTo(text);
        assertEquals("é0123456789".repeat(200000), text.toString(java.nio.charset.StandardCharsets.UTF_8));
        ByteArrayOutputStream blob = new ByteArrayOutputStream();
        ((BlobResourceContents) client.resources().read("pg://resources/big.bin").contents().get(0)).blob().transferTo(blob);
        assertEquals(3_000_000, blob.size());
    }

    @Test
    void metadataDescribesWithoutReadingAndAMissingRowIsNotFound() {
        McpClient client = served.client();
        Resource readme = client.resources().metadata("pg://resources/readme.md");
        assertEquals("text/markdown", readme.mimeType());
        assertEquals(7L, readme.size());
        assertNotNull(readme.annotations().lastModified());
        McpException missing = assertThrows(McpException.class, () -> client.resources().read("pg://resources/nope.txt"));
        assertEquals(-32602, ((ProtocolException) missing).code());
    }

    @Test
    void aConditionalReadOfTheHeldRevisionSendsNothingAndAnUpdateGivesANewVersion() {
        McpClient client = served.client();
        String version = ConditionalReads.version(client.resources().read("pg://resources/readme.md"));
        assertNotNull(version);
        assertTrue(ConditionalReads.isNotModified(client.resources().readIfChanged("pg://resources/readme.md", version)));
        Databases.execute(database, "UPDATE jmcp_resources SET text_body = '# changed' WHERE parent = '' AND name = 'readme.md'");
        ReadResourceResult changed = client.resources().readIfChanged("pg://resources/readme.md", version);
        assertFalse(ConditionalReads.isNotModified(changed));
        assertEquals("# changed", ((TextResourceContents) changed.contents().get(0)).text());
        assertNotEquals(version, ConditionalReads.version(changed));
    }

    @Test
    void aSessionSubscribedToACollectionHearsAnUpdateMadeInPlainSql() throws Exception {
        McpClient session = served.sessionClient();
        List<String> updates = new CopyOnWriteArrayList<>();
        AtomicInteger listChanges = new AtomicInteger();
        session.resources().onListChanged(listChanges::incrementAndGet);
        session.resources().subscribe("pg://resources/docs", updates::add);
        Databases.execute(database, "UPDATE jmcp_resources SET text_body = 'deeper' WHERE parent = 'docs/deep'");
        Served.await("the update of a row below the collection", () -> updates.contains("pg://resources/docs/deep/note.txt"));
        Databases.execute(database, "INSERT INTO jmcp_resources (parent, name, text_body) VALUES ('', 'new.txt', 'x')");
        Served.await("list_changed after an INSERT", () -> listChanges.get() > 0);
    }

    @Test
    void aCollectionOf2500RowsPagesByKeyInOrder() {
        Databases.execute(database, "INSERT INTO jmcp_resources (parent, name, is_collection) VALUES ('', 'many', true);"
                + " INSERT INTO jmcp_resources (parent, name, text_body)"
                + " SELECT 'many', 'n' || lpad(i::text, 5, '0'), 'row ' || i FROM generate_series(1, 2500) AS i");
        McpClient client = served.client();
        int pages = 0;
        String cursor = null;
        StringBuilder names = new StringBuilder();
        do {
            ListResourcesResult page = client.resources().children("pg://resources/many", cursor);
            assertTrue(page.resources().size() <= 100);
            page.resources().forEach(resource -> names.append(resource.name()).append(','));
            cursor = page.nextCursor();
            pages++;
        } while (cursor != null);
        assertEquals(25, pages);
        String expected = java.util.stream.IntStream.rangeClosed(1, 2500).mapToObj(i -> String.format("n%05d,", i))
                .collect(Collectors.joining());
        assertEquals(expected, names.toString());
    }

    private static List<String> uris(List<Resource> resources) {
        return resources.stream().map(Resource::uri).toList();
    }
}
