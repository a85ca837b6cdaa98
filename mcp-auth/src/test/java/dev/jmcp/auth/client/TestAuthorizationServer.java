package dev.jmcp.auth.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * A small authorization server and protected resource's metadata on loopback, for the client's
 * tests: the MCP endpoint is {@code /mcp} (never served: the tests hand the client its challenges),
 * its metadata at {@code /.well-known/oauth-protected-resource/mcp}, the authorization server at
 * the root. The authorization endpoint approves at once and redirects. Each part can be made to
 * misbehave, and every request it gets is recorded.
 */
final class TestAuthorizationServer implements AutoCloseable {
    final HttpServer http;
    final String base;
    final List<String> requests = new CopyOnWriteArrayList<>();
    final List<Map<String, String>> tokenForms = new CopyOnWriteArrayList<>();
    final List<Map<String, String>> authorizeQueries = new CopyOnWriteArrayList<>();
    final List<String> tokenAuthorizationHeaders = new CopyOnWriteArrayList<>();

    /** The PRM's resource; null for {@link #mcp()}. */
    volatile String prmResource;
    volatile List<String> prmScopes;
    /** The metadata's issuer; null for {@link #base}. */
    volatile String metadataIssuer;
    volatile List<String> challengeMethods = List.of("S256");
    volatile boolean issSupported = true;
    /** What the redirect's iss is made of the issuer: the issuer itself by default. */
    volatile UnaryOperator<String> iss = UnaryOperator.identity();
    /** The token endpoint's answer, status and body; null for a good token. */
    volatile String tokenJunk;
    volatile int tokenJunkStatus = 200;
    volatile String refreshTokenIssued = "refresh-1";
    volatile int expiresIn = 3600;
    private String challenge;
    private int tokens;

    TestAuthorizationServer() throws IOException {
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        base = "http://127.0.0.1:" + http.getAddress().getPort();
        http.createContext("/", this::handle);
        http.start();
    }

    URI mcp() {
        return URI.create(base + "/mcp");
    }

    String prmUrl() {
        return base + "/.well-known/oauth-protected-resource/mcp";
    }

    synchronized int tokensIssued() {
        return tokens;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        requests.add(exchange.getRequestMethod() + " " + path);
        try {
            switch (path) {
                case "/.well-known/oauth-protected-resource/mcp" -> json(exchange, 200, "{\"resource\":\""
                        + (prmResource != null ? prmResource : mcp().toString()) + "\",\"authorization_servers\":[\""
                        + base + "\"]" + (prmScopes == null ? "" : ",\"scopes_supported\":" + array(prmScopes)) + "}");
                case "/.well-known/oauth-authorization-server" -> json(exchange, 200, "{\"issuer\":\""
                        + (metadataIssuer != null ? metadataIssuer : base) + "\",\"authorization_endpoint\":\"" + base
                        + "/authorize\",\"token_endpoint\":\"" + base + "/token\",\"registration_endpoint\":\"" + base
                        + "/register\",\"code_challenge_methods_supported\":" + array(challengeMethods)
                        + ",\"authorization_response_iss_parameter_supported\":" + issSupported
                        + ",\"token_endpoint_auth_methods_supported\":[\"none\",\"client_secret_basic\"]"
                        + ",\"scopes_supported\":[\"read\",\"write\",\"offline_access\"]}");
                case "/register" -> json(exchange, 201, "{\"client_id\":\"dynamic-client\"}");
                case "/authorize" -> authorize(exchange);
                case "/token" -> token(exchange);
                default -> json(exchange, 404, "{\"error\":\"not_found\"}");
            }
        } finally {
            exchange.close();
        }
    }

    private void authorize(HttpExchange exchange) throws IOException {
        Map<String, String> query = form(exchange.getRequestURI().getRawQuery());
        authorizeQueries.add(query);
        synchronized (this) {
            challenge = query.get("code_challenge");
        }
        String location = query.get("redirect_uri") + "?code=the-code&state=" + query.get("state");
        String issuer = iss.apply(base);
        if (issuer != null) {
            location += "&iss=" + java.net.URLEncoder.encode(issuer, StandardCharsets.UTF_8);
        }
        exchange.getResponseHeaders().add("Location", location);
        exchange.sendResponseHeaders(302, -1);
    }

    private void token(HttpExchange exchange) throws IOException {
        Map<String, String> form = form(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        tokenForms.add(form);
        tokenAuthorizationHeaders.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
        if (tokenJunk != null) {
            json(exchange, tokenJunkStatus, tokenJunk);
            return;
        }
        if ("authorization_code".equals(form.get("grant_type")) && !pkceMatches(form.get("code_verifier"))) {
            json(exchange, 400, "{\"error\":\"invalid_grant\",\"error_description\":\"PKCE\"}");
            return;
        }
        int n;
        synchronized (this) {
            n = ++tokens;
        }
        String scope = form.get("scope");
        json(exchange, 200, "{\"access_token\":\"token-" + n + "\",\"token_type\":\"Bearer\",\"expires_in\":" + expiresIn
                + (refreshTokenIssued == null ? "" : ",\"refresh_token\":\"" + refreshTokenIssued + "\"")
                + (scope == null ? "" : ",\"scope\":\"" + scope + "\"") + "}");
    }

    private synchronized boolean pkceMatches(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest).equals(challenge);
        } catch (Exception e) {
            return false;
        }
    }

    static Map<String, String> form(String raw) {
        Map<String, String> values = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return values;
        }
        for (String pair : raw.split("&")) {
            int equals = pair.indexOf('=');
            values.put(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
        }
        return values;
    }

    private static String array(List<String> values) {
        return values.stream().map(value -> "\"" + value + "\"").reduce((a, b) -> a + "," + b).map(s -> "[" + s + "]")
                .orElse("[]");
    }

    private static void json(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
