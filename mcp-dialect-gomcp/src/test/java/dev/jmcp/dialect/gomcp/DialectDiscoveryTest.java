package dev.jmcp.dialect.gomcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.core.ClientOptions;
import org.junit.jupiter.api.Test;

/** A client finds the dialect by its id through ServiceLoader, as a user on the module path does. */
class DialectDiscoveryTest {
    @Test
    void theDialectIsFoundByItsId() {
        assertInstanceOf(GomcpDialect.class, ClientOptions.builder().dialect(GomcpDialect.ID).build().dialect());
    }

    @Test
    void anUnknownIdNamesTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClientOptions.builder().dialect("gopher"));
        assertEquals("no resource dialect has the id 'gopher'; known: [gomcp]", e.getMessage());
    }
}
