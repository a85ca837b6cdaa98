package dev.jmcp.auth.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A small authorization server of the tests' own, on 127.0.0.1 over real sockets: it answers each
 * path with what the test set (metadata, a key set, introspection answers), counts the requests per
 * path, and can misbehave on purpose: answer nothing ({@link #hold}, released when it closes), or a
 * body of any size. One request per connection.
 */
final class LoopbackAuthorizationServer implements AutoCloseable {
    /** An answer: its status and JSON body; {@code hold} to send the head and then nothing until close. */
    record Answer(int status, byte[] body, boolean hold) {
        static Answer json(String body) {
            return new Answer(200, body.getBytes(StandardCharsets.UTF_8), false);
        }

        static Answer status(int status) {
            return new Answer(status, new byte[0], false);
        }
    }

    /** A request as it arrived: headers by lower-case name, and the body. */
    record Request(String method, String path, Map<String, String> headers, String body) {
    }

    private final ServerSocket socket;
    private final Map<String, Function<Request, Answer>> routes = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread acceptor;

    LoopbackAuthorizationServer() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(this::accept, "loopback-as");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** @return {@code http://127.0.0.1:<port>} */
    URI origin() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort());
    }

    void route(String path, Function<Request, Answer> answer) {
        routes.put(path, answer);
    }

    /** @return how many requests {@code path} has had */
    int count(String path) {
        return counts.computeIfAbsent(path, p -> new AtomicInteger()).get();
    }

    static Answer hold() {
        return new Answer(200, new byte[0], true);
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket connection = socket.accept();
                Thread handler = new Thread(() -> serve(connection), "loopback-as-connection");
                handler.setDaemon(true);
                handler.start();
            } catch (IOException closing) {
                return;
            }
        }
    }

    private void serve(Socket connection) {
        try (connection) {
            InputStream in = connection.getInputStream();
            String requestLine = line(in);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                int colon = header.indexOf(':');
                headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
            }
            byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
            String[] parts = requestLine.split(" ");
            String path = URI.create(parts[1]).getPath();
            counts.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
            Function<Request, Answer> route = routes.get(path);
            Answer answer = route == null ? Answer.status(404)
                    : route.apply(new Request(parts[0], path, headers, new String(body, StandardCharsets.UTF_8)));
            OutputStream out = connection.getOutputStream();
            if (answer.hold()) {
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                closed.await(); // the client's fetchTimeout ends the wait on its side
                return;
            }
            out.write(("HTTP/1.1 " + answer.status() + " X\r\nContent-Type: application/json\r\nContent-Length: "
                    + answer.body().length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(answer.body());
            out.flush();
        } catch (IOException | RuntimeException e) {
            // the client went away (a size limit cuts it off): nothing to answer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (b != '\r') {
                bytes.write(b);
            }
        }
        return bytes.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        closed.countDown();
        socket.close();
    }
}
