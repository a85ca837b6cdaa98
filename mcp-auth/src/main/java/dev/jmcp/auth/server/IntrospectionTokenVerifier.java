package dev.jmcp.auth.server;

import dev.jmcp.auth.internal.server.AuthorizationServerMetadata;
import dev.jmcp.auth.internal.server.BoundedFetch;
import dev.jmcp.auth.internal.server.Claims;
import dev.jmcp.auth.internal.server.IntrospectionCache;
import dev.jmcp.core.auth.InvalidTokenException;
import dev.jmcp.core.auth.TokenVerifier;
import dev.jmcp.core.auth.VerifierUnavailableException;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.Experimental;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Objects;

/**
 * Verifies opaque (or any) access tokens by asking the authorization server (RFC 7662
 * introspection), authenticated as a client with {@code client_secret_basic}. An active answer must
 * name this server in {@code aud} and, when it names an issuer, the configured one; it is cached
 * until the sooner of {@code maxCacheTtl} and the token's {@code exp}. An endpoint that is down, slow,
 * refuses this server's credentials or answers junk makes the verifier unavailable (503 naming it),
 * never a pass. The token goes to the introspection endpoint and nowhere else.
 *
 * @since 0.1
 */
@Experimental
public final class IntrospectionTokenVerifier implements TokenVerifier {
    private final IntrospectionSettings settings;
    private final BoundedFetch fetch;
    private final IntrospectionCache cache;
    private final String authorization;
    private final Clock clock;
    private volatile URI endpoint;

    private IntrospectionTokenVerifier(IntrospectionSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
        this.fetch = new BoundedFetch(settings.fetchTimeout(), settings.maxResponseBytes());
        this.cache = new IntrospectionCache(settings.maxCachedTokens());
        this.endpoint = settings.introspectionEndpoint();
        // RFC 6749 section 2.3.1: the id and secret are form-encoded before they are joined
        String pair = form(settings.clientId()) + ":" + form(settings.clientSecret());
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param settings with an issuer, an audience, a client id and its secret; never null
     * @return the verifier; it fetches nothing until the first token
     * @throws IllegalArgumentException when one of those is missing
     */
    public static IntrospectionTokenVerifier create(IntrospectionSettings settings) {
        return create(settings, Clock.systemUTC());
    }

    static IntrospectionTokenVerifier create(IntrospectionSettings settings, Clock clock) {
        Objects.requireNonNull(settings, "settings");
        if (settings.issuer() == null || settings.audience() == null || settings.clientId() == null
                || settings.clientSecret() == null) {
            throw new IllegalArgumentException("introspection needs the issuer, the audience (this server's canonical "
                    + "URI), and the client id and secret this server authenticates with; was " + settings);
        }
        return new IntrospectionTokenVerifier(settings, Objects.requireNonNull(clock, "clock"));
    }

    /** @return the settings; never null */
    public IntrospectionSettings settings() {
        return settings;
    }

    @Override
    public String name() {
        return "introspection (" + settings.issuer() + ")";
    }

    @Override
    public Principal verify(String token) {
        Instant now = clock.instant();
        Principal known = cache.find(token, now);
        if (known != null) {
            return known;
        }
        JsonObject answer = fetch.post(endpoint(), "token=" + form(token) + "&token_type_hint=access_token",
                authorization);
        JsonValue active = answer.get("active");
        if (active == null || !(active == JsonValue.TRUE || active == JsonValue.FALSE)) {
            throw new VerifierUnavailableException("the introspection answer has no boolean active");
        }
        if (active == JsonValue.FALSE) {
            throw new InvalidTokenException("the authorization server says the token is not active");
        }
        Principal principal = Claims.principal(answer, settings.issuer(), settings.audience(), settings.clockSkew(),
                now, false, false);
        Instant until = now.plus(settings.maxCacheTtl());
        Instant exp = Claims.expiry(answer);
        cache.keep(token, principal, exp != null && exp.isBefore(until) ? exp : until, now);
        return principal;
    }

    private URI endpoint() {
        URI known = endpoint;
        if (known == null) {
            JsonObject metadata = AuthorizationServerMetadata.discover(fetch, settings.issuer());
            known = AuthorizationServerMetadata.endpoint(metadata, "introspection_endpoint", settings.issuer());
            endpoint = known;
        }
        return known;
    }

    private static String form(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
