package dev.jmcp.auth.keycloak;

import dev.jmcp.auth.server.IntrospectionSettings;
import dev.jmcp.auth.server.IntrospectionTokenVerifier;
import dev.jmcp.auth.server.JwtTokenVerifier;
import dev.jmcp.auth.server.JwtVerifierSettings;
import dev.jmcp.core.auth.TokenVerifier;
import java.net.URI;
import java.time.Duration;

/**
 * jmcp's two built-in verifiers pointed at the test Keycloak, each found from the issuer alone, as a
 * user would configure them. Keycloak's tokens carry {@code typ: at+jwt} (the realm asks for RFC 9068's
 * header), so the JWT verifier keeps its default token types.
 */
final class KeycloakVerifiers {

    /**
     * The clock skew the tests' verifiers allow, shorter than the default so that the expired-token test
     * waits seconds, not a minute; the skew itself is what is under test elsewhere.
     */
    static final Duration CLOCK_SKEW = Duration.ofSeconds(1);

    private KeycloakVerifiers() {
    }

    /** RFC 9068 JWTs checked with the realm's JWK set, found through its metadata. */
    static TokenVerifier jwt(Keycloak keycloak, URI audience) {
        return JwtTokenVerifier.create(JwtVerifierSettings.builder()
                .issuer(keycloak.issuer()).audience(audience).clockSkew(CLOCK_SKEW).build());
    }

    /** RFC 7662 introspection at the realm, as the MCP server's own confidential client. */
    static TokenVerifier introspection(Keycloak keycloak, URI audience) {
        return IntrospectionTokenVerifier.create(IntrospectionSettings.builder()
                .issuer(keycloak.issuer()).audience(audience)
                .clientId(Keycloak.RESOURCE_SERVER_CLIENT).clientSecret(Keycloak.RESOURCE_SERVER_SECRET)
                .clockSkew(CLOCK_SKEW).build());
    }
}
