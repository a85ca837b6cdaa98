package dev.jmcp.auth.internal.client;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.jmcp.auth.client.ClientCredentials;
import dev.jmcp.auth.client.OAuthException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.RSAPrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Token requests (OAuth 2.1 section 3.2): the form of each grant, the client's authentication
 * ({@code none}, {@code client_secret_basic}, {@code client_secret_post}, {@code private_key_jwt}),
 * and the checks on the answer: 200, JSON, an {@code access_token} and a {@code Bearer}
 * {@code token_type}; anything else fails naming what was wrong.
 */
public final class TokenEndpoint {
    /** How long a client assertion is valid: RFC 7523 wants it short. */
    private static final Duration ASSERTION_LIFETIME = Duration.ofMinutes(5);

    private final AuthHttp http;

    /** @param http never null */
    public TokenEndpoint(AuthHttp http) {
        this.http = http;
    }

    /** A client as the token endpoint authenticates it. */
    public record Client(String clientId, String clientSecret, String authMethod, PrivateKey key, String algorithm) {
        /** @return the client of a stored registration */
        public static Client of(String clientId, String secret, String method) {
            return new Client(clientId, secret, method, null, null);
        }

        /** @return the client of {@code credentials}, with the method the server supports */
        public static Client of(ClientCredentials credentials, List<String> serverMethods) {
            if (credentials.privateKey() != null) {
                return new Client(credentials.clientId(), null, "private_key_jwt", credentials.privateKey(),
                        credentials.algorithm());
            }
            return of(credentials.clientId(), credentials.clientSecret(), secretMethod(serverMethods));
        }
    }

    /** A token response, checked; {@code tokenType} is {@code Bearer} or {@code DPoP}. */
    public record Tokens(String accessToken, String refreshToken, Instant expiresAt, String scope, String tokenType) {
    }

    /**
     * @return {@code client_secret_basic}, unless the server lists methods without it and with
     *         {@code client_secret_post} (RFC 8414: basic is the default when none is listed)
     */
    public static String secretMethod(List<String> serverMethods) {
        return !serverMethods.isEmpty() && !serverMethods.contains("client_secret_basic")
                && serverMethods.contains("client_secret_post") ? "client_secret_post" : "client_secret_basic";
    }

    /**
     * @param dpop the client's DPoP key, for a token bound to it (a proof with the request, and one
     *             retry with the server's nonce when it asks for one); null for a Bearer token
     * @return the tokens the endpoint gives for {@code grant} (its parameters, in order)
     */
    public Tokens request(ServerMetadata server, Client client, Map<String, String> grant, DpopProofs dpop)
            throws IOException {
        Map<String, String> form = new LinkedHashMap<>(grant);
        Map<String, String> headers = new LinkedHashMap<>();
        switch (client.authMethod()) {
            case "none" -> form.put("client_id", client.clientId());
            case "client_secret_post" -> {
                form.put("client_id", client.clientId());
                form.put("client_secret", client.clientSecret());
            }
            case "client_secret_basic" -> headers.put("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (AuthHttp.encode(client.clientId()) + ":" + AuthHttp.encode(client.clientSecret()))
                            .getBytes(StandardCharsets.UTF_8)));
            case "private_key_jwt" -> {
                form.put("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
                form.put("client_assertion", assertion(server, client));
            }
            default -> throw new OAuthException("token endpoint authentication " + client.authMethod()
                    + " is not one jmcp speaks (none, client_secret_basic, client_secret_post, private_key_jwt)");
        }
        AuthHttp.Answer answer = post(server, form, headers, dpop, null);
        String nonce = answer.response().headers().firstValue("DPoP-Nonce").orElse(null);
        if (dpop != null && answer.status() == 400 && nonce != null && answer.text().contains("use_dpop_nonce")) {
            answer = post(server, form, headers, dpop, nonce); // RFC 9449 section 8: once, with the nonce
        }
        String what = "the token endpoint " + server.tokenEndpoint();
        if (answer.status() != 200) {
            throw new OAuthException(what + " refused the " + grant.get("grant_type") + " grant with HTTP "
                    + answer.status() + ": " + answer.text());
        }
        JsonObject body = answer.json("the answer of " + what);
        String access = Discovery.string(body, "access_token");
        if (access == null || access.isEmpty()) {
            throw new OAuthException("the answer of " + what + " has no access_token: " + answer.text());
        }
        String type = Discovery.string(body, "token_type");
        boolean bearer = type != null && type.toLowerCase(Locale.ROOT).equals("bearer");
        boolean bound = dpop != null && type != null && type.toLowerCase(Locale.ROOT).equals("dpop");
        if (!bearer && !bound) {
            throw new OAuthException("the answer of " + what + " has token_type " + type + ", not Bearer"
                    + (dpop != null ? " or DPoP" : ""));
        }
        Instant expires = body.get("expires_in") instanceof JsonNumber seconds && seconds.longValue() > 0
                ? Instant.now().plusSeconds(seconds.longValue()) : null;
        return new Tokens(access, Discovery.string(body, "refresh_token"), expires, Discovery.string(body, "scope"),
                bound ? "DPoP" : "Bearer");
    }

    private AuthHttp.Answer post(ServerMetadata server, Map<String, String> form, Map<String, String> headers,
            DpopProofs dpop, String nonce) throws IOException {
        Map<String, String> all = new LinkedHashMap<>(headers);
        if (dpop != null) {
            all.put("DPoP", dpop.proof("POST", server.tokenEndpoint(), null, nonce));
        }
        return http.postForm(server.tokenEndpoint(), form, all);
    }

    /** @return a signed client assertion (RFC 7523 section 2.2) whose audience is the issuer */
    private static String assertion(ServerMetadata server, Client client) {
        JWSAlgorithm algorithm = JWSAlgorithm.parse(client.algorithm());
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer(client.clientId()).subject(client.clientId())
                .audience(server.issuer()).jwtID(Pkce.random()).issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(ASSERTION_LIFETIME))).build();
        try {
            JWSSigner signer;
            if (client.key() instanceof ECPrivateKey ec) {
                signer = new ECDSASigner(ec);
            } else if (client.key() instanceof RSAPrivateKey rsa) {
                signer = new RSASSASigner(rsa);
            } else {
                throw new OAuthException("private_key_jwt needs an EC or RSA private key, not "
                        + client.key().getAlgorithm());
            }
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(algorithm).build(), claims);
            jwt.sign(signer);
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new OAuthException("the client assertion could not be signed with " + client.algorithm() + ": "
                    + e.getMessage(), e);
        }
    }
}
