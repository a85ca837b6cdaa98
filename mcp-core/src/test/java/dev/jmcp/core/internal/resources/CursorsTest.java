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
    void aCursorComesBackAsItsPositionForItsOwnScope() {
        assertEquals(ListingPosition.START, cursors.position("resources", null));
        assertEquals(at(3, 42), cursors.position("resources", cursors.issue("resources", at(3, 42))));
        assertEquals(at(0, 7), cursors.position("children mem://a", cursors.issue("children mem://a", at(0, 7))));
    }

    @Test
    void aCursorIsRefusedByAnotherScope() {
        String cursor = cursors.issue("children mem://a", at(0, 7));
        assertInvalid(() -> cursors.position("children mem://b", cursor), "invalid params.cursor");
        assertInvalid(() -> cursors.position("resources", cursor), "invalid params.cursor");
    }

    @Test
    void aCursorWithAnotherOffsetCannotBeMadeByTheClient() {
        byte[] token = Base64.getUrlDecoder().decode(cursors.issue("resources", at(0, 2)));
        token[11] = 50; // the offset's low byte, after the part's four
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(token);
        assertInvalid(() -> cursors.position("resources", forged), "invalid params.cursor");
    }

    @Test
    void aCursorWithAnotherPartCannotBeMadeByTheClient() {
        byte[] token = Base64.getUrlDecoder().decode(cursors.issue("resources", at(0, 2)));
        token[3] = 1; // the part's low byte
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(token);
        assertInvalid(() -> cursors.position("resources", forged), "invalid params.cursor");
    }

    @Test
    void anotherServersCursorIsRefused() {
        String theirs = new Cursors().issue("resources", at(0, 2));
        assertInvalid(() -> cursors.position("resources", theirs), "invalid params.cursor");
    }

    @Test
    void aCursorFromBeforeAListChangeIsStale() {
        String cursor = cursors.issue("resources", at(0, 2));
        cursors.advance();
        assertInvalid(() -> cursors.position("resources", cursor), "stale params.cursor");
        assertEquals(at(0, 2), cursors.position("resources", cursors.issue("resources", at(0, 2))));
    }

    @Test
    void aCursorAfterAKeyComesBackWithItsKeyAndOutlivesAListChange() {
        ListingPosition after = new ListingPosition(1, 0, "entry-00999.txt");
        String cursor = cursors.issue("children file:///many", after);
        cursors.advance(); // entries added or removed before a key do not move it
        assertEquals(after, cursors.position("children file:///many", cursor));
        assertInvalid(() -> cursors.position("children file:///other", cursor), "invalid params.cursor");
    }

    @Test
    void aCursorAtTheStartOfAPartOutlivesAListChange() {
        String cursor = cursors.issue("resources", at(2, 0));
        cursors.advance();
        assertEquals(at(2, 0), cursors.position("resources", cursor));
    }

    @Test
    void cursorsAreShortAndUrlSafe() {
        String cursor = cursors.issue("resources", at(Integer.MAX_VALUE, Long.MAX_VALUE));
        assertEquals(48, cursor.length());
        assertTrue(cursor.matches("[A-Za-z0-9_-]+"), cursor);
    }

    private static ListingPosition at(int part, long offset) {
        return new ListingPosition(part, offset);
    }

    private static void assertInvalid(Runnable call, String start) {
        ProtocolException e = assertThrows(ProtocolException.class, call::run);
        assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
