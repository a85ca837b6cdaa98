package dev.jmcp.auth.client;

import dev.jmcp.auth.internal.client.AuthHttp;
import dev.jmcp.auth.internal.client.BearerChallenge;
import dev.jmcp.auth.internal.client.CodeFlow;
import dev.jmcp.auth.internal.client.Discovery;
import dev.jmcp.auth.internal.client.DpopProofs;
import dev.jmcp.auth.internal.client.Registrar;
import dev.jmcp.auth.internal.client.ResourceMetadata;
import dev.jmcp.auth.internal.client.ServerMetadata;
import dev.jmcp.auth.internal.client.TokenEndpoint;
import dev.jmcp.core.spi.HttpAuthorizer;
import dev.jmcp.core.spi.HttpChallenge;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * jmcp's client as an OAuth 2.1 client of the MCP authorization spec: given to
 * {@link dev.jmcp.core.ClientOptions.Builder#authorizer}, it sends the access token it holds for
 * the server with each request and, when the server answers 401 or 403, finds what authorizes it
 * (protected resource metadata, then the authorization server's metadata), registers (pre-registered
 * id, Client ID Metadata Document, or dynamic registration), and obtains a token: by refreshing,
 * by the authorization code flow with PKCE S256 through an {@link AuthorizationPrompt}, or, for a
 * machine client, by the client credentials grant. A 403 {@code insufficient_scope} asks again
 * with the scopes already asked for and those the challenge names (a step-up), at most
 * {@link OAuthSettings#maxAuthorizationsPerRequest()} times for one request, and never for scopes
 * the token already has. When the server's authorization server changes, the client registers anew
 * there: credentials are never carried from one issuer to another.
 *
 * <pre>{@code
 * OAuthClient oauth = OAuthClient.builder().prompt(new LoopbackPrompt(url -> System.err.println(url))).build();
 * try (McpClient client = McpClient.connect(URI.create("https://example.com/mcp"),
 *         ClientOptions.builder().authorizer(oauth).build())) { ... }
 * }</pre>
 *
 * Safe for use by several threads; one authorization per server runs at a time. Made by
 * {@link #builder()}.
 *
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public final class OAuthClient implements HttpAuthorizer {
    private static final System.Logger LOG = System.getLogger(OAuthClient.class.getName());
    private static final String OFFLINE_ACCESS = "offline_access";

    private final OAuthSettings settings;
    private final ClientRegistration registration;
    private final ClientCredentials clientCredentials;
    private final AuthorizationPrompt prompt;
    private final TokenStore store;
    private final boolean refreshTokens;
    /** The DPoP key, when tokens are to be bound to one; null for Bearer tokens. */
    private final DpopProofs dpop;
    /** Per server, the last nonce it gave for DPoP proofs (RFC 9449 section 9). */
    private final Map<String, String> resourceNonces = new ConcurrentHashMap<>();
    private final Discovery discovery;
    private final Registrar registrar;
    private final TokenEndpoint tokens;
    private final CodeFlow codeFlow;
    private final Map<String, Object> locks = new ConcurrentHashMap<>();

    private OAuthClient(Builder b) {
        this.settings = b.settings;
        this.registration = b.registration;
        this.clientCredentials = b.clientCredentials;
        this.prompt = b.prompt;
        this.store = b.store;
        this.refreshTokens = b.refreshTokens;
        this.dpop = b.dpop ? new DpopProofs() : null;
        AuthHttp http = new AuthHttp(settings);
        this.discovery = new Discovery(http);
        this.registrar = new Registrar(http);
        this.tokens = new TokenEndpoint(http);
        this.codeFlow = new CodeFlow(tokens);
    }

    /** @return a builder: dynamic registration, no prompt, tokens in memory, the default settings */
    public static Builder builder() {
        return new Builder();
    }

    /** @return where the authorizations are kept; never null */
    public TokenStore tokenStore() {
        return store;
    }

    /**
     * @return the scheme ({@code Bearer}, or {@code DPoP} for a bound token) and the access token
     *         kept for {@code resource}; null when there is none, or it expires within
     *         {@link OAuthSettings#expirySkew()} (the server's 401 then has it refreshed, off the
     *         sending thread)
     */
    @Override
    public String authorization(URI resource) {
        StoredAuthorization kept = usable(resource);
        return kept == null ? null : (kept.dpopBound() ? "DPoP " : "Bearer ") + kept.accessToken();
    }

    /**
     * @return {@code Authorization}, and with a DPoP-bound token a fresh {@code DPoP} proof for this
     *         request (with the server's last nonce); empty when no token is usable
     */
    @Override
    public Map<String, String> headers(URI resource, String method, URI request) {
        StoredAuthorization kept = usable(resource);
        if (kept == null) {
            return Map.of();
        }
        if (!kept.dpopBound()) {
            return Map.of("Authorization", "Bearer " + kept.accessToken());
        }
        if (dpop == null) {
            return Map.of(); // bound to the key of another client (another run): useless here
        }
        return Map.of("Authorization", "DPoP " + kept.accessToken(), "DPoP", dpop.proof(method, request,
                kept.accessToken(), resourceNonces.get(resource.toString())));
    }

    /** @return the authorization kept for {@code resource} when its access token may be sent, else null */
    private StoredAuthorization usable(URI resource) {
        String server = resource.toString();
        try {
            StoredAuthorization kept = store.load(server);
            if (kept == null || kept.accessToken() == null || kept.expiresAt() != null
                    && Instant.now().plus(settings.expirySkew()).isAfter(kept.expiresAt())) {
                return null;
            }
            return kept;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.DEBUG, "no token for {0}: {1}", server, e.toString());
            return null;
        }
    }

    /**
     * Obtains a new token after the server refused a request: a refresh, else a new authorization
     * (a step-up for 403 {@code insufficient_scope}).
     *
     * @return whether a new token was obtained; false for a 403 that is not about scope, a step-up
     *         for scopes already granted, and after {@link OAuthSettings#maxAuthorizationsPerRequest()}
     * @throws OAuthException when authorization failed, saying why
     */
    @Override
    public boolean challenged(HttpChallenge challenge) throws IOException {
        BearerChallenge bearer = BearerChallenge.parse(challenge.wwwAuthenticate());
        boolean stepUp = challenge.status() == 403;
        if (stepUp && !"insufficient_scope".equals(bearer.error())) {
            return false; // forbidden for another reason: no token would change it
        }
        if (challenge.attempt() > settings.maxAuthorizationsPerRequest()) {
            LOG.log(Level.WARNING, "{0} refused the request again after {1} authorizations "
                    + "(maxAuthorizationsPerRequest): giving up", challenge.resource(),
                    String.valueOf(settings.maxAuthorizationsPerRequest()));
            return false;
        }
        String server = challenge.resource().toString();
        if (dpop != null && "use_dpop_nonce".equals(bearer.error()) && challenge.dpopNonce() != null) {
            // RFC 9449 section 9: the same token again, with a proof that carries the server's nonce
            return !challenge.dpopNonce().equals(resourceNonces.put(server, challenge.dpopNonce()));
        }
        synchronized (lock(server)) {
            return authorize(challenge.resource(), bearer, stepUp);
        }
    }

    /**
     * Authorizes for {@code server} now, as a first request's 401 would ({@code jmcp auth login}).
     *
     * @param server the MCP endpoint; never null
     * @throws OAuthException when authorization failed, saying why
     */
    public void login(URI server) throws IOException {
        BearerChallenge challenge = BearerChallenge.parse(List.of());
        synchronized (lock(server.toString())) {
            authorize(server, challenge, false);
        }
    }

    private boolean authorize(URI target, BearerChallenge bearer, boolean stepUp) throws IOException {
        String server = target.toString();
        ResourceMetadata resource = discovery.resource(target, bearer.resourceMetadata());
        String issuer = resource.authorizationServers().get(0);
        ServerMetadata as = discovery.server(issuer);
        StoredAuthorization kept = store.load(server);
        if (kept != null && !kept.issuer().equals(as.issuer())) {
            // the server moved to another authorization server: its client id and tokens mean nothing there
            LOG.log(Level.INFO, "{0} now uses authorization server {1} (was {2}): registering there",
                    server, as.issuer(), kept.issuer());
            kept = null;
        }
        Set<String> challenged = scopes(bearer.scope());
        if (stepUp && kept != null && scopes(kept.scope()).containsAll(challenged)) {
            LOG.log(Level.WARNING, "{0} asks for scope {1}, which the token already has: not authorizing again",
                    server, bearer.scope());
            return false;
        }
        if (!stepUp && kept != null && kept.refreshToken() != null && refreshed(server, kept) != null) {
            return true;
        }
        String scope = scope(bearer, resource, as, kept, stepUp);
        if (clientCredentials != null) {
            TokenEndpoint.Client client = TokenEndpoint.Client.of(clientCredentials, as.tokenEndpointAuthMethods());
            Map<String, String> grant = new LinkedHashMap<>();
            grant.put("grant_type", "client_credentials");
            grant.put("resource", resource.resource());
            if (scope != null) {
                grant.put("scope", scope);
            }
            TokenEndpoint.Tokens got = tokens.request(as, client, grant, dpop);
            store.save(server, new StoredAuthorization(as.issuer(), client.clientId(), null, client.authMethod(), null,
                    got.accessToken(), got.refreshToken(), got.expiresAt(), granted(got, scope), got.tokenType()));
            return true;
        }
        if (prompt == null) {
            throw new OAuthException(server + " needs authorization, and this client has no AuthorizationPrompt "
                    + "to ask a user (nor client credentials)");
        }
        URI redirect = prompt.redirectUri();
        if (kept == null || kept.redirectUri() != null && !kept.redirectUri().equals(redirect.toString())) {
            // a dynamic registration names its redirect URI: a new loopback port needs a new one
            kept = registrar.register(as, registration, redirect);
            store.save(server, kept);
        }
        TokenEndpoint.Tokens got = codeFlow.run(as, kept, resource.resource(), scope, prompt, redirect,
                settings.authorizationTimeout(), dpop);
        store.save(server, kept.withTokens(got.accessToken(), got.refreshToken(), got.expiresAt(), granted(got, scope),
                got.tokenType()));
        return true;
    }

    /**
     * @return the scopes to ask for: the challenge's, else the resource's {@code scopes_supported},
     *         else none; on a step-up, also those asked for before (SEP-2350); with
     *         {@code offline_access} when refresh tokens are wanted and the authorization server
     *         lists it (SEP-2207); null for none
     */
    private String scope(BearerChallenge bearer, ResourceMetadata resource, ServerMetadata as, StoredAuthorization kept,
            boolean stepUp) {
        Set<String> wanted = new LinkedHashSet<>();
        if (stepUp && kept != null) {
            wanted.addAll(scopes(kept.scope()));
        }
        if (bearer.scope() != null) {
            wanted.addAll(scopes(bearer.scope()));
        } else if (resource.scopesSupported() != null && !stepUp) {
            wanted.addAll(resource.scopesSupported());
        }
        if (refreshTokens && clientCredentials == null && !wanted.isEmpty() && as.scopesSupported() != null
                && as.scopesSupported().contains(OFFLINE_ACCESS)) {
            wanted.add(OFFLINE_ACCESS);
        }
        return wanted.isEmpty() ? null : String.join(" ", wanted);
    }

    private static String granted(TokenEndpoint.Tokens got, String asked) {
        return got.scope() != null ? got.scope() : asked;
    }

    /** @return the authorization with refreshed tokens, saved; null when it could not be refreshed */
    private StoredAuthorization refreshed(String server, StoredAuthorization kept) {
        if (kept == null || kept.refreshToken() == null) {
            return null;
        }
        try {
            ServerMetadata as = discovery.server(kept.issuer());
            Map<String, String> grant = new LinkedHashMap<>();
            grant.put("grant_type", "refresh_token");
            grant.put("refresh_token", kept.refreshToken());
            grant.put("resource", resourceOf(server));
            TokenEndpoint.Client client = clientCredentials != null
                    ? TokenEndpoint.Client.of(clientCredentials, as.tokenEndpointAuthMethods())
                    : TokenEndpoint.Client.of(kept.clientId(), kept.clientSecret(), kept.tokenEndpointAuthMethod());
            TokenEndpoint.Tokens got = tokens.request(as, client, grant, dpop);
            StoredAuthorization renewed = kept.withTokens(got.accessToken(),
                    got.refreshToken() != null ? got.refreshToken() : kept.refreshToken(), got.expiresAt(),
                    granted(got, kept.scope()), got.tokenType());
            store.save(server, renewed);
            return renewed;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.DEBUG, "refreshing the token for {0} failed: {1}", server, e.toString());
            return null;
        }
    }

    /** @return the resource a refresh names: the server's metadata's, found again (it may have moved) */
    private String resourceOf(String server) throws IOException {
        return discovery.resource(URI.create(server), null).resource();
    }

    private Object lock(String server) {
        return locks.computeIfAbsent(server, key -> new Object());
    }

    private static Set<String> scopes(String scope) {
        return scope == null || scope.isBlank() ? Set.of() : new LinkedHashSet<>(Arrays.asList(scope.trim().split("\\s+")));
    }

    @Override
    public String toString() {
        return "OAuthClient[" + (clientCredentials != null ? clientCredentials : registration) + ", " + settings + "]";
    }

    /**
     * Builds an {@link OAuthClient}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private OAuthSettings settings = OAuthSettings.defaults();
        private ClientRegistration registration = ClientRegistration.dynamic();
        private ClientCredentials clientCredentials;
        private AuthorizationPrompt prompt;
        private TokenStore store = TokenStore.inMemory();
        private boolean refreshTokens = true;
        private boolean dpop;

        private Builder() {
        }

        /**
         * @param value whether to bind tokens to a key of this client's with DPoP (RFC 9449; MCP's
         *              DPoP extension): a proof with each token request and each request to the
         *              server, the server's nonce honoured; false by default (Bearer tokens)
         */
        public Builder dpop(boolean value) {
            this.dpop = value;
            return this;
        }

        /** @param value never null */
        public Builder settings(OAuthSettings value) {
            this.settings = Objects.requireNonNull(value, "settings");
            return this;
        }

        /** @param value how the client registers for the authorization code flow; never null */
        public Builder registration(ClientRegistration value) {
            this.registration = Objects.requireNonNull(value, "registration");
            return this;
        }

        /** @param value a machine client's credentials: the client credentials grant instead of a user's authorization; null for none */
        public Builder clientCredentials(ClientCredentials value) {
            this.clientCredentials = value;
            return this;
        }

        /** @param value the user's step of the authorization code flow; null for none (a machine client) */
        public Builder prompt(AuthorizationPrompt value) {
            this.prompt = value;
            return this;
        }

        /** @param value never null */
        public Builder tokenStore(TokenStore value) {
            this.store = Objects.requireNonNull(value, "tokenStore");
            return this;
        }

        /**
         * @param value whether to ask for refresh tokens with {@code offline_access} where the
         *              authorization server lists it; true by default
         */
        public Builder refreshTokens(boolean value) {
            this.refreshTokens = value;
            return this;
        }

        /** @return the client */
        public OAuthClient build() {
            return new OAuthClient(this);
        }
    }
}
