package dev.jmcp.core.internal;

import dev.jmcp.core.SigningKeys;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import javax.crypto.Mac;
import javax.crypto.SecretKey;

/**
 * HMAC-SHA256 of one use of the server's {@link SigningKeys}: signs with the current key and
 * accepts a MAC of any key still accepted (the previous one during a rotation). The one owner of
 * that rule for cursors and request states. Thread-safe.
 */
public final class Signer {
    private final List<SecretKey> keys;

    /** @param use the name of what is signed; a MAC of one use is never valid for another */
    public Signer(SigningKeys keys, String use) {
        this.keys = keys.keys(use);
    }

    /**
     * @param length how many leading bytes of the MAC to keep
     * @param input  feeds what is signed into the MAC
     * @return the MAC under the current key
     */
    public byte[] sign(int length, Consumer<Mac> input) {
        return mac(keys.get(0), length, input);
    }

    /** @return true when {@code mac} is the MAC of {@code input} under any accepted key */
    public boolean verify(byte[] mac, Consumer<Mac> input) {
        for (SecretKey key : keys) {
            if (MessageDigest.isEqual(mac(key, mac.length, input), mac)) {
                return true;
            }
        }
        return false;
    }

    private static byte[] mac(SecretKey key, int length, Consumer<Mac> input) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256"); // not thread-safe, and cheap enough per use
            mac.init(key);
            input.accept(mac);
            return Arrays.copyOf(mac.doFinal(), length);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required of every Java platform", e);
        }
    }
}
