package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code jmcp serve --postgres} refuses what it cannot serve, clearly and before serving anything:
 * a URL that is not PostgreSQL's (its password never shown), a database without the table.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServePostgresTest {

    @Test
    void aUrlThatIsNotPostgresIsAUsageErrorThatHidesItsQuery() {
        Cli.Result result = Cli.run(Cli.command(), List.of("serve", "--postgres", "jdbc:mysql://db/x?password=hunter2"));
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("--postgres takes a JDBC URL of PostgreSQL"), result::toString);
        assertFalse(result.stderr().contains("hunter2"), result::toString);
    }

    @Test
    void aDatabaseWithoutTheTableIsRefusedNamingTheTableAndTheScript() throws Exception {
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
            Cli.Result result = Cli.run(Cli.command(), List.of("serve", "--http", "127.0.0.1:0", "--postgres",
                    postgres.getJdbcUrl("postgres", "postgres")));
            assertEquals(Exit.CONNECT, result.exitCode(), result::toString);
            assertTrue(result.stderr().contains("the table jmcp_resources does not exist (SQLState 42P01)"), result::toString);
            assertTrue(result.stderr().contains("jmcp-resources.sql"), result::toString);
            assertFalse(result.stderr().contains("serving"), "nothing was served: " + result);
        }
    }
}
