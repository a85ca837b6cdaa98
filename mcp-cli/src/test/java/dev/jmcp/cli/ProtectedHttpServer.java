package dev.jmcp.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An MCP endpoint that asks for OAuth, and its authorization server, in one plain HTTP server on
 * 127.0.0.1 (one request per connection): {@code /mcp} answers 401 without the token it issues,
 * and with it speaks just enough MCP of 2025-11-25 for {@code jmcp ls} (one resource); the
 * authorization server registers anyone, approves at once and issues {@link #TOKEN}.
 */
final class ProtectedHttpServer implements AutoCloseable {
    static final String TOKEN = "cli-test-token";
    private static final Pattern METHOD = Pattern.compile("\"method\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+|\"[^\"]*\")");
    private static final Pattern TARGET = Pattern.compile("^(\\S+) (\\S+) HTTP/1\\.1");

    private final ServerSocket socket;
    private final String base;
    final List<String> requests = new CopyOnWriteArrayList<>();

    ProtectedHttpServer() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        base = "http://127.0.0.1:" + socket.getLocalPort();
        Thread serving = new Thread(this::serve, "protected-http-server");
        serving.setDaemon(true);
        serving.start();
    }

    String mcp() {
        return base + "/mcp";
    }

    private void serve() {
        while (!socket.isClosed()) {
            try (Socket connection = socket.accept()) {
                InputStream in = connection.getInputStream();
                String head = readUntil(in, "\r\n\r\n");
                String body = new String(in.readNBytes(contentLength(head)), StandardCharsets.UTF_8);
                Matcher target = TARGET.matcher(head);
                if (!target.find()) {
                    continue;
                }
                requests.add(target.group(1) + " " + target.group(2));
                answer(connection.getOutputStream(), target.group(1), target.group(2), head, body);
            } catch (IOException e) {
                // closed by the test, or a connection that went away
            }
        }
    }

    private void answer(OutputStream out, String method, String target, String head, String body) throws IOException {
        String path = target.contains("?") ? target.substring(0, target.indexOf('?')) : target;
        switch (path) {
            case "/.well-known/oauth-protected-resource/mcp" -> send(out, "200 OK", "", "{\"resource\":\"" + mcp()
                    + "\",\"authorization_servers\":[\"" + base + "\"]}");
            case "/.well-known/oauth-authorization-server" -> send(out, "200 OK", "", "{\"issuer\":\"" + base
                    + "\",\"authorization_endpoint\":\"" + base + "/authorize\",\"token_endpoint\":\"" + base
                    + "/token\",\"registration_endpoint\":\"" + base + "/register\","
                    + "\"code_challenge_methods_supported\":[\"S256\"],"
                    + "\"authorization_response_iss_parameter_supported\":true}");
            case "/register" -> send(out, "201 Created", "", "{\"client_id\":\"cli-client\"}");
            case "/authorize" -> {
                String query = target.substring(target.indexOf('?') + 1);
                String redirect = param(query, "redirect_uri");
                send(out, "302 Found", "Location: " + redirect + "?code=the-code&state=" + param(query, "state")
                        + "&iss=" + java.net.URLEncoder.encode(base, StandardCharsets.UTF_8) + "\r\n", "");
            }
            case "/token" -> send(out, "200 OK", "", "{\"access_token\":\"" + TOKEN
                    + "\",\"token_type\":\"Bearer\",\"expires_in\":3600}");
            case "/mcp" -> mcp(out, method, head, body);
            default -> send(out, "404 Not Found", "", "{}");
        }
    }

    private void mcp(OutputStream out, String method, String head, String body) throws IOException {
        if (!head.toLowerCase(Locale.ROOT).contains("\r\nauthorization: bearer " + TOKEN + "\r\n")) {
            send(out, "401 Unauthorized", "WWW-Authenticate: Bearer resource_metadata=\"" + base
                    + "/.well-known/oauth-protected-resource/mcp\"\r\n", "{\"error\":\"invalid_token\"}");
            return;
        }
        if (!method.equals("POST")) {
            send(out, method.equals("DELETE") ? "200 OK" : "405 Method Not Allowed", "", "");
            return;
        }
        Matcher name = METHOD.matcher(body);
        Matcher id = ID.matcher(body);
        if (!name.find() || !id.find()) {
            send(out, "202 Accepted", "", "");
            return;
        }
        String result = switch (name.group(1)) {
            case "initialize" -> "\"result\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"resources\":{}},"
                    + "\"serverInfo\":{\"name\":\"protected\",\"version\":\"1\"}}";
            case "resources/list" -> "\"result\":{\"resources\":[{\"uri\":\"file:///secret.txt\",\"name\":\"secret.txt\"}]}";
            default -> "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}";
        };
        send(out, "200 OK", "", "{\"jsonrpc\":\"2.0\",\"id\":" + id.group(1) + "," + result + "}");
    }

    private static String param(String query, String name) {
        for (String pair : query.split("&")) {
            if (pair.startsWith(name + "=")) {
                return java.net.URLDecoder.decode(pair.substring(name.length() + 1), StandardCharsets.UTF_8);
            }
        }
        return "";
    }

    private static void send(OutputStream out, String status, String headers, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        out.write(("HTTP/1.1 " + status + "\r\n" + headers + (bytes.length > 0 ? "Content-Type: application/json\r\n" : "")
                + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring(15).strip());
            }
        }
        return 0;
    }

    private static String readUntil(InputStream in, String end) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        while (!bytes.toString(StandardCharsets.US_ASCII).endsWith(end)) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            bytes.write(b);
        }
        return bytes.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
