package dev.jmcp.auth.internal.client;

import java.net.URI;
import java.util.List;

/**
 * The members of a protected resource metadata document (RFC 9728) that the client acts on.
 *
 * @param resource             the resource identifier exactly as published: sent as {@code resource}
 * @param authorizationServers the issuers the server trusts, in its order; not empty
 * @param scopesSupported      may be null (not published)
 * @param from                 where the document was read
 */
public record ResourceMetadata(String resource, List<String> authorizationServers, List<String> scopesSupported,
        URI from) {
}
