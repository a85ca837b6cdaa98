package dev.jmcp.auth.internal.client;

import dev.jmcp.auth.client.OAuthException;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds what authorizes a resource: its protected resource metadata (RFC 9728: the challenge's
 * {@code resource_metadata}, else the path-inserted well-known URL, else the root one), checks that
 * it describes the resource asked for, then the metadata of its first authorization server (RFC 8414
 * path-inserted, then OpenID Connect Discovery path-inserted and path-appended), whose
 * {@code issuer} must be the one the URL was made from.
 */
public final class Discovery {
    private static final String PRM = "/.well-known/oauth-protected-resource";
    private static final String OAUTH = "/.well-known/oauth-authorization-server";
    private static final String OPENID = "/.well-known/openid-configuration";

    private final AuthHttp http;

    /** @param http never null */
    public Discovery(AuthHttp http) {
        this.http = http;
    }

    /**
     * @param server           the MCP endpoint the client was refused by
     * @param resourceMetadata the challenge's {@code resource_metadata}; may be null
     * @return the resource's metadata, checked to be the server's
     */
    public ResourceMetadata resource(URI server, String resourceMetadata) throws IOException {
        List<URI> candidates = new ArrayList<>();
        if (resourceMetadata != null) {
            candidates.add(server.resolve(resourceMetadata));
        } else {
            String path = trimmedPath(server);
            if (!path.isEmpty()) {
                candidates.add(origin(server).resolve(PRM + path));
            }
            candidates.add(origin(server).resolve(PRM));
        }
        List<String> tried = new ArrayList<>();
        for (URI candidate : candidates) {
            AuthHttp.Answer answer = http.get(candidate);
            if (answer.status() != 200) {
                tried.add(candidate + " (HTTP " + answer.status() + ")");
                continue;
            }
            JsonObject document = answer.json("the protected resource metadata at " + candidate);
            String resource = string(document, "resource");
            if (resource == null) {
                throw new OAuthException("the protected resource metadata at " + candidate + " has no resource");
            }
            if (!covers(resource, server)) {
                throw new OAuthException("the protected resource metadata at " + candidate + " describes " + resource
                        + ", not " + server + " (RFC 9728 section 3.3): not authorizing for it");
            }
            List<String> servers = strings(document, "authorization_servers");
            if (servers == null || servers.isEmpty()) {
                throw new OAuthException("the protected resource metadata at " + candidate
                        + " names no authorization_servers");
            }
            return new ResourceMetadata(resource, servers, strings(document, "scopes_supported"), candidate);
        }
        throw new OAuthException("no protected resource metadata for " + server + ": tried " + String.join(", ", tried));
    }

    /** @return the metadata of the authorization server {@code issuer}, checked */
    public ServerMetadata server(String issuer) throws IOException {
        URI base = URI.create(issuer);
        if (base.getScheme() == null || base.getRawAuthority() == null || base.getRawQuery() != null
                || base.getRawFragment() != null) {
            throw new OAuthException("authorization server " + issuer + " is not an issuer URL (RFC 8414 section 2)");
        }
        String path = trimmedPath(base);
        URI origin = origin(base);
        List<URI> candidates = path.isEmpty() ? List.of(origin.resolve(OAUTH), origin.resolve(OPENID))
                : List.of(origin.resolve(OAUTH + path), origin.resolve(OPENID + path), origin.resolve(path + OPENID));
        List<String> tried = new ArrayList<>();
        for (URI candidate : candidates) {
            AuthHttp.Answer answer = http.get(candidate);
            if (answer.status() != 200) {
                tried.add(candidate + " (HTTP " + answer.status() + ")");
                continue;
            }
            return read(issuer, candidate, answer.json("the authorization server metadata at " + candidate));
        }
        throw new OAuthException("no metadata for authorization server " + issuer + ": tried " + String.join(", ", tried));
    }

    private static ServerMetadata read(String issuer, URI from, JsonObject document) {
        String stated = string(document, "issuer");
        if (!issuer.equals(stated)) {
            // RFC 8414 section 3.3: else anyone who can serve a metadata document could stand in
            throw new OAuthException("the authorization server metadata at " + from + " states issuer " + stated
                    + ", not " + issuer + " (RFC 8414 section 3.3): not using it");
        }
        URI token = uri(document, "token_endpoint", from);
        if (token == null) {
            throw new OAuthException("the authorization server metadata at " + from + " has no token_endpoint");
        }
        List<String> methods = orEmpty(strings(document, "code_challenge_methods_supported"));
        return new ServerMetadata(issuer, uri(document, "authorization_endpoint", from), token,
                uri(document, "registration_endpoint", from), strings(document, "scopes_supported"), methods,
                orEmpty(strings(document, "token_endpoint_auth_methods_supported")),
                orEmpty(strings(document, "token_endpoint_auth_signing_alg_values_supported")),
                document.get("client_id_metadata_document_supported") == JsonValue.TRUE,
                document.get("authorization_response_iss_parameter_supported") == JsonValue.TRUE);
    }

    /**
     * @return whether the metadata's {@code resource} covers {@code server}: the same origin, and a
     *         path that is the server's or one of its parents (a server at {@code /mcp} whose
     *         metadata sits at the root names the origin)
     */
    static boolean covers(String resource, URI server) {
        URI named;
        try {
            named = URI.create(resource);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (named.getScheme() == null || named.getRawFragment() != null
                || !named.getScheme().equalsIgnoreCase(server.getScheme())
                || named.getHost() == null || !named.getHost().equalsIgnoreCase(server.getHost())
                || port(named) != port(server)) {
            return false;
        }
        String parent = trimmedPath(named);
        String path = trimmedPath(server);
        return path.equals(parent) || path.startsWith(parent + "/");
    }

    private static int port(URI uri) {
        return uri.getPort() != -1 ? uri.getPort() : uri.getScheme().toLowerCase(Locale.ROOT).equals("https") ? 443 : 80;
    }

    /** @return the raw path without its trailing slashes; empty for none or "/" */
    static String trimmedPath(URI uri) {
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return path;
    }

    private static URI origin(URI uri) {
        return URI.create(uri.getScheme() + "://" + uri.getRawAuthority() + "/");
    }

    static String string(JsonObject document, String name) {
        return document.get(name) instanceof JsonString text ? text.getString() : null;
    }

    static List<String> strings(JsonObject document, String name) {
        if (!(document.get(name) instanceof JsonArray array)) {
            return null;
        }
        List<String> values = new ArrayList<>();
        for (JsonValue value : array) {
            if (value instanceof JsonString text) {
                values.add(text.getString());
            }
        }
        return List.copyOf(values);
    }

    private static List<String> orEmpty(List<String> values) {
        return values == null ? List.of() : values;
    }

    private static URI uri(JsonObject document, String name, URI from) {
        String value = string(document, name);
        if (value == null) {
            return null;
        }
        try {
            URI uri = URI.create(value);
            if (!uri.isAbsolute() || !(uri.getScheme().equalsIgnoreCase("https") || uri.getScheme().equalsIgnoreCase("http"))) {
                throw new OAuthException("the authorization server metadata at " + from + " has " + name + " " + value
                        + ", not an http(s) URL");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new OAuthException("the authorization server metadata at " + from + " has " + name + " " + value
                    + ", not a URL", e);
        }
    }
}
