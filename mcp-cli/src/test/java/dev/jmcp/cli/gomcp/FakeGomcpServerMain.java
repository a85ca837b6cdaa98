package dev.jmcp.cli.gomcp;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs {@link FakeGomcpServer} as a child JVM on the class path (java.base and jakarta.json only):
 * {@code stdio [get-only]} speaks newline-delimited JSON on standard input and output;
 * {@code http [get-only] [body-answers]} serves gomcp's HTTP+SSE shape on 127.0.0.1 (GET {@code /sse}
 * opens the stream whose first event, {@code endpoint}, names the URL to POST to; every answer comes
 * back on the stream as {@code event: message}, or with {@code body-answers} in the POST's body as
 * gomcp's own server does, errors with 400 or 404), prints {@code port N} on its standard output, takes
 * {@code POST /test/change} with {@code {uri, text, notification}} from the test, and ends when its
 * standard input does. Plain sockets, one exchange per connection: the test module reads no HTTP module.
 */
public final class FakeGomcpServerMain {
    private FakeGomcpServerMain() {
    }

    public static void main(String[] args) throws Exception {
        List<String> options = List.of(args).subList(1, args.length);
        FakeGomcpServer server = new FakeGomcpServer(!options.contains("get-only"));
        if (args[0].equals("stdio")) {
            stdio(server);
        } else {
            http(server, options.contains("body-answers"));
        }
    }

    private static void stdio(FakeGomcpServer server) throws IOException {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        FakeGomcpServer.Session session = server.open(line -> {
            synchronized (out) {
                out.print(line + "\n");
                out.flush();
            }
        });
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (!line.isBlank()) {
                session.receive(line);
            }
        }
    }

    private static void http(FakeGomcpServer server, boolean bodyAnswers) throws IOException {
        ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        ExecutorService connections = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable);
            thread.setDaemon(true);
            return thread;
        });
        Map<String, FakeGomcpServer.Session> sessions = new ConcurrentHashMap<>();
        AtomicLong ids = new AtomicLong();
        connections.execute(() -> {
            while (true) {
                try {
                    Socket socket = listener.accept();
                    connections.execute(() -> serve(socket, server, sessions, ids, bodyAnswers));
                } catch (IOException e) {
                    return;
                }
            }
        });
        System.out.println("port " + listener.getLocalPort());
        System.out.flush();
        System.in.transferTo(OutputStream.nullOutputStream());
        System.exit(0);
    }

    /** One HTTP/1.1 exchange per connection, which then closes: enough for a test, and every client copes. */
    private static void serve(Socket socket, FakeGomcpServer server, Map<String, FakeGomcpServer.Session> sessions,
            AtomicLong ids, boolean bodyAnswers) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            String[] requestLine = line(in).split(" ");
            int length = 0;
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                if (header.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Integer.parseInt(header.substring("content-length:".length()).strip());
                }
            }
            String method = requestLine[0];
            URI target = URI.create(requestLine[1]);
            String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            switch (target.getPath()) {
                case "/sse" -> {
                    if (!method.equals("GET")) {
                        status(out, "405 Method Not Allowed"); // jmcp's client then falls back to this shape
                        return;
                    }
                    stream(out, server, sessions, String.valueOf(ids.incrementAndGet()));
                }
                case "/message" -> {
                    String query = target.getQuery();
                    FakeGomcpServer.Session session = query == null ? null : sessions.get(query.replace("sessionId=", ""));
                    if (session == null) {
                        status(out, "404 Not Found");
                        return;
                    }
                    if (bodyAnswers) {
                        answer(out, session.exchange(body));
                    } else {
                        status(out, "202 Accepted");
                        session.receive(body);
                    }
                }
                case "/test/change" -> {
                    JsonObject change = Json.createReader(new StringReader(body)).readObject();
                    server.change(change.getString("uri"), change.getString("text"), change.getString("notification"));
                    status(out, "200 OK");
                }
                default -> status(out, "404 Not Found");
            }
        } catch (IOException | RuntimeException e) {
            // the client went away, or sent what this test server does not read
        }
    }

    /** The session's GET stream: the endpoint first, then each answer and notification as it comes. */
    private static void stream(OutputStream out, FakeGomcpServer server, Map<String, FakeGomcpServer.Session> sessions,
            String id) throws IOException {
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        FakeGomcpServer.Session session = server.open(events::add);
        sessions.put(id, session);
        try {
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            event(out, "endpoint", "/message?sessionId=" + id);
            while (true) {
                event(out, "message", events.take());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            sessions.remove(id);
            session.end();
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("the request ended early");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    /** gomcp's way: 200 with the answer, an error status with a JSON-RPC error, 204 for a notification. */
    private static void answer(OutputStream out, String answer) throws IOException {
        if (answer.isEmpty()) {
            status(out, "204 No Content");
            return;
        }
        String status = !answer.contains("\"error\"") ? "200 OK"
                : answer.contains("\"code\":-32601") ? "404 Not Found" : "400 Bad Request";
        byte[] body = answer.getBytes(StandardCharsets.UTF_8);
        out.write(("HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    private static void status(OutputStream out, String status) throws IOException {
        out.write(("HTTP/1.1 " + status + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static void event(OutputStream body, String name, String data) throws IOException {
        body.write(("event: " + name + "\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        body.flush();
    }
}
