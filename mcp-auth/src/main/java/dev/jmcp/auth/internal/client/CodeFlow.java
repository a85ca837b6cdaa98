package dev.jmcp.auth.internal.client;

import dev.jmcp.auth.client.AuthorizationPrompt;
import dev.jmcp.auth.client.OAuthException;
import dev.jmcp.auth.client.StoredAuthorization;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The authorization code grant with PKCE S256 (OAuth 2.1 section 4.1): the authorization request
 * (with {@code resource}, RFC 8707), the user's step through an {@link AuthorizationPrompt}, the
 * checks on the response ({@code state}; {@code iss} by RFC 9207), and the code's exchange.
 */
public final class CodeFlow {
    private final TokenEndpoint tokens;

    /** @param tokens never null */
    public CodeFlow(TokenEndpoint tokens) {
        this.tokens = tokens;
    }

    /**
     * @param scope space-separated; null to send none
     * @param dpop  the client's DPoP key; null for Bearer tokens
     * @return the tokens
     */
    public TokenEndpoint.Tokens run(ServerMetadata server, StoredAuthorization client, String resource, String scope,
            AuthorizationPrompt prompt, URI redirectUri, Duration timeout, DpopProofs dpop) throws IOException {
        if (!server.codeChallengeMethods().contains("S256")) {
            // the MCP spec: a client MUST refuse to proceed when S256 is not offered
            throw new OAuthException("authorization server " + server.issuer()
                    + " does not list S256 in code_challenge_methods_supported " + server.codeChallengeMethods()
                    + ": PKCE cannot protect the code, so jmcp does not authorize with it");
        }
        if (server.authorizationEndpoint() == null) {
            throw new OAuthException("authorization server " + server.issuer() + " has no authorization_endpoint");
        }
        Pkce pkce = Pkce.create();
        String state = Pkce.random();
        Map<String, String> query = new LinkedHashMap<>();
        query.put("response_type", "code");
        query.put("client_id", client.clientId());
        query.put("redirect_uri", redirectUri.toString());
        query.put("code_challenge", pkce.challenge());
        query.put("code_challenge_method", "S256");
        query.put("state", state);
        query.put("resource", resource);
        if (scope != null && !scope.isBlank()) {
            query.put("scope", scope);
        }
        URI endpoint = server.authorizationEndpoint();
        URI request = URI.create(endpoint + (endpoint.getRawQuery() == null ? "?" : "&") + AuthHttp.form(query));
        URI redirected = prompt.authorize(request, timeout);
        String code = code(server, redirected, state);
        Map<String, String> grant = new LinkedHashMap<>();
        grant.put("grant_type", "authorization_code");
        grant.put("code", code);
        grant.put("redirect_uri", redirectUri.toString());
        grant.put("code_verifier", pkce.verifier());
        grant.put("resource", resource);
        return tokens.request(server, TokenEndpoint.Client.of(client.clientId(), client.clientSecret(),
                client.tokenEndpointAuthMethod()), grant, dpop);
    }

    /** @return the code of the authorization response, checked */
    static String code(ServerMetadata server, URI redirected, String state) {
        Map<String, String> answer = query(redirected);
        // state first: a response that is not ours tells nothing, not even an error
        if (!state.equals(answer.get("state"))) {
            throw new OAuthException("the authorization response's state " + (answer.containsKey("state")
                    ? "does not match the request's" : "is missing") + ": not the answer to this request (forged?)");
        }
        String iss = answer.get("iss");
        if (iss != null && !iss.equals(server.issuer())) {
            // RFC 9207 section 2.4: compared as strings, without normalization
            throw new OAuthException("the authorization response's iss " + iss + " is not the issuer " + server.issuer()
                    + " (RFC 9207): a mix-up; the code is not sent anywhere");
        }
        if (iss == null && server.issParameter()) {
            throw new OAuthException("authorization server " + server.issuer() + " states that it sends iss "
                    + "(authorization_response_iss_parameter_supported), and its response has none (RFC 9207)");
        }
        String error = answer.get("error");
        if (error != null) {
            String description = answer.get("error_description");
            throw new OAuthException("the authorization server answered " + error
                    + (description == null ? "" : ": " + description));
        }
        String code = answer.get("code");
        if (code == null || code.isEmpty()) {
            throw new OAuthException("the authorization response has no code");
        }
        return code;
    }

    /** @return the query parameters of {@code uri}, decoded; the first of each name */
    static Map<String, String> query(URI uri) {
        Map<String, String> parameters = new HashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null) {
            return parameters;
        }
        for (String pair : raw.split("&")) {
            int equals = pair.indexOf('=');
            String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
            String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            parameters.putIfAbsent(name, value);
        }
        return parameters;
    }
}
