package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.session.ServerSession;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A 64 MiB blob answered to a client that reads slowly: the server encodes it as the connection
 * drains, so what it holds for that connection stays near the write buffer's high water mark
 * instead of growing to the size of the response.
 */
@ExtendWith(LeakCheck.class)
class BlobBackPressureTest {
    private static final long BLOB_BYTES = 64L * 1024 * 1024;
    private static final int HIGH_WATER_MARK = 64 * 1024;
    private static final int CHUNK_BYTES = 8 * 1024;

    @Test
    void aSlowReaderMakesTheServerHoldLittle() throws Exception {
        AtomicLong maxPending = new AtomicLong();
        HttpServerSettings settings = HttpServerSettings.builder().writeBufferHighWaterMark(HIGH_WATER_MARK)
                .chunkBytes(CHUNK_BYTES).build();
        try (NettyHttpServer server = NettyHttpServer.start(URI.create("http://127.0.0.1:0/mcp"), settings,
                transport -> ServerSession.builder(transport).serverInfo(Implementation.of("blobs", "1"))
                        .requestHandler("resources/read", (params, context) -> ReadResourceResult.of(
                                BlobResourceContents.of("file:///big.bin", "application/octet-stream",
                                        Blob.ofStream(() -> new Generated(BLOB_BYTES), BLOB_BYTES))))
                        .build(),
                pipeline -> pipeline.addFirst("pending", new PendingBytesProbe(maxPending)))) {
            URI uri = server.uri();
            String id = Raw.initialize(uri);
            String body = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/read\",\"params\":{\"uri\":\"file:///big.bin\"}}";
            long received;
            try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
                socket.setReceiveBufferSize(64 * 1024);
                socket.setSoTimeout(30_000);
                OutputStream out = socket.getOutputStream();
                out.write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort() + "\r\nContent-Type: application/json"
                        + "\r\nAccept: application/json, text/event-stream\r\nMcp-Session-Id: " + id
                        + "\r\nMCP-Protocol-Version: 2025-11-25\r\nConnection: close\r\nContent-Length: "
                        + body.length() + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
                out.flush();
                received = readSlowly(socket.getInputStream());
            }
            long base64 = (BLOB_BYTES + 2) / 3 * 4;
            assertTrue(received > base64, "the whole blob arrived: " + received + " bytes");
            long bound = HIGH_WATER_MARK + 4L * CHUNK_BYTES + 64 * 1024;
            assertTrue(maxPending.get() <= bound, "the server held at most " + maxPending.get()
                    + " bytes for the connection; bound " + bound);
            assertTrue(maxPending.get() > 0, "the probe saw the writes");
        }
    }

    /** Reads in bursts with pauses, checking the ending of the SSE stream; @return the bytes read. */
    private static long readSlowly(InputStream in) throws Exception {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        long sincePause = 0;
        byte[] tail = new byte[0];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            total += n;
            sincePause += n;
            if (sincePause >= 8L * 1024 * 1024) {
                sincePause = 0;
                Thread.sleep(100); // a pause in reading, on purpose: the server's writes must back up
            }
            byte[] joined = new byte[Math.min(64, tail.length + n)];
            byte[] all = new byte[tail.length + n];
            System.arraycopy(tail, 0, all, 0, tail.length);
            System.arraycopy(buffer, 0, all, tail.length, n);
            System.arraycopy(all, all.length - joined.length, joined, 0, joined.length);
            tail = joined;
        }
        String end = new String(tail, StandardCharsets.US_ASCII);
        assertTrue(end.endsWith("\"}]}}\n\n\r\n0\r\n\r\n"), "the event and the chunked body ended: " + end);
        return total;
    }

    /** Records the most bytes ever queued on the connection's outbound buffer. */
    private static final class PendingBytesProbe extends ChannelOutboundHandlerAdapter {
        private final AtomicLong max;

        PendingBytesProbe(AtomicLong max) {
            this.max = max;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            ctx.write(msg, promise);
            ChannelOutboundBuffer buffer = ctx.channel().unsafe().outboundBuffer();
            if (buffer != null) {
                max.accumulateAndGet(buffer.totalPendingWriteBytes(), Math::max);
            }
        }
    }

    /** Bytes made up as they are read, so that the blob exists nowhere whole. */
    private static final class Generated extends InputStream {
        private long left;

        Generated(long length) {
            this.left = length;
        }

        @Override
        public int read() {
            return left-- > 0 ? (int) (left & 0x7F) : -1;
        }

        @Override
        public int read(byte[] target, int offset, int length) {
            if (left <= 0) {
                return -1;
            }
            int n = (int) Math.min(length, left);
            for (int i = 0; i < n; i++) {
                target[offset + i] = (byte) ((left - i) & 0x7F);
            }
            left -= n;
            return n;
        }
    }
}
