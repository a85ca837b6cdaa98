package dev.jmcp.core.internal.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class DroppedMessageTest {
    private static final String BIG = "\"" + "QUJD".repeat(5_000) + "\"";

    private static DroppedMessage dropped(String message, int piece) {
        DroppedMessage dropped = new DroppedMessage(1000);
        byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
        for (int at = 0; at < bytes.length; at += piece) {
            dropped.add(bytes, at, Math.min(piece, bytes.length - at));
        }
        return dropped;
    }

    private static RequestId idOf(String message) {
        RequestId whole = dropped(message, Integer.MAX_VALUE).responseId();
        // the same however the bytes arrive
        for (int piece : new int[] {1, 7, 255, 256, 257, 4096}) {
            assertEquals(whole, dropped(message, piece).responseId(), "in pieces of " + piece);
        }
        return whole;
    }

    @Test
    void anIntegerIdBeforeTheResultIsFoundInTheFirstBytes() {
        assertEquals(RequestId.of(7), idOf("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"blob\":" + BIG + "}}"));
        assertEquals(RequestId.of(-12), idOf("{\"id\":-12,\"jsonrpc\":\"2.0\",\"error\":{\"code\":1,\"message\":" + BIG + "}}"));
    }

    @Test
    void aStringIdBeforeTheResultIsFoundWithBlanksAnywhere() {
        assertEquals(RequestId.of("req-1"),
                idOf(" \t{ \"jsonrpc\" : \"2.0\" ,\r\n \"id\" : \"req-1\" , \"result\" : {\"blob\":" + BIG + "}}"));
    }

    @Test
    void anIdAfterTheResultIsFoundInTheLastBytesAsTheTypeScriptSdkWritesIt() {
        assertEquals(RequestId.of(42), idOf("{\"result\":{\"blob\":" + BIG + "},\"jsonrpc\":\"2.0\",\"id\":42}"));
        assertEquals(RequestId.of("abc"), idOf("{\"result\":{\"blob\":" + BIG + "},\"jsonrpc\":\"2.0\",\"id\" : \"abc\" }\r"));
    }

    @Test
    void aMessageWithoutAnIdOrWhoseIdCannotBeToldIsReportedWithout() {
        // a request or notification: its id is the peer's, and may equal one of ours
        assertNull(idOf("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"x\",\"params\":{\"a\":" + BIG + "}}"));
        assertNull(idOf("{\"method\":\"x\",\"params\":{\"a\":" + BIG + "},\"jsonrpc\":\"2.0\",\"id\":7}"));
        // an id nested in the result, the last member of an inner object
        assertNull(idOf("{\"result\":{\"blob\":" + BIG + ",\"id\":7}}"));
        // the first bytes do not say it is a response
        assertNull(idOf("{\"_meta\":{},\"id\":7,\"result\":{\"blob\":" + BIG + "}}"));
        assertNull(idOf("[{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"blob\":" + BIG + "}}]"));
        assertNull(idOf("x".repeat(3000)));
        assertNull(idOf(""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5", "1e3", "01", "null", "true", "\"a\\\"b\"", "99999999999999999999", "{}"})
    void idsThatAreNotAPlainIntegerOrSimpleStringAreNotGuessed(String id) {
        assertNull(idOf("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"blob\":" + BIG + "}}"), id);
        assertNull(idOf("{\"result\":{\"blob\":" + BIG + "},\"jsonrpc\":\"2.0\",\"id\":" + id + "}"), id);
    }

    @Test
    void twoIdsAreNotGuessedBetween() {
        assertNull(idOf("{\"id\":1,\"id\":2,\"result\":{\"blob\":" + BIG + "}}"));
    }

    @Test
    void beforeItsEndAMessageOverTheLimitIsReportedOnlyByAnIdInItsFirstBytes() {
        String idFirst = "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"name\":\"" + "a".repeat(2000);
        ProtocolException early = dropped(idFirst, 100).tooLongSoFar();
        assertEquals("message of more than 1000 bytes exceeds maxMessageBytes=1000", early.getMessage());
        assertEquals(RequestId.of(3), early.requestId());

        assertNull(dropped(idFirst.substring(0, 900), 100).tooLongSoFar(), "not over the limit yet");
        // mid-message, the last bytes may end with a nested object's id: they are not trusted
        assertNull(dropped("{\"result\":{\"a\":\"" + "a".repeat(2000) + "\",\"id\":4}", 100).tooLongSoFar());
        assertNull(dropped("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"x\",\"params\":{\"a\":\""
                + "a".repeat(2000), 100).tooLongSoFar(), "a request's id is the peer's own");
    }

    /** Found by the bad-input matrix: a stdio line over the limit was answered without its request's id. */
    @Test
    void theErrorsOfARequestWhoseFirstBytesShowItsIdAndMethodAreTiedToIt() {
        DroppedMessage request = dropped("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":{\"a\":"
                + BIG + "}}", 300);
        assertNull(request.responseId(), "not a response: the id is the peer's own");
        for (ProtocolException error : new ProtocolException[] {request.tooLong(), request.outOfMemory()}) {
            assertEquals(RequestId.of(7), error.requestId(), error::getMessage);
            assertEquals("ping", error.method(), error::getMessage);
        }
        // the method first, or an id only after the params: not told
        for (String untold : new String[] {"{\"method\":\"ping\",\"id\":7,\"params\":{\"a\":" + BIG + "}}",
                "{\"method\":\"ping\",\"params\":{\"a\":" + BIG + "},\"id\":7}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":{\"a\":" + BIG + "}}"}) {
            ProtocolException error = dropped(untold, 300).tooLong();
            assertNull(error.requestId(), untold.substring(0, 40));
        }
    }

    @Test
    void theErrorsNameTheLengthTheLimitAndTheId() {
        String message = "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"blob\":" + BIG + "}}";
        DroppedMessage dropped = dropped(message, 1000);
        assertEquals(message.length(), dropped.length());
        ProtocolException tooLong = dropped.tooLong();
        assertEquals(ErrorCodes.INVALID_REQUEST, tooLong.code());
        assertEquals("message of " + message.length() + " bytes exceeds maxMessageBytes=1000", tooLong.getMessage());
        assertEquals(RequestId.of(3), tooLong.requestId());
        ProtocolException heap = dropped.outOfMemory();
        assertEquals(ErrorCodes.INTERNAL_ERROR, heap.code());
        assertEquals(RequestId.of(3), heap.requestId());

        dropped.clear();
        assertEquals(0, dropped.length());
        assertNull(dropped.responseId());
    }
}
