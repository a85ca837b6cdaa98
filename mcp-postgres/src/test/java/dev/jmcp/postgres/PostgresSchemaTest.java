package dev.jmcp.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.UriPaths;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** The shipped script: it runs twice without harm, and its triggers spell URIs as the provider does. */
class PostgresSchemaTest {

    @Test
    void theTriggersSpellEverySegmentAsTheProviderDoes() throws Exception {
        DataSource database = Databases.database();
        PostgresSchema.create(database, PostgresSettings.defaults()); // again: it is safe to run twice
        List<String> names = List.of("plain.txt", "a b", "100%", "é日本", "emoji 😀", "!$&'()*+,;=:@", "x?y#z", "[v]", "~-._");
        try (Connection connection = database.getConnection();
             PreparedStatement encode = connection.prepareStatement("SELECT jmcp_encode_segment(?), jmcp_resource_uri(?, ?, ?)")) {
            for (String name : names) {
                encode.setString(1, name);
                encode.setString(2, "pg://resources");
                encode.setString(3, "docs/" + name);
                encode.setString(4, name);
                try (ResultSet row = encode.executeQuery()) {
                    assertTrue(row.next());
                    assertEquals(UriPaths.encodeSegment(name), row.getString(1), name);
                    assertEquals(UriPaths.join("pg://resources", List.of("docs", name, name)), row.getString(2), name);
                }
            }
        }
    }

    @Test
    void otherNamesAreSubstitutedThroughout() {
        String sql = PostgresSchema.sql(PostgresSettings.builder().table("notes").channel("note_changes")
                .rootUri("pg://o'neil").build());
        assertTrue(sql.contains("CREATE TABLE IF NOT EXISTS notes ("), sql);
        assertTrue(sql.contains("'note_changes', 'pg://o''neil'"), sql);
        assertTrue(!sql.contains("jmcp_resources") && !sql.contains("jmcp_changes"));
    }
}
