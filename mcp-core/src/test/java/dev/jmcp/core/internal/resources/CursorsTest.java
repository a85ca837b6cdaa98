package dev.jmcp.core.internal.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class CursorsTest {
    private final Cursors cursors = new Cursors();

    @Test
    void aCursorComesBackAsItsOffsetForItsOwnScope() {
        assertEquals(0, cursors.offset("resources", null));
        assertEquals(42, cursors.offset("resources", cursors.issue("resources", 42)));
        assertEquals(7, cursors.offset("children mem://a", cursors.issue("children mem://a", 7)));
    }

    @Test
    void aCursorIsRefusedByAnotherScope() {
        String cursor = cursors.issue("children mem://a", 7);
        assertInvalid(() -> cursors.offset("children mem://b", cursor), "invalid params.cursor");
        assertInvalid(() -> cursors.offset("resources", cursor), "invalid params.cursor");
    }

    @Test
    void aCursorWithAnotherOffsetCannotBeMadeByTheClient() {
        byte[] token = Base64.getUrlDecoder().decode(cursors.issue("resources", 2));
        token[7] = 50; // the offset's low byte
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(token);
        assertInvalid(() -> cursors.offset("resources", forged), "invalid params.cursor");
    }

    @Test
    void anotherServersCursorIsRefused() {
        String theirs = new Cursors().issue("resources", 2);
        assertInvalid(() -> cursors.offset("resources", theirs), "invalid params.cursor");
    }

    @Test
    void aCursorFromBeforeAListChangeIsStale() {
        String cursor = cursors.issue("resources", 2);
        cursors.advance();
        assertInvalid(() -> cursors.offset("resources", cursor), "stale params.cursor");
        assertEquals(2, cursors.offset("resources", cursors.issue("resources", 2)));
    }

    @Test
    void cursorsAreShortAndUrlSafe() {
        String cursor = cursors.issue("resources", Long.MAX_VALUE);
        assertEquals(43, cursor.length());
        assertTrue(cursor.matches("[A-Za-z0-9_-]+"), cursor);
    }

    private static void assertInvalid(Runnable call, String start) {
        ProtocolException e = assertThrows(ProtocolException.class, call::run);
        assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
