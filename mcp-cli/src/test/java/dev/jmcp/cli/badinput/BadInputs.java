package dev.jmcp.cli.badinput;

import static dev.jmcp.cli.badinput.BadInput.Over.HTTP;
import static dev.jmcp.cli.badinput.BadInput.Over.STDIO;
import static dev.jmcp.cli.badinput.BadInput.row;
import static dev.jmcp.schema.jsonrpc.ErrorCodes.HEADER_MISMATCH;
import static dev.jmcp.schema.jsonrpc.ErrorCodes.INVALID_PARAMS;
import static dev.jmcp.schema.jsonrpc.ErrorCodes.INVALID_REQUEST;
import static dev.jmcp.schema.jsonrpc.ErrorCodes.METHOD_NOT_FOUND;
import static dev.jmcp.schema.jsonrpc.ErrorCodes.PARSE_ERROR;
import static dev.jmcp.schema.jsonrpc.ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION;

import dev.jmcp.schema.codec.CodecLimits;
import java.util.List;

/**
 * The bad-input matrix: every row is something a careless or hostile peer sends, and the answer it
 * must get. Each row's message fragment names what was wrong or the limit that applied. The limits
 * are the defaults of {@code jmcp serve}: {@code CodecLimits}, the file-system provider's
 * {@code maxPathSegments} and {@code HttpServerSettings}.
 *
 * <p>Not here: {@code maxStringLength}. Its default (16 Mi characters) cannot be reached before
 * {@code maxMessageBytes} (16 MiB), since a JSON string takes at least one byte a character; the
 * codec's own tests cover it with smaller limits.
 */
