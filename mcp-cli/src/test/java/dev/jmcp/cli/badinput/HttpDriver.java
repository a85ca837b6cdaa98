package dev.jmcp.cli.badinput;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One {@code jmcp serve --http 127.0.0.1:0} for the whole matrix, and one session opened on it.
 * Each text is the body of a POST on a connection of its own ({@code Connection: close}): a row
 * that makes the server close its connection cannot hide that the next one still works. Session
 * rows carry the session's headers; stateless rows carry the headers a 2026-07-28 client derives
 * from its body ({@code MCP-Protocol-Version}, {@code Mcp-Method}, {@code Mcp-Name}).
 */
final class HttpDriver extends Driver {
    private static final int READ_BOUND_MILLIS = 30_000;

    private final URI address;
    private final String session;

    HttpDriver(Path root) throws Exception {
        super(new ServeProcess(root, List.of("--http", "127.0.0.1:0"), line -> { }));
        try {
            address = address();
            HttpResponse opened = exchange(base(Clients.utf8(Clients.INITIALIZE)));
            session = opened.header("mcp-session-id");
            if (session == null) {
                throw new AssertionError("initialize opened no session: " + opened + "\n" + log());
            }
            send(BadInput.Era.SESSION, Clients.utf8(Clients.INITIALIZED), UnaryOperator.identity(), false, null);
        } catch (Exception | AssertionError e) {
            close(); // no server left behind by a driver that could not start
            throw e;
        }
    }

    @Override
    Answer send(BadInput.Era era, byte[] text, UnaryOperator<RawRequest> http, boolean answered, String awaited)
            throws Exception {
        RawRequest request = base(text);
        request = era == BadInput.Era.SESSION
                ? request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", Clients.SESSION_VERSION)
                : statelessHeaders(request, text);
        HttpResponse response = exchange(http.apply(request));
        return new Answer(response.status(), response.message());
    }

    /** The POST of a client that opens a session, without a session yet. */
    private RawRequest base(byte[] body) {
        return RawRequest.post(address.getPath(), body)
                .header("Host", address.getHost() + ":" + address.getPort())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Connection", "close");
    }

    /** The headers that repeat what the body says, where it can be read. */
    private static RawRequest statelessHeaders(RawRequest request, byte[] text) {
        String version = Clients.STATELESS_VERSION;
        try {
            JsonObject body = Json.createReader(new ByteArrayInputStream(text)).readObject();
            JsonObject params = body.get("params") instanceof JsonObject object ? object : JsonObject.EMPTY_JSON_OBJECT;
            if (params.get("_meta") instanceof JsonObject meta
                    && meta.get("io.modelcontextprotocol/protocolVersion") instanceof JsonString named) {
                version = named.getString();
            }
            if (body.get("method") instanceof JsonString method) {
                request = request.header("Mcp-Method", method.getString());
            }
            if (params.get("uri") instanceof JsonString uri) {
                request = request.header("Mcp-Name", uri.getString());
            }
        } catch (JsonException | ClassCastException e) {
            // not an object: a row about the body itself, which a client could not derive headers from
        }
        return request.header("MCP-Protocol-Version", version);
    }

    private HttpResponse exchange(RawRequest request) throws Exception {
        return request.sendTo(address, READ_BOUND_MILLIS);
    }
}
