package dev.jmcp.benchmarks.e2e;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The floor {@link HttpClientBenchmark} measures jmcp's client against: a keep-alive HTTP/1.1
 * client on one plain {@link Socket}, with no threads, no pool and no parser beyond what the wire
 * needs. {@link #post} writes a request in one write and returns the JSON-RPC message that answers
 * it: a whole {@code application/json} body, or the data of the first {@code text/event-stream}
 * event that carries any (a priming event carries none). What follows that event on the stream
 * (its end) is read before the next request is written, as a pipelining client would.
 */
final class BareHttpClient implements AutoCloseable {
    /** What one POST brought back: its status, its headers (names in lower case), the message; may be empty. */
    record Answer(int status, Map<String, String> headers, byte[] message) {
        String text() {
            return new String(message, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String head;
    private final ByteArrayOutputStream request = new ByteArrayOutputStream(512);
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    // the chunked SSE body whose answer was returned but whose end has not been read yet
    private Chunked unfinished;

    BareHttpClient(URI uri) throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()));
        in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        out = socket.getOutputStream();
        head = "POST " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n";
    }

    /**
     * POSTs {@code body} with {@code headers} (such as {@code Mcp-Session-Id}) and reads the answer.
     *
     * @throws IOException when the connection breaks or the server speaks something else
     */
    Answer post(byte[] body, Map<String, String> headers) throws IOException {
        if (unfinished != null) {
            unfinished.skipToEnd();
            unfinished = null;
        }
        request.reset();
        StringBuilder text = new StringBuilder(head);
        headers.forEach((name, value) -> text.append(name).append(": ").append(value).append("\r\n"));
        text.append("Content-Length: ").append(body.length).append("\r\n\r\n");
        request.write(text.toString().getBytes(StandardCharsets.ISO_8859_1));
        request.write(body);
        request.writeTo(out);
        out.flush();
        return read();
    }

    private Answer read() throws IOException {
        String status = line(in);
        if (!status.startsWith("HTTP/1.1 ")) {
            throw new IOException("not an HTTP/1.1 answer: " + status);
        }
        int code = Integer.parseInt(status.substring(9, 12));
        Map<String, String> headers = new HashMap<>();
        for (String header; !(header = line(in)).isEmpty(); ) {
            int colon = header.indexOf(':');
            headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
        }
        String length = headers.get("content-length");
        if (length != null) {
            return new Answer(code, headers, in.readNBytes(Integer.parseInt(length)));
        }
        if (!"chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            throw new IOException("an answer with neither Content-Length nor chunks: " + headers);
        }
        Chunked chunks = new Chunked();
        if (!headers.getOrDefault("content-type", "").startsWith("text/event-stream")) {
            return new Answer(code, headers, chunks.readAllBytes());
        }
        byte[] message = event(chunks);
        unfinished = chunks;
        return new Answer(code, headers, message);
    }

    /** The data of the first event that has any; empty when the stream ends without one. */
    private byte[] event(InputStream stream) throws IOException {
        ByteArrayOutputStream data = new ByteArrayOutputStream(2048);
        while (true) {
            String field;
            try {
                field = line(stream);
            } catch (EOFException end) {
                return data.toByteArray();
            }
            if (field.isEmpty()) {
                if (data.size() > 0) {
                    return data.toByteArray();
                }
            } else if (field.startsWith("data:")) {
                data.write(field.substring(field.startsWith("data: ") ? 6 : 5).getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /** A line without its CR LF (or LF), as UTF-8. */
    private String line(InputStream stream) throws IOException {
        line.reset();
        for (int b; (b = stream.read()) != '\n'; ) {
            if (b < 0) {
                throw new EOFException("the connection ended inside a line");
            }
            line.write(b);
        }
        int length = line.size();
        byte[] bytes = line.toByteArray();
        return new String(bytes, 0, length > 0 && bytes[length - 1] == '\r' ? length - 1 : length,
                StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** A chunked body, decoded as it is read; its end is the zero-length chunk and the blank line after it. */
    private final class Chunked extends InputStream {
        private long left;
        private boolean ended;

        @Override
        public int read() throws IOException {
            if (!next()) {
                return -1;
            }
            left--;
            return in.read();
        }

        @Override
        public int read(byte[] into, int offset, int count) throws IOException {
            if (!next()) {
                return -1;
            }
            int n = in.read(into, offset, (int) Math.min(count, left));
            if (n < 0) {
                throw new EOFException("the connection ended inside a chunk");
            }
            left -= n;
            return n;
        }

        private boolean next() throws IOException {
            if (ended) {
                return false;
            }
            if (left == 0) {
                String size = line(in);
                if (size.isEmpty()) { // the CR LF that closes the chunk before
                    size = line(in);
                }
                int semicolon = size.indexOf(';');
                left = Long.parseLong(semicolon < 0 ? size : size.substring(0, semicolon), 16);
                if (left == 0) {
                    while (!line(in).isEmpty()) {
                        // trailers: none expected, none kept
                    }
                    ended = true;
                    return false;
                }
            }
            return true;
        }

        void skipToEnd() throws IOException {
            while (read(new byte[4096], 0, 4096) >= 0) {
                // the rest of an SSE stream whose answer has been read
            }
        }
    }
}
