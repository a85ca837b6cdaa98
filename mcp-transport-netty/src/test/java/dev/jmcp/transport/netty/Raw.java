package dev.jmcp.transport.netty;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Plain HTTP requests for the cases a well-behaved client never sends. */
final class Raw {
    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
    /** The params {@code _meta} of a 2026-07-28 request, as the conformance suite's client sends it. */
    static final String STATELESS_META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"raw\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private Raw() {
    }

    static HttpRequest.Builder post(URI uri, String body, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return builder;
    }

    /** @return a request's JSON: {@code id} as a JSON string when it is a String, else as a number */
    static String call(Object id, String method, String params) {
        String idText = id instanceof String text ? "\"" + text + "\"" : String.valueOf(id);
        return "{\"jsonrpc\":\"2.0\",\"id\":" + idText + ",\"method\":\"" + method + "\",\"params\":{" + params + "}}";
    }

    static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** @return the session id of a fresh session, initialized and announced */
    static String initialize(URI uri) throws IOException, InterruptedException {
        HttpResponse<String> response = send(post(uri, INITIALIZE));
        String id = response.headers().firstValue("Mcp-Session-Id").orElseThrow();
        send(post(uri, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", "Mcp-Session-Id", id,
                "MCP-Protocol-Version", "2025-11-25"));
        return id;
    }

    /** Sends {@code request} as bytes on a socket of its own and returns the status line. */
    static String statusOverSocket(URI uri, String request) throws IOException {
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            int b;
            while ((b = in.read()) >= 0 && b != '\n') {
                line.append((char) b);
            }
            return line.toString().strip();
        }
    }
}
