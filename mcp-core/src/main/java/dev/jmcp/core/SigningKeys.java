package dev.jmcp.core;

import dev.jmcp.schema.Experimental;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secrets a server signs what a client holds for it with: listing cursors and the
 * {@code requestState} of multi round-trip requests. Replicas of one server behind a load balancer
 * must share them, or a cursor issued by one is refused by the next ({@code -32602}); a
 * {@linkplain #random() random} secret is fine for one process. During a rotation a second,
 * previous secret is still accepted, so that what clients hold stays good while the replicas move
 * to the new one one by one: sign with the new one everywhere, then drop the old one after the
 * longest a client may hold a cursor or a state ({@link ServerSettings#requestStateTtl()}).
 *
 * <p>Each use gets its own key, derived from the secret with HMAC-SHA256 over the use's name, so
 * that a MAC made for one use is never valid for another. Immutable.
 *
 * @since 0.1
 */
@Experimental
public final class SigningKeys {
    /** {@value} bytes: the least a secret may have (HMAC-SHA256's own key size). */
    public static final int MIN_SECRET_BYTES = 32;
    private static final String ALGORITHM = "HmacSHA256";

    private final byte[] current;
    private final byte[] previous; // null when none
    private final boolean shared;

    private SigningKeys(byte[] current, byte[] previous, boolean shared) {
        this.current = current;
        this.previous = previous;
        this.shared = shared;
    }

    /** @return a fresh random secret of this process: no other process accepts what it signs */
    public static SigningKeys random() {
        byte[] secret = new byte[MIN_SECRET_BYTES];
        new SecureRandom().nextBytes(secret);
        return new SigningKeys(secret, null, false);
    }

    /**
     * @param secret the secret every replica shares; at least {@link #MIN_SECRET_BYTES} bytes; copied
     * @return keys that sign with {@code secret}
     * @throws IllegalArgumentException when the secret is too short
     */
    public static SigningKeys of(byte[] secret) {
        return of(secret, null);
    }

    /**
     * @param secret   the secret to sign with; at least {@link #MIN_SECRET_BYTES} bytes; copied
     * @param previous the secret signed with before a rotation, still accepted; may be null
     * @return keys that sign with {@code secret} and accept both
     * @throws IllegalArgumentException when a secret is too short
     */
    public static SigningKeys of(byte[] secret, byte[] previous) {
        return new SigningKeys(checked(secret, "secret"), previous == null ? null : checked(previous, "previous secret"),
                true);
    }

    /**
     * Reads a key file: its first non-blank line is the secret, a second one the previous secret
     * still accepted during a rotation; each line, without its surrounding blanks, is taken as UTF-8
     * text (a line of {@code openssl rand -base64 48}, say).
     *
     * @throws IOException              when it cannot be read
     * @throws IllegalArgumentException when it holds no secret, more than two, or one too short;
     *                                  the message names the file and never shows a secret
     */
    public static SigningKeys read(Path file) throws IOException {
        List<byte[]> secrets = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                secrets.add(line.strip().getBytes(StandardCharsets.UTF_8));
            }
        }
        if (secrets.isEmpty() || secrets.size() > 2) {
            throw new IllegalArgumentException("the key file " + file + " must hold one secret a line, the current one"
                    + " and optionally the previous one, but has " + secrets.size());
        }
        try {
            return of(secrets.get(0), secrets.size() == 2 ? secrets.get(1) : null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the key file " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return true when the secret was given (replicas can share it); false for {@link #random()} */
    public boolean shared() {
        return shared;
    }

    /**
     * @param use the name of what is signed, such as {@code "cursor"}; never null
     * @return the HMAC-SHA256 keys of that use, the one to sign with first, then the one still
     *         accepted during a rotation, if any
     */
    public List<SecretKey> keys(String use) {
        Objects.requireNonNull(use, "use");
        return previous == null ? List.of(derive(current, use)) : List.of(derive(current, use), derive(previous, use));
    }

    private static SecretKey derive(byte[] secret, String use) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret, ALGORITHM));
            return new SecretKeySpec(mac.doFinal(("jmcp signing key: " + use).getBytes(StandardCharsets.UTF_8)), ALGORITHM);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required of every Java platform", e);
        }
    }

    private static byte[] checked(byte[] secret, String what) {
        Objects.requireNonNull(secret, what);
        if (secret.length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("the " + what + " has " + secret.length + " bytes, fewer than MIN_SECRET_BYTES="
                    + MIN_SECRET_BYTES);
        }
        return secret.clone();
    }

    @Override
    public String toString() {
        return shared ? "SigningKeys[shared" + (previous == null ? "" : ", with a previous secret") + "]" : "SigningKeys[random]";
    }
}
