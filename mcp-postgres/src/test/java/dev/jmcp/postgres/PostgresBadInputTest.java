package dev.jmcp.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Bad input meets a clear error and nothing else is served: SQL in a URI, a NOTIFY that is not
 * ours, a table that is missing or that the user may not read.
 */
class PostgresBadInputTest {

    @Test
    void sqlInAUriIsOnlyANameThatIsNotThere() throws Exception {
        DataSource database = Databases.database();
        Databases.execute(database, "INSERT INTO jmcp_resources (parent, name, text_body) VALUES ('', 'a.txt', 'secret')");
        try (Served served = new Served(database, 100)) {
            McpClient client = served.client();
            for (String uri : List.of("pg://resources/x'%3B%20DROP%20TABLE%20jmcp_resources%3B--",
                    "pg://resources/'%20OR%20'1'%3D'1", "pg://resources/a.txt'%20--")) {
                ProtocolException error = assertThrows(ProtocolException.class, () -> client.resources().read(uri));
                assertEquals(-32602, error.code(), uri);
                assertTrue(error.getMessage().contains("not found") || error.getMessage().contains(uri), error.getMessage());
            }
            ProtocolException dots = assertThrows(ProtocolException.class, () -> client.resources().read("pg://resources/../a.txt"));
            assertEquals(-32602, dots.code());
        }
        assertEquals(1, count(database, "SELECT count(*) FROM jmcp_resources"), "the table is still there, unchanged");
    }

    @Test
    void aNotifyThatIsNotOursIsIgnoredAndOursStillArrive() throws Exception {
        DataSource database = Databases.database();
        Databases.execute(database, "INSERT INTO jmcp_resources (parent, name, text_body) VALUES ('', 'a.txt', 'v1')");
        try (Served served = new Served(database, 100).listening()) {
            McpClient session = served.sessionClient();
            List<String> updates = new CopyOnWriteArrayList<>();
            session.resources().subscribe("pg://resources/a.txt", updates::add);
            for (String payload : List.of("hello", "jmcp1 X - - pg://resources/a.txt", "jmcp1 U", "jmcp1 U - -",
                    "jmcp1 U - - pg://elsewhere/a.txt", "jmcp2 U - - pg://resources/a.txt")) {
                Databases.execute(database, "SELECT pg_notify('jmcp_changes', '" + payload + "')");
            }
            Databases.execute(database, "UPDATE jmcp_resources SET text_body = 'v2'");
            Served.await("the real update", () -> updates.contains("pg://resources/a.txt"));
            assertEquals(List.of("pg://resources/a.txt"), updates, "none of the foreign payloads was taken for an update");
            assertTrue(served.events.isListening(), "the listener carries on");
        }
    }

    @Test
    void aMissingTableKeepsTheServerFromStartingAndSaysWhich() {
        DataSource database = Databases.emptyDatabase();
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> PostgresResources.install(
                McpServer.builder().serverInfo("t", "1"), database, PostgresSettings.defaults()).build());
        assertTrue(refused.getMessage().contains("the table jmcp_resources does not exist (SQLState 42P01)"), refused.getMessage());
    }

    @Test
    void aTableTheUserMayNotReadIsAClearErrorOnEveryRead() throws Exception {
        DataSource database = Databases.database();
        Databases.execute(database, "INSERT INTO jmcp_resources (parent, name, text_body) VALUES ('', 'a.txt', 'v1');"
                + " CREATE ROLE reader LOGIN; GRANT SELECT ON jmcp_resources TO reader");
        String name = databaseName(database);
        DataSource asReader = Databases.server().getDatabase("reader", name);
        try (Served served = new Served(asReader, 100)) {
            McpClient client = served.client();
            assertEquals("v1", ((dev.jmcp.schema.resources.TextResourceContents) client.resources().read("pg://resources/a.txt")
                    .contents().get(0)).text());
            Databases.execute(database, "REVOKE SELECT ON jmcp_resources FROM reader");
            ProtocolException error = assertThrows(ProtocolException.class, () -> client.resources().read("pg://resources/a.txt"));
            assertEquals(-32603, error.code());
            assertTrue(error.getMessage().contains("no permission to read the table jmcp_resources (SQLState 42501)"),
                    error.getMessage());
            ProtocolException listing = assertThrows(ProtocolException.class, () -> client.resources().list());
            assertEquals(-32603, listing.code());
        } finally {
            Databases.execute(database, "DROP OWNED BY reader; DROP ROLE reader");
        }
    }

    private static String databaseName(DataSource database) throws Exception {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT current_database()")) {
            row.next();
            return row.getString(1);
        }
    }

    private static long count(DataSource database, String sql) throws Exception {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getLong(1);
        }
    }
}
