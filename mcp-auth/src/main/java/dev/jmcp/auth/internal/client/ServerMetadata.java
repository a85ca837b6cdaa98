package dev.jmcp.auth.internal.client;

import java.net.URI;
import java.util.List;

/**
 * The members of an authorization server's metadata (RFC 8414, or OpenID Connect Discovery) that
 * the client acts on.
 *
 * @param issuer                    identical to the issuer the well-known URL was made from
 * @param authorizationEndpoint     may be null (a server only for the client credentials grant)
 * @param tokenEndpoint             never null
 * @param registrationEndpoint      may be null (no dynamic registration)
 * @param scopesSupported           may be null
 * @param codeChallengeMethods      never null; empty when not published
 * @param tokenEndpointAuthMethods  never null; empty when not published
 * @param signingAlgorithms         {@code token_endpoint_auth_signing_alg_values_supported}; never null
 * @param clientIdMetadataDocuments {@code client_id_metadata_document_supported}
 * @param issParameter              {@code authorization_response_iss_parameter_supported} (RFC 9207)
 */
public record ServerMetadata(String issuer, URI authorizationEndpoint, URI tokenEndpoint, URI registrationEndpoint,
        List<String> scopesSupported, List<String> codeChallengeMethods, List<String> tokenEndpointAuthMethods,
        List<String> signingAlgorithms, boolean clientIdMetadataDocuments, boolean issParameter) {
}
