package dev.jmcp.auth.internal.client;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.jmcp.auth.client.OAuthException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Date;

/**
 * DPoP proofs (RFC 9449 section 4): one P-256 key for the client's life, and a fresh proof (its own
 * {@code jti}) for each request, naming its method and URL, the server's nonce when it gave one,
 * and the hash of the access token it goes with.
 */
public final class DpopProofs {
    private final ECKey key;
    private final ECDSASigner signer;

    /** Makes a new key. */
    public DpopProofs() {
        try {
            this.key = new ECKeyGenerator(Curve.P_256).generate();
            this.signer = new ECDSASigner(key);
        } catch (JOSEException e) {
            throw new IllegalStateException("no P-256 key for DPoP: " + e.getMessage(), e);
        }
    }

    /**
     * @param accessToken the token the proof goes with; null for a token request
     * @param nonce       the server's {@code DPoP-Nonce}; null for none
     * @return the proof, for the {@code DPoP} header
     */
    public String proof(String method, URI uri, String accessToken, String nonce) {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().jwtID(Pkce.random()).claim("htm", method)
                .claim("htu", htu(uri)).issueTime(new Date());
        if (accessToken != null) {
            claims.claim("ath", sha256(accessToken));
        }
        if (nonce != null) {
            claims.claim("nonce", nonce);
        }
        JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.ES256).type(new JOSEObjectType("dpop+jwt"))
                .jwk(key.toPublicJWK()).build();
        SignedJWT proof = new SignedJWT(header, claims.build());
        try {
            proof.sign(signer);
        } catch (JOSEException e) {
            throw new OAuthException("a DPoP proof could not be signed: " + e.getMessage(), e);
        }
        return proof.serialize();
    }

    /** @return {@code uri} without its query and fragment (RFC 9449 section 4.2) */
    static String htu(URI uri) {
        return uri.getScheme() + "://" + uri.getRawAuthority() + (uri.getRawPath() == null ? "" : uri.getRawPath());
    }

    private static String sha256(String text) {
        try {
            return Base64.getUrlEncoder().withoutPadding().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