final class BadInputs {
    private static final String VERSION = Clients.VERSION_MEMBER;
    private static final String CAPABILITIES = Clients.CAPABILITIES_MEMBER;
    private static final String NO_ID = null;
    private static final String ID = "7";
    /** JSON-RPC answers no notification; over HTTP a POST gets a status, and 400 may carry the error. */
    private static final String CANCEL_OBJECT_ID =
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":{\"n\":7}}}";
    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}";

    private BadInputs() {
    }

    static final List<BadInput> ROWS = List.of(
            // ---- not a JSON-RPC message
            row("malformed JSON").sends("{not json")
                    .answers(PARSE_ERROR, NO_ID, "malformed JSON at line 1, column 2").status(400),
            row("a number, not an object").sends("42")
                    .answers(INVALID_REQUEST, NO_ID, "a JSON-RPC message must be an object, was a number").status(400),
            row("a string, not an object").sends("\"ping\"")
                    .answers(INVALID_REQUEST, NO_ID, "a JSON-RPC message must be an object, was a string").status(400),
            row("an empty object").sends("{}")
                    .answers(INVALID_REQUEST, NO_ID, "missing member \"jsonrpc\"; it must be \"2.0\"").status(400),
            row("an empty batch").sends("[]")
                    .answers(INVALID_REQUEST, NO_ID, "a batch must hold at least one message").status(400),
            row("a batch under 2025-11-25").sends("[" + PING + "]")
                    .answers(INVALID_REQUEST, ID, "batches are accepted only under protocol version 2025-03-26"),
            row("jsonrpc 1.0").sends("{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"ping\"}")
                    .answers(INVALID_REQUEST, ID, "\"jsonrpc\" must be \"2.0\", was \"1.0\"").status(400),
            row("an object as id").sends("{\"jsonrpc\":\"2.0\",\"id\":{\"n\":7},\"method\":\"ping\"}")
                    .answers(INVALID_REQUEST, NO_ID,
                            "id: expected a request id (a string or an integer), was an object")
                    .status(400),
            row("an array as id").sends("{\"jsonrpc\":\"2.0\",\"id\":[7],\"method\":\"ping\"}")
                    .answers(INVALID_REQUEST, NO_ID, "id: expected a request id (a string or an integer), was an array")
                    .status(400),
            row("a boolean as id").sends("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}")
                    .answers(INVALID_REQUEST, NO_ID,
                            "id: expected a request id (a string or an integer), was a boolean")
                    .status(400),
            row("a fraction as id").sends("{\"jsonrpc\":\"2.0\",\"id\":7.5,\"method\":\"ping\"}")
                    .answers(INVALID_REQUEST, NO_ID, "id: expected an integer, was 7.5").status(400),
            row("a number as method").sends("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":5}")
                    .answers(INVALID_REQUEST, NO_ID, "method: expected a string, was a number").status(400),
            row("bytes that are not UTF-8").inLatin1().sends(request("ping", "{\"name\":\"caf\u00e9\"}"))
                    .answers(PARSE_ERROR, ID, "invalid UTF-8 at byte offset 61").status(400),
            row("a raw control character in a string").sends(request("ping", "{\"name\":\"a\u0001b\"}"))
                    .answers(PARSE_ERROR, ID,
                            "control character U+0001 inside a string; it must be escaped").status(400),
            row("initialize again").sends(Clients.INITIALIZE.replace("\"id\":0", "\"id\":7"))
                    .answers(INVALID_REQUEST, ID, "initialize was already received; this session uses 2025-11-25"),
            row("an unknown method").sends("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"no/such\"}")
                    .answers(METHOD_NOT_FOUND, ID, "method not found: no/such"),
            row("params an array").sends("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"resources/list\",\"params\":[1]}")
                    .answers(INVALID_PARAMS, ID, "params: expected an object, was an array").status(400),
            row("params a string")
                    .sends("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"resources/list\",\"params\":\"x\"}")
                    .answers(INVALID_PARAMS, ID, "params: expected an object, was a string").status(400),

            // ---- limits of the codec
            row("nesting over maxDepth")
                    .sends(() -> request("ping", "{\"deep\":" + "[".repeat(70) + "]".repeat(70) + "}"))
                    .answers(INVALID_REQUEST, ID, "nesting depth 65 at params.deep exceeds maxDepth=64").status(400),
            row("a number of 2,000 digits").sends(() -> request("ping", "{\"n\":" + "9".repeat(2000) + "}"))
                    .answers(PARSE_ERROR, ID, "a number of more than maxNumberLength=1024 characters").status(400),
            row("an exponent out of range").sends(request("ping", "{\"n\":1e999999999999}"))
                    .answers(PARSE_ERROR, ID, "the exponent of '1e999999999999' is out of range").status(400),
            row("a line over maxMessageBytes").only(STDIO)
                    .sends(() -> request("ping",
                            "{\"pad\":\"" + "x".repeat((int) CodecLimits.DEFAULT_MAX_MESSAGE_BYTES) + "\"}"))
                    .answers(INVALID_REQUEST, ID, "exceeds maxMessageBytes=16777216"),

            // ---- resources/read and resources/list
            row("read without uri").sends(request("resources/read", "{}"))
                    .answers(INVALID_PARAMS, ID, "params: missing required member \"uri\"").status(400),
            row("read with a number as uri").sends(request("resources/read", "{\"uri\":5}"))
                    .answers(INVALID_PARAMS, ID, "params.uri: expected a string, was a number").status(400),
            row("read of an unparsable uri").sends(read("::not a uri"))
                    .answers(INVALID_PARAMS, ID, "Resource not found").withData("uri", "\"::not a uri\""),
            row("read of a relative uri").sends(read(Clients.FILE))
                    .answers(INVALID_PARAMS, ID, "Resource not found").withData("uri", "\"" + Clients.FILE + "\""),
            row("read with ../").sends(read("{dir}/../etc/passwd"))
                    .answers(INVALID_PARAMS, ID,
                            "URI refused: it has a '..' segment").withData("uri", "/../etc/passwd"),
            row("read with %2e%2e").sends(read("{dir}/%2e%2e/%2E%2E/etc/passwd"))
                    .answers(INVALID_PARAMS, ID, "URI refused: it has a '..' segment").withData("uri", "%2e%2e"),
            row("read with an encoded slash").sends(read("{dir}/sub%2f" + Clients.FILE))
                    .answers(INVALID_PARAMS, ID, "a segment holds a percent-encoded path separator (%2F or %5C)"),
            row("read outside the root").sends(read("file:///etc/passwd"))
                    .answers(INVALID_PARAMS, ID, "URI refused: the path is outside the served root")
                    .withData("uri", "\"file:///etc/passwd\""),
            row("read with %00").sends(read("{file}%00"))
                    .answers(INVALID_PARAMS, ID, "URI refused: it contains a NUL byte"),
            row("read with a query").sends(read("{file}?q=1"))
                    .answers(INVALID_PARAMS, ID, "URI refused: a file: URI must not have a query or a fragment"),
            row("read on another host").sends(read("file://elsewhere.example/" + Clients.FILE))
                    .answers(INVALID_PARAMS, ID, "URI refused: host 'elsewhere.example' is not served"),
            row("read of another scheme").sends(read("http://127.0.0.1/" + Clients.FILE))
                    .answers(INVALID_PARAMS, ID, "Resource not found").withData("uri", "\"http://127.0.0.1/"),
            row("read of a missing file").sends(read("{dir}/missing.txt"))
                    .answers(INVALID_PARAMS, ID, "Resource not found").withData("uri", "/missing.txt\""),
            row("read over maxPathSegments").sends(() -> read("{dir}/" + "a/".repeat(300) + "b"))
                    .answers(INVALID_PARAMS, ID,
                            "its path has 301 segments below the root, more than maxPathSegments=256"),
            row("list with a cursor never issued").sends(request("resources/list", "{\"cursor\":\"not-a-cursor\"}"))
                    .answers(INVALID_PARAMS, ID, "invalid params.cursor: it is not a cursor this server issued"),
            row("list with a file as uri").sends(request("resources/list", "{\"uri\":\"{file}\"}"))
                    .answers(INVALID_PARAMS, ID, "params.uri is not a collection").withData("uri", Clients.FILE),
            row("subscribe without uri").sends(request("resources/subscribe", "{}"))
                    .answers(INVALID_PARAMS, ID, "params: missing required member \"uri\"").status(400),
            row("logging/setLevel to an unknown level").sends(request("logging/setLevel", "{\"level\":\"loud\"}"))
                    .answers(INVALID_PARAMS, ID,
                            "params.level: unknown value \"loud\", expected one of debug,").status(400),
            row("an object as progressToken")
                    .sends(request("resources/read", "{\"uri\":\"{file}\",\"_meta\":{\"progressToken\":{}}}"))
                    .answers(INVALID_PARAMS, ID,
                            "params._meta.progressToken must be a string or an integer in the 64-bit"
                            + " range, not an object"),
            row("a boolean as progressToken of ping").sends(request("ping", "{\"_meta\":{\"progressToken\":true}}"))
                    .answers(INVALID_PARAMS, ID,
                            "params._meta.progressToken must be a string or an integer in the 64-bit"
                            + " range, not a boolean"),

            // ---- what JSON-RPC never answers
            row("a response to no request")
                    .sends("{\"jsonrpc\":\"2.0\",\"id\":\"never-sent\",\"result\":{}}").unanswered(),
            row("a notification whose params are refused").only(STDIO).sends(CANCEL_OBJECT_ID).unanswered(),
            row("a notification whose params are refused, over HTTP").sends(CANCEL_OBJECT_ID).only(HTTP)
                    .answers(INVALID_PARAMS, NO_ID, "params.requestId: expected a request id").status(400),
            row("a notification of an unknown method")
                    .sends("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/no-such\"}")
                    .unanswered(),

            // ---- the stateless era (2026-07-28): the request's _meta says who is asking
            row("_meta without clientCapabilities").stateless().sends(readWithMeta(VERSION))
                    .answers(INVALID_PARAMS, ID,
                            "params._meta[\"io.modelcontextprotocol/clientCapabilities\"] is required")
                    .status(400),
            row("_meta with a number as clientCapabilities").stateless()
                    .sends(readWithMeta(VERSION, "\"io.modelcontextprotocol/clientCapabilities\":5"))
                    .answers(INVALID_PARAMS, ID,
                            "params._meta[\"io.modelcontextprotocol/clientCapabilities\"] must be an object")
                    .status(400),
            row("_meta with a string as clientInfo").stateless()
                    .sends(readWithMeta(VERSION, CAPABILITIES, "\"io.modelcontextprotocol/clientInfo\":\"me\""))
                    .answers(INVALID_PARAMS, ID,
                            "params._meta[\"io.modelcontextprotocol/clientInfo\"] must be an object")
                    .status(400),
            row("_meta with an unknown logLevel").stateless()
                    .sends(readWithMeta(VERSION, CAPABILITIES, "\"io.modelcontextprotocol/logLevel\":\"loud\""))
                    .answers(INVALID_PARAMS, ID,
                            "params._meta[\"io.modelcontextprotocol/logLevel\"] must be one of debug,")
                    .status(400),
            row("an unsupported protocolVersion").stateless()
                    .sends(readWithMeta("\"io.modelcontextprotocol/protocolVersion\":\"1999-01-01\"", CAPABILITIES))
                    .answers(UNSUPPORTED_PROTOCOL_VERSION, ID, "Unsupported protocol version: 1999-01-01")
                    .withData("supported", "\"2026-07-28\"").withData("requested", "\"1999-01-01\"").status(400),
            row("ping, removed in 2026-07-28").stateless().sends(request("ping", "{{meta}}"))
                    .answers(METHOD_NOT_FOUND, ID, "method not found: ping is not a method of 2026-07-28").status(404),
            row("resources/subscribe, removed in 2026-07-28").stateless()
                    .sends(request("resources/subscribe", "{\"uri\":\"{file}\",{meta}}"))
                    .answers(METHOD_NOT_FOUND, ID,
                            "method not found: resources/subscribe is not a method of 2026-07-28")
                    .status(404),
            row("an unknown method, stateless").stateless().sends(request("no/such", "{{meta}}"))
                    .answers(METHOD_NOT_FOUND, ID, "method not found: no/such").status(404),
            row("read of a missing file, stateless").stateless().sends(read("{dir}/missing.txt", "{meta}"))
                    .answers(INVALID_PARAMS, ID, "Resource not found").withData("uri", "/missing.txt\""),
            row("an array as progressToken, stateless").stateless()
                    .sends(readWithMeta(VERSION, CAPABILITIES, "\"progressToken\":[1]"))
                    .answers(INVALID_PARAMS, ID,
                            "params._meta.progressToken must be a string or an integer in the 64-bit"
                            + " range, not an array"),
            row("a boolean as progressToken of server/discover").stateless()
                    .sends(request("server/discover", "{\"_meta\":{" + VERSION + "," + CAPABILITIES
                            + ",\"progressToken\":true}}"))
                    .answers(INVALID_PARAMS, ID, "params._meta.progressToken must be a string or an integer in the 64-bit"
                            + " range, not a boolean"),
            row("a notification of an unknown method, stateless").stateless()
                    .sends("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/no-such\",\"params\":{{meta}}}")
                    .unanswered(),

            // ---- HTTP: what the request around the message says
            row("Content-Type text/plain").sends(PING).http(r -> r.header("Content-Type", "text/plain"))
                    .answers(INVALID_REQUEST, NO_ID, "a POST must carry application/json in UTF-8; Content-Type was"
                            + " text/plain").status(415),
            row("JSON in another charset").sends(PING)
                    .http(r -> r.header("Content-Type", "application/json; charset=iso-8859-1"))
                    .answers(INVALID_REQUEST, NO_ID, "a POST must carry application/json in UTF-8; Content-Type was"
                            + " application/json; charset=iso-8859-1").status(415),
            row("Accept without text/event-stream").sends(PING).http(r -> r.header("Accept", "application/json"))
                    .answers(INVALID_REQUEST, NO_ID, "a POST must accept both application/json and text/event-stream;"
                            + " Accept was application/json").status(406),
            row("Accept without application/json").sends(PING).http(r -> r.header("Accept", "text/event-stream"))
                    .answers(INVALID_REQUEST, NO_ID, "Accept was text/event-stream").status(406),
            row("no Mcp-Session-Id").sends(PING).http(r -> r.without("Mcp-Session-Id"))
                    .answers(INVALID_REQUEST, ID, "an Mcp-Session-Id header is required").status(400),
            row("an unknown Mcp-Session-Id").sends(PING).http(r -> r.header("Mcp-Session-Id", "0123456789abcdef"))
                    .answers(INVALID_REQUEST, NO_ID, "no session 0123456789abcdef: it has ended or never existed")
                    .status(404),
            row("an unsupported MCP-Protocol-Version")
                    .sends(PING).http(r -> r.header("MCP-Protocol-Version", "1999-01-01"))
                    .answers(UNSUPPORTED_PROTOCOL_VERSION, ID, "Unsupported protocol version: 1999-01-01")
                    .withData("supported", "\"2025-11-25\"").status(400),
            row("an Origin not allowed").sends(PING).http(r -> r.header("Origin", "http://evil.example"))
                    .answers(INVALID_REQUEST, NO_ID, "Origin 'http://evil.example' is not allowed: it must be one of"
                            + " allowedOrigins=[").status(403),
            row("a Host not allowed").sends(PING).http(r -> r.header("Host", "evil.example"))
                    .answers(INVALID_REQUEST, NO_ID,
                            "Host 'evil.example' is not allowed: it must name one of allowedHosts=[")
                    .status(421),
            row("two Host headers").sends(PING).http(r -> r.adding("Host", "evil.example"))
                    .answers(INVALID_REQUEST, NO_ID, "more than one Host header").status(400),
            row("two Origin headers").sends(PING)
                    .http(r -> r.header("Origin", "http://localhost").adding("Origin", "http://evil.example"))
                    .answers(INVALID_REQUEST, NO_ID, "more than one Origin header").status(400),
            row("no Host header").sends(PING).http(r -> r.without("Host"))
                    .answers(INVALID_REQUEST, NO_ID, "a Host header is required").status(400),
            row("a header of 70 KB").sends(PING).http(r -> r.header("X-Padding", "p".repeat(70_000)))
                    .answers(INVALID_REQUEST, NO_ID,
                            "the request's headers are larger than maxHeaderBytes=8192").status(431),
            row("a request line of 70 KB")
                    .sends(PING).http(r -> r.requestLine("POST /mcp?" + "q".repeat(70_000) + " HTTP/1.1"))
                    .answers(INVALID_REQUEST, NO_ID,
                            "the request line is longer than maxInitialLineBytes=4096").status(414),
            row("a body declared over maxMessageBytes").sends(PING)
                    .http(r -> r.declaring(CodecLimits.DEFAULT_MAX_MESSAGE_BYTES + 1))
                    .answers(INVALID_REQUEST, NO_ID,
                            "the request body is larger than the codec's maxMessageBytes=16777216")
                    .status(413),
            row("two Content-Length values").sends(PING).http(r -> r.adding("Content-Length", "3"))
                    .answers(INVALID_REQUEST, NO_ID, "not a valid HTTP/1.1 request: Multiple Content-Length values")
                    .status(400),
            row("an empty body").sends("").http(r -> r)
                    .answers(PARSE_ERROR, NO_ID, "malformed JSON at line 1, column 1 (offset 0): the JSON ends early")
                    .status(400),
            row("PUT").sends(PING).http(r -> r.requestLine("PUT /mcp HTTP/1.1"))
                    .answers(INVALID_REQUEST, NO_ID,
                            "the MCP endpoint takes POST, GET and DELETE, not PUT").status(405),
            row("DELETE of an unknown session").sends(PING)
                    .http(r -> r.requestLine("DELETE /mcp HTTP/1.1").header("Mcp-Session-Id", "0123456789abcdef"))
                    .answers(INVALID_REQUEST, NO_ID, "no session 0123456789abcdef").status(404),
            row("a path nothing is served at").sends(PING).http(r -> r.requestLine("POST /other HTTP/1.1"))
                    .answers(INVALID_REQUEST, NO_ID, "nothing is served at /other").status(404),
            row("a broken percent-escape in the path").sends(PING).http(r -> r.requestLine("POST /mc%zz HTTP/1.1"))
                    .answers(INVALID_REQUEST, NO_ID,
                            "the request path has a broken percent-escape: /mc%zz").status(400),
            row("not HTTP at all").sends(PING).http(r -> new RawRequest("GARBAGE", List.of(), new byte[0], 0))
                    .answers(INVALID_REQUEST, NO_ID, "not a valid HTTP/1.1 request").status(400),
            row("stateless without Mcp-Method").stateless().sends(read("{file}", "{meta}"))
                    .http(r -> r.without("Mcp-Method"))
                    .answers(HEADER_MISMATCH, ID, "the Mcp-Method header is required: it repeats the body's value"
                            + " 'resources/read'").status(400),
            row("stateless with another Mcp-Name").stateless().sends(read("{file}", "{meta}"))
                    .http(r -> r.header("Mcp-Name", "file:///elsewhere"))
                    .answers(HEADER_MISMATCH, ID, "Mcp-Name header value 'file:///elsewhere' does not match body value")
                    .status(400),
            row("stateless with another MCP-Protocol-Version").stateless().sends(read("{file}", "{meta}"))
                    .http(r -> r.header("MCP-Protocol-Version", "2025-11-25"))
                    .answers(HEADER_MISMATCH, ID,
                            "MCP-Protocol-Version header value '2025-11-25' does not match body value"
                            + " '2026-07-28'").status(400));

    /** @return a request with id 7 of {@code method} with {@code params} (JSON text) */
    private static String request(String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    /** @return a {@code resources/read} of the served file whose {@code _meta} has just these members */
    private static String readWithMeta(String... members) {
        return read("{file}", "\"_meta\":{" + String.join(",", members) + "}");
    }

    /** @return a {@code resources/read} of {@code uri} with more params members, such as {@code _meta} */
    private static String read(String uri, String... members) {
        String more = members.length == 0 ? "" : "," + String.join(",", members);
        return request("resources/read", "{\"uri\":\"" + uri + "\"" + more + "}");
    }
}
