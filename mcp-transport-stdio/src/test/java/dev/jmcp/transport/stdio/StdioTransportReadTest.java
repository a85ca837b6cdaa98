package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ListResourcesResult;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StdioTransportReadTest {
    private final Pipe input = new Pipe();
    private final Pipe output = new Pipe();
    private final Recorder recorder = new Recorder();
    private StdioTransport transport;

    @AfterEach
    void closeTransport() {
        if (transport != null) {
            transport.close();
        }
        assertEquals(java.util.List.of(), recorder.violations);
    }

    static String note(String method) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"}";
    }

    static String ping(long id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}";
    }

    private void start(long maxMessageBytes) {
        StdioSettings settings = StdioSettings.builder().codec(
                McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(maxMessageBytes).build()).build()).build();
        transport = StdioTransport.of(input.in, output.out, settings);
        transport.start(recorder);
    }

    private void start() {
        start(CodecLimits.DEFAULT_MAX_MESSAGE_BYTES);
    }

    private void assertPing(long id) throws InterruptedException {
        JsonRpcRequest request = assertInstanceOf(JsonRpcRequest.class, recorder.nextMessage());
        assertEquals("ping", request.method());
        assertEquals(RequestId.of(id), request.id());
    }

    private void assertNote(String method) throws InterruptedException {
        assertEquals(method, assertInstanceOf(JsonRpcNotification.class, recorder.nextMessage()).method());
    }

    @Test
    void eachLineIsOneMessageInArrivalOrder() throws Exception {
        start();
        input.write(ping(1) + "\n" + ping(2) + "\n" + ping(3) + "\n");
        assertPing(1);
        assertPing(2);
        assertPing(3);
        assertTrue(recorder.threads.stream().allMatch(name -> name.startsWith("jmcp-stdio-reader-")), recorder.threads::toString);
    }

    @Test
    void aMessageThatArrivesOneByteAtATimeIsJoined() throws Exception {
        start();
        for (byte b : (ping(7) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            input.out.write(b);
        }
        assertPing(7);
    }

    @Test
    void linesThatCrossTheReadChunkAreJoined() throws Exception {
        start();
        String padding = " ".repeat(LineFramer.READ_CHUNK - 10);
        // the second message starts before and ends after a chunk boundary
        input.write(padding + ping(1) + "\n" + ping(2) + padding + "\n");
        assertPing(1);
        assertPing(2);
    }

    @Test
    void aCrLfEndingIsAccepted() throws Exception {
        start();
        input.write(ping(1) + "\r\n" + ping(2) + "\r\n");
        assertPing(1);
        assertPing(2);
    }

    @Test
    void blankLinesAreSkipped() throws Exception {
        start();
        input.write("\n\r\n   \t \n" + ping(1) + "\n\n\n" + note("n/1") + "\n  \n");
        input.out.close();
        assertPing(1);
        assertNote("n/1");
        transport.send(new JsonRpcResultResponse(RequestId.of(1), EmptyResult.of()));
        assertNull(recorder.nextClosed().cause());
    }

    @Test
    void aLineOverTheLimitIsReportedNamingTheLimitAndTheNextLineIsRead() throws Exception {
        start(256);
        // one too long line that fits in a read chunk, one that spans several
        input.write("{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"a\":\"" + "a".repeat(300) + "\"}}\n");
        input.write(ping(1) + "\n");
        String huge = "{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"a\":\"" + "b".repeat(200_000) + "\"}}";
        input.write(huge + "\n" + ping(2) + "\n");

        ProtocolException first = recorder.nextUnreadable();
        assertEquals(ErrorCodes.INVALID_REQUEST, first.code());
        assertTrue(first.getMessage().contains("exceeds maxMessageBytes=256"), first.getMessage());
        assertPing(1);
        ProtocolException second = recorder.nextUnreadable();
        assertEquals(ErrorCodes.INVALID_REQUEST, second.code());
        assertEquals("message of " + huge.length() + " bytes exceeds maxMessageBytes=256", second.getMessage());
        assertPing(2);
    }

    @Test
    void aResponseOverTheLimitIsReportedWithItsIdSoThatItsRequestFails() throws Exception {
        start(256);
        String blob = "\"" + "QUJD".repeat(100_000) + "\"";
        // jmcp writes the id first; the TypeScript SDK writes it last; either arrives in pieces
        String first = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"contents\":[{\"blob\":" + blob + "}]}}";
        String last = "{\"result\":{\"contents\":[{\"blob\":" + blob + "}]},\"jsonrpc\":\"2.0\",\"id\":\"r-8\"}";
        input.write(first + "\n" + last + "\r\n" + ping(1) + "\n");

        ProtocolException integer = recorder.nextUnreadable();
        assertEquals(ErrorCodes.INVALID_REQUEST, integer.code());
        assertEquals("message of more than 256 bytes exceeds maxMessageBytes=256", integer.getMessage(),
                "reported as soon as the limit is passed, before its end");
        assertEquals(RequestId.of(7), integer.requestId());
        ProtocolException string = recorder.nextUnreadable();
        assertEquals(RequestId.of("r-8"), string.requestId(), string::getMessage);
        assertPing(1);
    }

    @Test
    void aLineOverTheLimitIsTiedToTheRequestItStartsAndToNoResponseWithoutAnId() throws Exception {
        start(256);
        input.write("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"x\",\"params\":{\"a\":\"" + "a".repeat(300) + "\"}}\n");
        input.write("{\"jsonrpc\":\"2.0\",\"result\":{\"a\":\"" + "a".repeat(300) + "\"}}\n");
        // a request's id is the peer's own: its method says so, and a session answers it rather than
        // failing a pending request of its own that has the same id
        ProtocolException request = recorder.nextUnreadable();
        assertTrue(request.getMessage().endsWith("bytes exceeds maxMessageBytes=256"), request.getMessage());
        assertEquals(RequestId.of(7), request.requestId());
        assertEquals("x", request.method());
        ProtocolException response = recorder.nextUnreadable();
        assertTrue(response.getMessage().endsWith("bytes exceeds maxMessageBytes=256"), response.getMessage());
        assertNull(response.requestId());
    }

    @Test
    void aLineOfExactlyTheLimitIsRead() throws Exception {
        start(ping(1).length());
        input.write(ping(1) + "\r\n" + ping(10) + "\n");
        assertPing(1);
        assertTrue(recorder.nextUnreadable().getMessage().contains("maxMessageBytes=" + ping(1).length()));
    }

    @Test
    void badJsonIsReportedAndReadingGoesOn() throws Exception {
        start();
        input.write("{nope\n" + ping(1) + "\n");
        assertEquals(ErrorCodes.PARSE_ERROR, recorder.nextUnreadable().code());
        assertPing(1);
    }

    @Test
    void halfALineAtTheEndOfInputIsReportedThenTheTransportCloses() throws Exception {
        start();
        input.write(note("n/1") + "\n{\"jsonrpc\":\"2.0\"");
        input.out.close();
        assertNote("n/1");
        ProtocolException error = recorder.nextUnreadable();
        assertEquals(ErrorCodes.PARSE_ERROR, error.code());
        assertEquals("input ended inside a message: 16 bytes after the last newline", error.getMessage());
        assertNull(recorder.nextClosed().cause());
    }

    @Test
    void aCompleteMessageWithoutItsNewlineAtTheEndIsReportedNotDelivered() throws Exception {
        start();
        input.write(note("n/1"));
        input.out.close();
        assertEquals(ErrorCodes.PARSE_ERROR, recorder.nextUnreadable().code());
        assertNull(recorder.nextClosed().cause());
    }

    @Test
    void endOfInputClosesAfterTheLastMessageAndClosesTheOutput() throws Exception {
        start();
        input.write(note("n/1") + "\n" + note("n/2") + "\n");
        input.out.close();
        assertNote("n/1");
        assertNote("n/2");
        assertNull(recorder.nextClosed().cause());
        assertNull(output.readLine(5), "the output ends");
        assertTrue(input.readerClosed(), "the input was closed");
    }

    @Test
    void endOfInputWaitsForTheAnswersToDeliveredRequestsThenCloses() throws Exception {
        start();
        input.write(ping(1) + "\n" + ping(2) + "\n" + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                + "\"params\":{\"requestId\":2}}\n");
        input.out.close();
        assertPing(1);
        assertPing(2);
        assertNote("notifications/cancelled");
        awaitReaderWaitingForAnswers();
        assertTrue(recorder.events.isEmpty(), "no close while a request waits for its answer: " + recorder.events);

        transport.send(new JsonRpcResultResponse(RequestId.of(1), EmptyResult.of())).get(5, TimeUnit.SECONDS);

        assertNull(recorder.nextClosed().cause());
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}", output.readLine(5));
        assertNull(output.readLine(5), "the output ends after the answer");
    }

    @Test
    void endOfInputDoesNotWaitForAnOpenListenStreamOnlyForTheOtherAnswers() throws Exception {
        // waiting for the listen would outlast nextClosed()'s 5 s: only a close that does not wait for it comes
        transport = StdioTransport.of(input.in, output.out, StdioSettings.builder().drainTimeout(Duration.ofHours(1)).build());
        transport.start(recorder);
        input.write("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"subscriptions/listen\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/"
                + "clientCapabilities\":{}},\"notifications\":{\"resourcesListChanged\":true}}}\n" + ping(2) + "\n");
        input.out.close();
        assertEquals("subscriptions/listen", assertInstanceOf(JsonRpcRequest.class, recorder.nextMessage()).method());
        assertPing(2);
        awaitReaderWaitingForAnswers();
        assertTrue(recorder.events.isEmpty(), "the ping still waits for its answer: " + recorder.events);

        transport.send(new JsonRpcResultResponse(RequestId.of(2), EmptyResult.of())).get(5, TimeUnit.SECONDS);

        assertNull(recorder.nextClosed().cause(), "closed once the ping was answered, the listen still open");
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}", output.readLine(5));
    }

    @Test
    void endOfInputGivesUpWaitingForAnswersAfterTheDrainTimeout() throws Exception {
        transport = StdioTransport.of(input.in, output.out, StdioSettings.builder().drainTimeout(Duration.ofMillis(200)).build());
        transport.start(recorder);
        input.write(ping(1) + "\n");
        input.out.close();
        assertPing(1);
        long start = System.nanoTime();
        assertNull(recorder.nextClosed().cause());
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(waited >= 150 && waited < 3000, "waited " + waited + " ms");
    }

    @Test
    void inputThatArrivesBeforeStartIsDeliveredAfterIt() throws Exception {
        input.write(ping(1) + "\n");
        transport = StdioTransport.of(input.in, output.out); // no listener yet: nothing to deliver to
        transport.start(recorder);
        assertPing(1);
        assertThrows(IllegalStateException.class, () -> transport.start(new Recorder()));
    }

    @Test
    void resultsAreReadIntoTheRecordOfThePendingRequestsMethod() throws Exception {
        recorder.pending = id -> id.equals(RequestId.of(5)) ? "resources/list" : null;
        start();
        input.write("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"resources\":[]}}\n");
        JsonRpcResultResponse response = assertInstanceOf(JsonRpcResultResponse.class, recorder.nextMessage());
        assertInstanceOf(ListResourcesResult.class, response.result());
    }

    @Test
    void closeReportsClosedOnceDeliversNothingAfterAndEndsTheReader() throws Exception {
        start();
        input.write(ping(1) + "\n");
        assertPing(1);
        transport.close();
        transport.close();
        assertNull(recorder.nextClosed().cause());
        assertThrows(java.io.IOException.class, () -> input.write(ping(2) + "\n"), "the input was closed");
        assertTrue(output.writerClosed(), "the output was closed");
        awaitNoThread("jmcp-stdio-reader-");
        awaitNoThread("jmcp-stdio-writer-");
        // the threads that deliver are gone: whatever they were going to report is here
        assertTrue(recorder.events.isEmpty(), recorder.events::toString);
    }

    @Test
    void aListenerMayCloseTheTransportFromItsOwnCallback() throws Exception {
        transport = StdioTransport.of(input.in, output.out);
        transport.start(new dev.jmcp.core.spi.McpTransport.Listener() {
            @Override
            public void onMessage(dev.jmcp.schema.jsonrpc.JsonRpcPayload payload) {
                recorder.onMessage(payload);
                transport.send(new JsonRpcResultResponse(RequestId.of(1), EmptyResult.of()));
                transport.close();
            }

            @Override
            public void onUnreadable(ProtocolException error) {
                recorder.onUnreadable(error);
            }

            @Override
            public void onClosed(Throwable cause) {
                recorder.onClosed(cause);
            }
        });
        input.write(ping(1) + "\n" + ping(2) + "\n");
        assertPing(1);
        assertNull(recorder.nextClosed().cause());
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}", output.readLine(5), "what was queued is written");
        assertNull(output.readLine(5));
        awaitNoThread("jmcp-stdio-reader-"); // ping 2 was in its input: it has delivered all it ever will
        assertTrue(recorder.events.isEmpty(), "nothing after the close: " + recorder.events);
    }

    @Test
    void aLineOverTheLimitThatTheInputEndsInsideIsReportedAsTooLong() throws Exception {
        start(64);
        input.write("x".repeat(100));
        input.out.close();
        ProtocolException error = recorder.nextUnreadable();
        assertEquals(ErrorCodes.INVALID_REQUEST, error.code());
        assertEquals("message of 100 bytes exceeds maxMessageBytes=64", error.getMessage());
        assertNull(recorder.nextClosed().cause());
    }

    @Test
    void closeBeforeStartReportsClosedAtStart() throws Exception {
        transport = StdioTransport.of(input.in, output.out);
        transport.close();
        transport.start(recorder);
        assertNull(recorder.nextClosed().cause());
        assertTrue(recorder.events.isEmpty());
    }

    /**
     * Waits until the reader, having reached the end of its input, waits for the answers to the
     * requests it delivered: the barrier after which "not closed yet" means something.
     */
    private void awaitReaderWaitingForAnswers() throws InterruptedException {
        String name = "jmcp-stdio-reader-" + transport.name().substring("jmcp-stdio-".length());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
                if (thread.getKey().getName().equals(name) && Arrays.stream(thread.getValue()).anyMatch(frame ->
                        frame.getClassName().equals(Unanswered.class.getName()) && frame.getMethodName().equals("awaitEmpty"))) {
                    return;
                }
            }
            Thread.sleep(10); // the poll's interval: a thread's stack has nothing to wait on
        }
        fail(name + " never waited for the answers (Unanswered.awaitEmpty)");
    }

    /** Waits until no thread of this test's transport is alive. */
    private void awaitNoThread(String prefix) throws InterruptedException {
        String name = prefix + transport.name().substring("jmcp-stdio-".length());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            Set<Thread> live = Thread.getAllStackTraces().keySet();
            if (live.stream().noneMatch(thread -> thread.isAlive() && thread.getName().equals(name))) {
                return;
            }
            Thread.sleep(10); // the poll's interval: the end of a thread we do not hold has nothing to wait on
        }
        assertFalse(true, name + " is still running");
    }
}
