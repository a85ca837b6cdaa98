package dev.jmcp.dialect.gomcp.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * gomcp's HTTP: the HTTP+SSE shape of 2024-11-05. {@code GET /sse} (or another path) opens an event stream whose
 * first event, {@code endpoint}, names the URL to POST each message to; every answer and
 * notification comes back on the stream as a {@code message} event. Plain sockets, HTTP/1.1, so
 * that what is asserted is the wire.
 */
public final class SseWire implements Wire {
    private final URI sse;
    private final Socket stream;
    private final CompletableFuture<String> endpoint = new CompletableFuture<>();

    /** @param sse the URL of the event stream, such as {@code http://127.0.0.1:8080/sse} */
    public SseWire(URI sse) throws IOException {
        this.sse = sse;
        this.stream = new Socket(sse.getHost(), sse.getPort());
        stream.getOutputStream().write(("GET " + sse.getRawPath() + " HTTP/1.1\r\nHost: " + sse.getHost() + ":"
                + sse.getPort() + "\r\nAccept: text/event-stream\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        stream.getOutputStream().flush();
    }

    @Override
    public void start(Consumer<String> sink, Runnable ended) throws IOException {
        InputStream in = stream.getInputStream();
        String status = line(in);
        if (!status.startsWith("HTTP/1.1 200")) {
            throw new IOException("GET " + sse.getRawPath() + " answered " + status);
        }
        boolean chunked = false;
        for (String header; !(header = line(in)).isEmpty(); ) {
            chunked |= header.toLowerCase(Locale.ROOT).replace(" ", "").equals("transfer-encoding:chunked");
        }
        InputStream body = chunked ? new ChunkedInput(in) : in;
        Thread reader = new Thread(() -> {
            readEvents(body, sink);
            ended.run();
        }, "gomcp-test-sse");
        reader.setDaemon(true);
        reader.start();
        try {
            endpoint.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("no endpoint event within 30 s", e);
        }
    }

    private void readEvents(InputStream body, Consumer<String> sink) {
        String event = "message";
        StringBuilder data = new StringBuilder();
        try {
            for (String line; (line = line(body)) != null; ) {
                if (line.isEmpty()) {
                    if (data.length() > 0) {
                        if (event.equals("endpoint")) {
                            endpoint.complete(data.toString());
                        } else {
                            sink.accept(data.toString());
                        }
                    }
                    event = "message";
                    data.setLength(0);
                } else if (line.startsWith("event:")) {
                    event = line.substring(6).strip();
                } else if (line.startsWith("data:")) {
                    data.append(data.length() > 0 ? "\n" : "").append(line.substring(5).stripLeading());
                }
            }
        } catch (IOException closed) {
            // the stream ended
        }
        endpoint.completeExceptionally(new IOException("the event stream ended"));
    }

    @Override
    public void send(String json) throws IOException {
        String path = endpoint.join();
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        try (Socket post = new Socket(sse.getHost(), sse.getPort())) {
            OutputStream out = post.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: " + sse.getHost() + ":" + sse.getPort()
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            String status = line(post.getInputStream());
            if (status == null || !status.startsWith("HTTP/1.1 202")) {
                throw new IOException("POST " + path + " answered " + status);
            }
        }
    }

    @Override
    public void close() {
        try {
            stream.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    /** @return one CRLF- or LF-terminated line without its end; null at the end of the input */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b; (b = in.read()) != -1; ) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.UTF_8);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
    }

    /** HTTP/1.1 chunked transfer coding, decoded. */
    private static final class ChunkedInput extends InputStream {
        private final InputStream in;
        private long left;
        private boolean ended;

        ChunkedInput(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            while (left == 0 && !ended) {
                String size = line(in);
                if (size == null) {
                    ended = true;
                    break;
                }
                if (size.isEmpty()) {
                    continue; // the CRLF after a chunk's data
                }
                left = Long.parseLong(size.split(";")[0].strip(), 16);
                ended = left == 0;
            }
            if (ended) {
                return -1;
            }
            left--;
            return in.read();
        }
    }
}
