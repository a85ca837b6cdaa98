package dev.jmcp.auth.internal.server;

import dev.jmcp.core.auth.VerifierUnavailableException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds an authorization server's metadata from its issuer: RFC 8414 first, then OpenID Connect
 * discovery, at the places the MCP authorization page lists in its order (for an issuer with a path,
 * the path-inserted OAuth form, the path-inserted OpenID form, then the path-appended OpenID form).
 * The document's {@code issuer} must equal the one asked for (RFC 8414 section 3.3), so that a
 * server cannot hand out another's keys.
 */
public final class AuthorizationServerMetadata {
    private AuthorizationServerMetadata() {
    }

    /** @return the places to ask, in order */
    static List<URI> wellKnown(URI issuer) {
        String origin = issuer.getScheme() + "://" + issuer.getRawAuthority();
        String path = issuer.getRawPath() == null ? "" : issuer.getRawPath();
        if (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        List<URI> places = new ArrayList<>();
        places.add(URI.create(origin + "/.well-known/oauth-authorization-server" + path));
        places.add(URI.create(origin + "/.well-known/openid-configuration" + path));
        if (!path.isEmpty()) {
            places.add(URI.create(origin + path + "/.well-known/openid-configuration"));
        }
        return places;
    }

    /**
     * @return the metadata of {@code issuer}
     * @throws VerifierUnavailableException when no place answers with it, or it names another issuer
     */
    public static JsonObject discover(BoundedFetch fetch, URI issuer) {
        for (URI place : wellKnown(issuer)) {
            JsonObject metadata = fetch.getOrNull(place);
            if (metadata == null) {
                continue;
            }
            String named = metadata.getString("issuer", null);
            if (!issuer.toString().equals(named)) {
                throw new VerifierUnavailableException("the metadata at " + place + " names the issuer " + named
                        + ", not " + issuer);
            }
            return metadata;
        }
        throw new VerifierUnavailableException("no authorization server metadata for " + issuer + " at " + wellKnown(issuer));
    }

    /** @return the URL {@code member} of {@code metadata} names */
    public static URI endpoint(JsonObject metadata, String member, URI issuer) {
        JsonValue value = metadata.get(member);
        if (!(value instanceof JsonString text)) {
            throw new VerifierUnavailableException("the metadata of " + issuer + " has no " + member);
        }
        try {
            return URI.create(text.getString());
        } catch (IllegalArgumentException e) {
            throw new VerifierUnavailableException("the metadata of " + issuer + " has a " + member
                    + " that is not a URI");
        }
    }
}
