package dev.jmcp.transport.netty.internal.headers;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MediaTypesTest {

    @Test
    void acceptMatchesTypesRangesAndQualities() {
        String both = "application/json, text/event-stream";
        assertTrue(MediaTypes.accepts(both, "application/json"));
        assertTrue(MediaTypes.accepts(both, "text/event-stream"));
        assertFalse(MediaTypes.accepts("application/json", "text/event-stream"));
        assertTrue(MediaTypes.accepts("*/*", "text/event-stream"));
        assertTrue(MediaTypes.accepts("text/*;q=0.5", "text/event-stream"));
        assertFalse(MediaTypes.accepts("text/event-stream;q=0", "text/event-stream"));
        assertTrue(MediaTypes.accepts(null, "application/json"));
        assertTrue(MediaTypes.accepts(" Text/Event-Stream ; charset=x ,application/JSON", "text/event-stream"));
        assertTrue(MediaTypes.accepts("text/html, TEXT/* ;level=1; Q=0.1", "text/event-stream"));
        assertFalse(MediaTypes.accepts("text/*; q=0.0, application/*", "text/event-stream"));
        assertFalse(MediaTypes.accepts("text/event-streams, text/event, application/*, */json", "text/event-stream"));
        assertFalse(MediaTypes.accepts("", "application/json"));
        assertTrue(MediaTypes.accepts("text/event-stream;q=x", "text/event-stream"), "an unreadable q is no zero");
    }

    @Test
    void contentTypeIgnoresParameters() {
        assertTrue(MediaTypes.is("application/json; charset=utf-8", "application/json"));
        assertFalse(MediaTypes.is("text/plain", "application/json"));
        assertFalse(MediaTypes.is(null, "application/json"));
    }

    @Test
    void aRequestBodyMustBeUtf8Json() {
        assertTrue(MediaTypes.isUtf8Json("application/json"));
        assertTrue(MediaTypes.isUtf8Json("Application/JSON; charset=UTF-8"));
        assertTrue(MediaTypes.isUtf8Json("application/json; charset=\"utf-8\""));
        assertFalse(MediaTypes.isUtf8Json("application/json; charset=iso-8859-1"));
        assertFalse(MediaTypes.isUtf8Json("application/json;charset=utf-16"));
        assertFalse(MediaTypes.isUtf8Json("text/plain"));
        assertFalse(MediaTypes.isUtf8Json(null));
    }
}
