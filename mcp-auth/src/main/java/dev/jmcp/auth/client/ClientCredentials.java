package dev.jmcp.auth.client;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Objects;

/**
 * A machine client's credentials for the client credentials grant (OAuth 2.1 section 4.2; MCP's
 * client credentials extension): a client secret (sent as {@code client_secret_basic}, or
 * {@code client_secret_post} when the server supports only that), or a private key that signs a
 * JWT assertion ({@code private_key_jwt}, RFC 7523). No user is involved.
 *
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public final class ClientCredentials {
    private final String clientId;
    private final String clientSecret;
    private final PrivateKey privateKey;
    private final String algorithm;

    private ClientCredentials(String clientId, String clientSecret, PrivateKey privateKey, String algorithm) {
        this.clientId = Objects.requireNonNull(clientId, "clientId");
        this.clientSecret = clientSecret;
        this.privateKey = privateKey;
        this.algorithm = algorithm;
    }

    /**
     * @param clientId     never null
     * @param clientSecret never null
     * @return credentials that authenticate with the secret
     */
    public static ClientCredentials secret(String clientId, String clientSecret) {
        return new ClientCredentials(clientId, Objects.requireNonNull(clientSecret, "clientSecret"), null, null);
    }

    /**
     * @param clientId   never null; the assertion's {@code iss} and {@code sub}
     * @param privateKey an EC or RSA private key; never null
     * @param algorithm  the JWS algorithm, such as {@code ES256} or {@code RS256}; never null
     * @return credentials that authenticate with a signed assertion
     */
    public static ClientCredentials privateKeyJwt(String clientId, PrivateKey privateKey, String algorithm) {
        return new ClientCredentials(clientId, null, Objects.requireNonNull(privateKey, "privateKey"),
                Objects.requireNonNull(algorithm, "algorithm"));
    }

    /**
     * @param clientId  never null
     * @param pkcs8Pem  a PEM {@code PRIVATE KEY} (PKCS #8), EC or RSA; never null
     * @param algorithm the JWS algorithm, such as {@code ES256} or {@code RS256}; never null
     * @return credentials that authenticate with an assertion signed by that key
     * @throws IllegalArgumentException when the text is not a PKCS #8 EC or RSA key
     */
    public static ClientCredentials privateKeyJwt(String clientId, String pkcs8Pem, String algorithm) {
        String base64 = pkcs8Pem.replaceAll("-----(BEGIN|END) PRIVATE KEY-----", "").replaceAll("\\s", "");
        byte[] der;
        try {
            der = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the private key is not PEM (base64 between PRIVATE KEY lines)", e);
        }
        String family = algorithm.startsWith("ES") ? "EC" : "RSA";
        try {
            return privateKeyJwt(clientId, KeyFactory.getInstance(family).generatePrivate(new PKCS8EncodedKeySpec(der)),
                    algorithm);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("the private key is not a PKCS #8 " + family + " key for " + algorithm
                    + ": " + e.getMessage(), e);
        }
    }

    /** @return the client id; never null */
    public String clientId() {
        return clientId;
    }

    /** @return the secret; null for {@code private_key_jwt} */
    public String clientSecret() {
        return clientSecret;
    }

    /** @return the signing key; null for a secret */
    public PrivateKey privateKey() {
        return privateKey;
    }

    /** @return the JWS algorithm; null for a secret */
    public String algorithm() {
        return algorithm;
    }

    @Override
    public String toString() {
        return "ClientCredentials[clientId=" + clientId + ", " + (privateKey != null ? "private_key_jwt " + algorithm
                : "secret") + "]";
    }
}
