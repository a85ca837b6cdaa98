package dev.jmcp.auth.internal.server;

import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import dev.jmcp.core.auth.VerifierUnavailableException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.text.ParseException;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * An authorization server's JWK set, fetched when first needed, kept for {@code keySetTtl}, and
 * fetched again for a key id it does not hold (the server rotated its keys), but at most once per
 * {@code minRefetchInterval}, failures included: a stream of tokens with made-up key ids costs the
 * authorization server one request per interval, not one per token. When a refetch fails, the keys
 * already held stay in use; with none held, the verifier is unavailable. Only public keys are taken:
 * a symmetric ({@code oct}) key in the set is ignored, so no token can be checked with an HMAC key.
 */
public final class KeySet {
    private static final System.Logger LOG = System.getLogger(KeySet.class.getName());

    private final BoundedFetch fetch;
    private final Supplier<URI> location;
    private final long ttlNanos;
    private final long minRefetchNanos;
    private JWKSet keys; // null until fetched once
    private long fetchedAt;
    private long attemptedAt;
    private boolean attempted;
    private String lastFailure;

    /**
     * @param location the {@code jwks_uri}, found when first asked for (discovery may fetch); its
     *                 failure is the verifier being unavailable
     */
    public KeySet(BoundedFetch fetch, Supplier<URI> location, Duration ttl, Duration minRefetch) {
        this.fetch = fetch;
        this.location = location;
        this.ttlNanos = ttl.toNanos();
        this.minRefetchNanos = minRefetch.toNanos();
    }

    /**
     * @return the public keys that may have signed a token with {@code header} (its {@code kid},
     *         its algorithm's key type, a signing key); empty when the set holds none
     * @throws VerifierUnavailableException when no key set could be fetched
     */
    public synchronized List<JWK> candidates(JWSHeader header) {
        long now = System.nanoTime();
        if (keys == null || now - fetchedAt > ttlNanos) {
            refresh(now);
        }
        if (keys == null) {
            throw new VerifierUnavailableException("the key set could not be fetched: " + lastFailure
                    + " (tried again at most once per minRefetchInterval=" + Duration.ofNanos(minRefetchNanos) + ")");
        }
        List<JWK> found = select(header);
        if (found.isEmpty() && header.getKeyID() != null) {
            refresh(now); // perhaps rotated: asked again, at the bounded rate
            found = select(header);
        }
        return found;
    }

    private List<JWK> select(JWSHeader header) {
        if (keys == null) {
            return List.of();
        }
        return new JWKSelector(JWKMatcher.forJWSHeader(header)).select(keys).stream()
                .filter(key -> !key.isPrivate() && !(key instanceof com.nimbusds.jose.jwk.OctetSequenceKey)).toList();
    }

    private void refresh(long now) {
        if (attempted && now - attemptedAt < minRefetchNanos) {
            return;
        }
        attempted = true;
        attemptedAt = now;
        try {
            URI uri = location.get();
            JWKSet fetched = JWKSet.parse(fetch.get(uri).toString());
            keys = fetched.toPublicJWKSet();
            fetchedAt = now;
        } catch (ParseException e) {
            fail("the key set is not a JWK set: " + e.getMessage());
        } catch (VerifierUnavailableException e) {
            fail(e.getMessage());
        }
    }

    private void fail(String why) {
        lastFailure = why;
        LOG.log(keys == null ? Level.WARNING : Level.INFO, "could not fetch the key set{0}: {1}",
                keys == null ? "" : " (the keys held stay in use)", why);
    }
}
