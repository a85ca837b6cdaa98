package dev.jmcp.auth.internal.client;

import dev.jmcp.auth.client.ClientRegistration;
import dev.jmcp.auth.client.OAuthException;
import dev.jmcp.auth.client.StoredAuthorization;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * Makes the client known to an authorization server, in the spec's order: a pre-registered id (for
 * this issuer, or any when it names none), a Client ID Metadata Document when the server supports
 * them, then dynamic client registration (RFC 7591) as a native application.
 */
public final class Registrar {
    private final AuthHttp http;

    /** @param http never null */
    public Registrar(AuthHttp http) {
        this.http = http;
    }

    /**
     * @param redirectUri the redirect URI a dynamic registration names; null for a client without
     *                    one (which cannot register dynamically)
     * @return the client at {@code server}, with no tokens
     */
    public StoredAuthorization register(ServerMetadata server, ClientRegistration registration, URI redirectUri)
            throws IOException {
        if (registration.clientId() != null
                && (registration.issuer() == null || registration.issuer().equals(server.issuer()))) {
            String method = registration.clientSecret() == null ? "none"
                    : TokenEndpoint.secretMethod(server.tokenEndpointAuthMethods());
            return new StoredAuthorization(server.issuer(), registration.clientId(), registration.clientSecret(),
                    method, null, null, null, null, null);
        }
        if (registration.metadataDocument() != null && server.clientIdMetadataDocuments()) {
            return new StoredAuthorization(server.issuer(), registration.metadataDocument().toString(), null, "none",
                    null, null, null, null, null);
        }
        if (server.registrationEndpoint() == null) {
            throw new OAuthException("authorization server " + server.issuer() + " has no registration_endpoint"
                    + (server.clientIdMetadataDocuments() ? "" : " and takes no client metadata documents")
                    + ": give a pre-registered client id");
        }
        if (redirectUri == null) {
            throw new OAuthException("dynamic registration at " + server.issuer() + " needs a redirect URI");
        }
        List<String> methods = server.tokenEndpointAuthMethods();
        String asked = methods.isEmpty() || methods.contains("none") ? "none" : TokenEndpoint.secretMethod(methods);
        JsonObject metadata = AuthHttp.JSON.createObjectBuilder()
                .add("client_name", registration.clientName())
                .add("redirect_uris", AuthHttp.JSON.createArrayBuilder().add(redirectUri.toString()))
                .add("grant_types", AuthHttp.JSON.createArrayBuilder().add("authorization_code").add("refresh_token"))
                .add("response_types", AuthHttp.JSON.createArrayBuilder().add("code"))
                .add("token_endpoint_auth_method", asked)
                // SEP-837: a client on the user's machine with a loopback redirect
                .add("application_type", "native")
                .build();
        AuthHttp.Answer answer = http.postJson(server.registrationEndpoint(), metadata);
        String where = "the registration endpoint " + server.registrationEndpoint();
        if (answer.status() != 201 && answer.status() != 200) {
            throw new OAuthException(where + " refused the registration with HTTP " + answer.status() + ": "
                    + answer.text());
        }
        JsonObject registered = answer.json("the answer of " + where);
        String clientId = Discovery.string(registered, "client_id");
        if (clientId == null || clientId.isEmpty()) {
            throw new OAuthException("the answer of " + where + " has no client_id: " + answer.text());
        }
        String secret = Discovery.string(registered, "client_secret");
        String method = Discovery.string(registered, "token_endpoint_auth_method");
        if (method == null) {
            method = secret == null ? "none" : TokenEndpoint.secretMethod(methods);
        }
        return new StoredAuthorization(server.issuer(), clientId, secret, method, redirectUri.toString(), null, null,
                null, null);
    }
}
