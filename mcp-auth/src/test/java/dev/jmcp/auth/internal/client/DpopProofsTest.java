package dev.jmcp.auth.internal.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.SignedJWT;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** {@link DpopProofs}: proofs as RFC 9449 section 4 has a server check them. */
class DpopProofsTest {
    private final DpopProofs proofs = new DpopProofs();

    @Test
    void aProofIsSignedByThePublicKeyItCarriesAndNamesTheRequest() throws Exception {
        SignedJWT proof = SignedJWT.parse(proofs.proof("POST", URI.create("https://mcp.example.com/mcp?x=1#f"), "tok",
                "n-1"));

        assertEquals("dpop+jwt", proof.getHeader().getType().toString());
        assertEquals("ES256", proof.getHeader().getAlgorithm().getName());
        ECKey key = (ECKey) proof.getHeader().getJWK();
        assertTrue(!key.isPrivate(), "the proof carries the private key");
        assertTrue(proof.verify(new ECDSAVerifier(key)));
        assertEquals("POST", proof.getJWTClaimsSet().getStringClaim("htm"));
        assertEquals("https://mcp.example.com/mcp", proof.getJWTClaimsSet().getStringClaim("htu"));
        assertEquals("n-1", proof.getJWTClaimsSet().getStringClaim("nonce"));
        String ath = Base64.getUrlEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest("tok".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(ath, proof.getJWTClaimsSet().getStringClaim("ath"));
    }

    @Test
    void eachProofIsFreshAndATokenRequestsProofHasNoAth() throws Exception {
        URI token = URI.create("https://as.example.com/token");
        SignedJWT first = SignedJWT.parse(proofs.proof("POST", token, null, null));
        SignedJWT second = SignedJWT.parse(proofs.proof("POST", token, null, null));

        assertNotEquals(first.getJWTClaimsSet().getJWTID(), second.getJWTClaimsSet().getJWTID());
        assertNull(first.getJWTClaimsSet().getClaim("ath"));
        assertNull(first.getJWTClaimsSet().getClaim("nonce"));
        assertEquals(first.getHeader().getJWK().computeThumbprint(), second.getHeader().getJWK().computeThumbprint(),
                "one key for the client's life");
    }
}
