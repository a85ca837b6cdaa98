package dev.jmcp.transport.netty.internal.headers;

import dev.jmcp.core.spi.ToolSchemas;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.transport.netty.internal.headers.ParamAnnotations.Param;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The server's side of SEP-2243's custom headers: a stateless {@code tools/call} of a tool whose
 * {@code inputSchema} marks arguments with {@code x-mcp-header} carries each one present in the
 * body as {@code Mcp-Param-{name}}, and the header must say what the body says. Refused with
 * -32020 (HTTP 400), naming the header: a header missing while the body has the value, one that
 * differs from it (after the Base64 sentinel is decoded; integers compared as numbers, so
 * {@code 42.0} matches {@code 42}), one holding a character no header value may or a sentinel that
 * is not strict Base64, one sent twice, and one sent for an argument the body does not have. An
 * {@code Mcp-Param-*} header the tool's schema does not name is ignored, as HTTP asks of headers one
 * does not know. A tool whose annotations break the rules is refused with -32603: no conforming
 * client lists it, and the server cannot say which headers to check.
 */
public final class ToolParamCheck {
    private static final String TOOLS_CALL = "tools/call";

    private ToolParamCheck() {
    }

    /**
     * @param headers a request's headers
     * @return its {@code Mcp-Param-*} headers alone, to keep after the request is released; empty
     *         when it has none
     */
    public static HttpHeaders keep(HttpHeaders headers) {
        HttpHeaders kept = null;
        // the names as the decoder holds them: the String view would copy every name of every request
        Iterator<Map.Entry<CharSequence, CharSequence>> all = headers.iteratorCharSequence();
        while (all.hasNext()) {
            Map.Entry<CharSequence, CharSequence> header = all.next();
            if (AsciiString.regionMatchesAscii(header.getKey(), true, 0, ParamAnnotations.HEADER_PREFIX, 0,
                    ParamAnnotations.HEADER_PREFIX.length())) {
                if (kept == null) {
                    // the decoder has judged them already: a value it let through is this check's to judge
                    kept = DefaultHttpHeadersFactory.headersFactory().withValidation(false).newHeaders();
                }
                kept.add(header.getKey(), header.getValue());
            }
        }
        return kept != null ? kept : HttpHeaders.EMPTY_HEADERS;
    }

    /**
     * @param headers a request's headers
     * @param request the request they carried
     * @return what {@link #check} reads of them: the {@code Mcp-Param-*} headers of a {@code tools/call}
     *         ({@link #keep(HttpHeaders)}); empty for any other request, whose headers are not walked
     */
    public static HttpHeaders keep(HttpHeaders headers, JsonRpcRequest request) {
        return TOOLS_CALL.equals(request.method()) ? keep(headers) : HttpHeaders.EMPTY_HEADERS;
    }

    /**
     * @param headers the request's {@code Mcp-Param-*} headers (others are not read); never null
     * @param request the request; anything but a {@code tools/call} passes
     * @param schemas the server's tools; never null
     * @return null when the headers agree with the body; else the error, carrying the request's id
     */
    public static ProtocolException check(HttpHeaders headers, JsonRpcRequest request, ToolSchemas schemas) {
        if (!TOOLS_CALL.equals(request.method())) {
            return null;
        }
        String tool = ParamsMembers.string(request.params(), "name");
        JsonObject schema = tool == null ? null : schemas.inputSchema(tool);
        if (schema == null) {
            return null; // the tools/call handler answers for a call without a name or of an unknown tool
        }
        ParamAnnotations annotations = ParamAnnotations.of(schema);
        RequestId id = request.id();
        if (annotations.invalid() != null) {
            return new ProtocolException(ErrorCodes.INTERNAL_ERROR, "tool " + tool + " cannot be called over "
                    + "Streamable HTTP: its inputSchema's " + ParamAnnotations.ANNOTATION + " " + annotations.invalid()
                    + ", so clients leave it out of tools/list", null, id, null);
        }
        JsonObject arguments = request.params() instanceof JsonObject params
                && params.get("arguments") instanceof JsonObject given ? given : JsonValue.EMPTY_JSON_OBJECT;
        for (Param param : annotations.params()) {
            ProtocolException refused = compare(headers, param, param.valueIn(arguments), id);
            if (refused != null) {
                return refused;
            }
        }
        return null;
    }

    private static ProtocolException compare(HttpHeaders headers, Param param, JsonValue body, RequestId id) {
        String name = param.header();
        String expected = ParamAnnotations.text(body);
        List<String> values = headers.getAll(name);
        if (values.isEmpty()) {
            return expected == null ? null : StatelessHeaders.mismatch(id, "the " + name + " header is required: "
                    + "it repeats " + param.where() + ", which the body gives as '" + expected + "'");
        }
        if (values.size() > 1) {
            return StatelessHeaders.twice(id, name, values.size());
        }
        String raw = HeaderValues.trim(values.get(0));
        String value;
        try {
            value = HeaderValues.decode(name, raw);
        } catch (HeaderValues.Malformed e) {
            return StatelessHeaders.mismatch(id, e.getMessage());
        }
        if (expected == null) {
            return StatelessHeaders.mismatch(id, "the " + name + " header value '" + raw + "' repeats "
                    + param.where() + ", which the body does not give (omit the header when the argument is absent"
                    + " or null)");
        }
        boolean same = body instanceof JsonNumber number ? sameNumber(value, number) : value.equals(expected);
        return same ? null : StatelessHeaders.differ(id, name, raw, expected);
    }

    /** Compares as numbers, as the spec advises for integers: {@code 42.0} is {@code 42}. */
    private static boolean sameNumber(String header, JsonNumber body) {
        try {
            return new BigDecimal(header).compareTo(body.bigDecimalValue()) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
