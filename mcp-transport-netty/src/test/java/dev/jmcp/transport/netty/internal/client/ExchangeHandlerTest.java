package dev.jmcp.transport.netty.internal.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.transport.netty.HttpClientSettings;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpResponseDecoder;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ExchangeHandlerTest {
    private final ClientConnection connection = new ClientConnection(URI.create("http://127.0.0.1:9/mcp"),
            HttpClientSettings.defaults(), "http");
    private final BlockingQueue<JsonRpcPayload> delivered = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> deliveredOn = new LinkedBlockingQueue<>();
    private final PostClient client = new PostClient(connection, "exchange-handler-test");

    ExchangeHandlerTest() {
        connection.start(new McpTransport.Listener() {
            @Override
            public void onMessage(JsonRpcPayload payload) {
                deliveredOn.add(Thread.currentThread().getName());
                delivered.add(payload);
            }

            @Override
            public void onUnreadable(ProtocolException error) {
                throw new AssertionError("unreadable: " + error);
            }

            @Override
            public void onClosed(Throwable cause) {
                // the test closes it
            }
        });
    }

    @AfterEach
    void close() {
        client.close();
        connection.close();
    }

    @Test
    void anSseAnswerCutAtEveryByteIsDeliveredOnceAndItsConnectionStaysOpenForTheNext() throws Exception {
        String events = "id: 1\ndata:\n\nid: 2\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n\n";
        String answer = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                + Integer.toHexString(events.length()) + "\r\n" + events + "\r\n0\r\n\r\n";
        EmbeddedChannel channel = new EmbeddedChannel(new HttpResponseDecoder(), new ExchangeHandler(client));
        PostExchange exchange = exchange(channel);
        for (byte b : answer.getBytes(StandardCharsets.US_ASCII)) {
            channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }
        assertTrue(exchange.sent.isDone());
        JsonRpcResultResponse response = (JsonRpcResultResponse) delivered.poll();
        assertEquals(RequestId.of(7), response.id());
        assertTrue(delivered.isEmpty(), "once: " + delivered);
        assertTrue(channel.isOpen(), "a keep-alive connection whose answer is complete is kept");
        channel.finishAndReleaseAll();
    }

    @Test
    @Timeout(30) // against a hang only: the loop below waits for the reading thread
    void aJsonAnswerLongerThanFastBytesStreamsThroughAThreadThatPacesTheConnectionThenLeavesItForTheNext()
            throws Exception {
        String text = "x".repeat(PostExchange.FAST_BYTES * 2);
        String body = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"text\":\"" + text + "\"}}";
        String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n";
        EmbeddedChannel channel = new EmbeddedChannel(new HttpResponseDecoder(), new ExchangeHandler(client));
        PostExchange exchange = exchange(channel);
        channel.writeInbound(Unpooled.copiedBuffer(head, StandardCharsets.US_ASCII));
        byte[] bytes = body.getBytes(StandardCharsets.US_ASCII);
        boolean paused = false;
        for (int from = 0; from < bytes.length; from += 64 * 1024) {
            while (!channel.config().isAutoRead()) {
                paused = true;
                Thread.onSpinWait(); // the reading thread turns it back on once it has caught up
            }
            channel.writeInbound(Unpooled.wrappedBuffer(bytes, from, Math.min(64 * 1024, bytes.length - from)));
        }
        exchange.sent.get(10, TimeUnit.SECONDS);
        JsonRpcResultResponse response = (JsonRpcResultResponse) delivered.poll(10, TimeUnit.SECONDS);
        assertEquals(RequestId.of(7), response.id());
        assertTrue(response.result().toString().contains(text), "the whole text");
        assertTrue(paused, "the connection stopped reading while the thread had " + PipeInput.HIGH_WATER + " bytes to read");
        assertTrue(channel.isOpen(), "the answer is whole in the thread's pipe: its connection carries the next");
        assertTrue(channel.config().isAutoRead(), "and reads again, whatever the thread had left to read");
        channel.finishAndReleaseAll();
    }

    @Test
    @Timeout(30) // against a hang only
    void aJsonAnswerWithoutALengthIsDecodedOnAThreadAsItComesOnceLongerThanStreamedBytes() throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"text\":\"" + "y".repeat(PostExchange.STREAMED_BYTES * 3)
                + "\"}}";
        EmbeddedChannel channel = new EmbeddedChannel(new HttpResponseDecoder(), new ExchangeHandler(client));
        PostExchange exchange = exchange(channel);
        channel.writeInbound(Unpooled.copiedBuffer("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n", StandardCharsets.US_ASCII));
        byte[] bytes = body.getBytes(StandardCharsets.US_ASCII);
        for (int from = 0; from < bytes.length; from += 16 * 1024) {
            int n = Math.min(16 * 1024, bytes.length - from);
            channel.writeInbound(Unpooled.copiedBuffer(Integer.toHexString(n) + "\r\n", StandardCharsets.US_ASCII),
                    Unpooled.wrappedBuffer(bytes, from, n), Unpooled.copiedBuffer("\r\n", StandardCharsets.US_ASCII));
        }
        channel.writeInbound(Unpooled.copiedBuffer("0\r\n\r\n", StandardCharsets.US_ASCII));
        exchange.sent.get(10, TimeUnit.SECONDS);
        JsonRpcResultResponse response = (JsonRpcResultResponse) delivered.poll(10, TimeUnit.SECONDS);
        assertEquals(RequestId.of(7), response.id());
        assertFalse(deliveredOn.poll().equals(Thread.currentThread().getName()),
                "decoded on a thread of the client, not on the loop that received it");
        assertTrue(channel.isOpen());
        channel.finishAndReleaseAll();
    }

    @Test
    void aLongAnswerArrivingAfterTheClientClosedFailsItsRequestAndKeepsNoBuffer() throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"text\":\"" + "x".repeat(PostExchange.FAST_BYTES * 2)
                + "\"}}";
        String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n";
        EmbeddedChannel channel = new EmbeddedChannel(new HttpResponseDecoder(), new ExchangeHandler(client));
        PostExchange exchange = exchange(channel);
        connection.executor.shutdown(); // as the client's close does: no thread will read the body
        channel.writeInbound(Unpooled.copiedBuffer(head, StandardCharsets.US_ASCII));
        ByteBuf first = Unpooled.copiedBuffer(body.substring(0, PostExchange.FAST_BYTES + 1), StandardCharsets.US_ASCII);
        channel.writeInbound(first);
        assertTrue(exchange.sent.isCompletedExceptionally(), "the request fails instead of waiting for its answer");
        assertFalse(channel.isOpen(), "the connection of a body nobody reads is closed");
        channel.finishAndReleaseAll();
    }

    private PostExchange exchange(EmbeddedChannel channel) {
        PostExchange exchange = new PostExchange(connection,
                new JsonRpcRequest(RequestId.of(7), "ping", null), 1);
        channel.pipeline().get(ExchangeHandler.class).begin(exchange);
        return exchange;
    }
}
