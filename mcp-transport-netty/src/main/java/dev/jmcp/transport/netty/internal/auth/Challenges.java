package dev.jmcp.transport.netty.internal.auth;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.transport.netty.internal.server.HttpErrors;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;

/**
 * The answers of a protected endpoint that refuses a request, each with its RFC 6750
 * {@code WWW-Authenticate: Bearer} challenge naming the metadata (RFC 9728 section 5.1) and the scope
 * to ask for, and a JSON-RPC error body that says the same for people. One place writes the header.
 */
final class Challenges {
    private final String metadataUrl;
    private final String scope;
    private final McpCodec codec;

    Challenges(String metadataUrl, List<String> scopes, McpCodec codec) {
        this.metadataUrl = metadataUrl;
        this.scope = String.join(" ", scopes);
        this.codec = codec;
    }

    /** 401 without an error code: the request had no bearer token (RFC 6750 section 3.1). */
    FullHttpResponse missing() {
        return challenge(HttpResponseStatus.UNAUTHORIZED, null, null,
                "this endpoint needs an OAuth bearer token (Authorization: Bearer ...); its metadata is at " + metadataUrl);
    }

    /** 400 {@code invalid_request}: the Authorization header is not one bearer token. */
    FullHttpResponse malformed(String why) {
        return challenge(HttpResponseStatus.BAD_REQUEST, "invalid_request", why, why);
    }

    /** 401 {@code invalid_token}: the token was refused. */
    FullHttpResponse invalid(String why) {
        return challenge(HttpResponseStatus.UNAUTHORIZED, "invalid_token", why, "the access token was refused: " + why);
    }

    /** 403 {@code insufficient_scope}, with every scope the endpoint needs, so that the client can step up. */
    FullHttpResponse insufficientScope(List<String> missing) {
        String why = "the access token lacks the scope " + String.join(" ", missing) + " that this endpoint needs";
        return challenge(HttpResponseStatus.FORBIDDEN, "insufficient_scope", why, why);
    }

    /** 503 naming the verifier: it could not decide, and a request is never served undecided. */
    FullHttpResponse unavailable(String verifier, String why) {
        FullHttpResponse response = HttpErrors.error(HttpResponseStatus.SERVICE_UNAVAILABLE, ErrorCodes.INTERNAL_ERROR,
                "the token verifier " + verifier + " is unavailable: " + why, codec);
        response.headers().setInt(HttpHeaderNames.RETRY_AFTER, 5);
        return response;
    }

    private FullHttpResponse challenge(HttpResponseStatus status, String error, String description, String message) {
        FullHttpResponse response = HttpErrors.error(status, ErrorCodes.INVALID_REQUEST, message, codec);
        StringBuilder header = new StringBuilder("Bearer resource_metadata=\"").append(metadataUrl).append('"');
        if (!scope.isEmpty()) {
            header.append(", scope=\"").append(scope).append('"');
        }
        if (error != null) {
            header.append(", error=\"").append(error).append('"');
        }
        if (description != null) {
            header.append(", error_description=\"").append(quotable(description)).append('"');
        }
        response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, header.toString());
        return response;
    }

    /** RFC 6750: error_description is %x20-21 / %x23-5B / %x5D-7E: no quote, no backslash, nothing else. */
    private static String quotable(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), 300));
        for (int i = 0; i < text.length() && out.length() < 300; i++) {
            char c = text.charAt(i);
            out.append(c >= 0x20 && c <= 0x7e && c != '"' && c != '\\' ? c : '\'');
        }
        return out.toString();
    }
}
