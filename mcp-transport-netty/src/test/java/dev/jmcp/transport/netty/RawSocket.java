package dev.jmcp.transport.netty;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A plain socket to a test server, for peers no HTTP client would be: every read is bounded by a
 * socket timeout, so a read that expects the server to close fails instead of hanging.
 */
final class RawSocket implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();

    /** Connects to {@code uri}'s host and port; reads wait at most 10 s. */
    RawSocket(URI uri) throws IOException {
        this(uri, 0);
    }

    /** The same, with a receive buffer of about {@code receiveBufferBytes} (0 for the system's), to read slowly. */
    RawSocket(URI uri, int receiveBufferBytes) throws IOException {
        this(uri, receiveBufferBytes, null);
    }

    /**
     * The same, from {@code local} (such as 127.0.0.2, another loopback address: another client as
     * the server sees it); null for the system's choice.
     */
    RawSocket(URI uri, int receiveBufferBytes, java.net.InetAddress local) throws IOException {
        socket = new Socket();
        if (local != null) {
            socket.bind(new InetSocketAddress(local, 0));
        }
        if (receiveBufferBytes > 0) {
            socket.setReceiveBufferSize(receiveBufferBytes);
        }
        socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 10_000);
        socket.setSoTimeout(10_000);
        in = socket.getInputStream();
    }

    /** Writes {@code text} (ISO-8859-1) and flushes it. */
    RawSocket send(String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        return this;
    }

    /**
     * @return all the server sent, once it has closed the connection (a reset counts: a server that
     *         closes with bytes of ours unread resets it, after what it sent); throws if it has not
     *         closed within the timeout
     */
    String readToEnd() throws IOException {
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                received.write(buffer, 0, n);
            }
        } catch (SocketException e) {
            if (!String.valueOf(e.getMessage()).contains("reset")) {
                throw e;
            }
        }
        return text();
    }

    /**
     * @return all the server sent, once it includes {@code marker} (and perhaps more, which later
     *         calls see too); throws at the end of the stream or the timeout
     */
    String readUntil(String marker) throws IOException {
        String window = text();
        byte[] buffer = new byte[8192];
        while (!window.contains(marker)) {
            int n = in.read(buffer);
            if (n < 0) {
                throw new IOException("the server closed the connection before sending " + marker + "; sent:\n"
                        + text());
            }
            received.write(buffer, 0, n);
            // only the new bytes, and the end of the old that a marker could straddle, need searching
            window = window.substring(Math.max(0, window.length() - marker.length()))
                    + new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
        }
        return text();
    }

    /** @return what the server has sent so far */
    String text() {
        return received.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** @return a request for {@code path} whose answer is known: 404 from the server's fallback */
    static String getOtherPath() {
        return "GET /elsewhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    }

    /**
     * Waits, at most 10 s, until {@code condition} holds: for state the server changes on its own
     * threads, such as a count of connections, after the client has done its part.
     */
    static void await(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(5); // the poll's interval: such state has nothing to wait on
        }
    }
}
