package dev.jmcp.core.internal.resources;

import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Opaque pagination cursors. A cursor is base64url of (part, offset, listing generation, key,
 * MAC), where part, offset and key are the {@link ListingPosition} of the page (the key's UTF-8
 * bytes, none for a position by offset) and the MAC is HMAC-SHA256, cut to 128 bits, over
 * (listing scope, part, offset, generation, key) under a random key of this server. A client can
 * read the position but cannot make another valid cursor: not for another position or key, not
 * for another listing (the scope is in the MAC but not in the cursor), and not for a later
 * listing generation. The generation advances whenever a provider reports {@code listChanged},
 * which makes every earlier cursor that counts entries stale; a cursor after a key stays good,
 * since entries added or removed before it do not move it. A key is only a position: the provider
 * compares names with it and never looks it up.
 */
public final class Cursors {
    private static final String ALGORITHM = "HmacSHA256";
    private static final int PAYLOAD = Integer.BYTES + Long.BYTES * 2;
    private static final int MAC = 16;

    private final SecretKeySpec key;
    private final AtomicLong generation = new AtomicLong();

    public Cursors() {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        this.key = new SecretKeySpec(secret, ALGORITHM);
    }

    /** Makes every cursor issued so far stale. */
    public void advance() {
        generation.incrementAndGet();
    }

    long generation() {
        return generation.get();
    }

    /** @return the cursor of the page that starts at {@code position} of the listing {@code scope} */
    String issue(String scope, ListingPosition position) {
        byte[] key = position.afterKey() == null ? new byte[0] : position.afterKey().getBytes(StandardCharsets.UTF_8);
        ByteBuffer token = ByteBuffer.allocate(PAYLOAD + key.length + MAC);
        token.putInt(position.part()).putLong(position.offset()).putLong(generation.get()).put(key);
        token.put(mac(scope, token.array(), PAYLOAD + key.length));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(token.array());
    }

    /**
     * @param cursor a cursor from the client; null for the first page
     * @return the position it stands for; {@link ListingPosition#START} for null
     * @throws ProtocolException {@code -32602} naming {@code params.cursor} when it is forged,
     *                           changed, from another listing, or stale
     */
    ListingPosition position(String scope, String cursor) {
        if (cursor == null) {
            return ListingPosition.START;
        }
        byte[] token;
        try {
            token = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException notBase64) {
            throw ResourceErrors.invalidCursor();
        }
        // base64 leaves spare bits in the last character: only the one spelling we issued is valid,
        // so that no changed cursor reads as the same token
        int signed = token.length - MAC;
        if (signed < PAYLOAD
                || !Base64.getUrlEncoder().withoutPadding().encodeToString(token).equals(cursor)
                || !MessageDigest.isEqual(mac(scope, token, signed), Arrays.copyOfRange(token, signed, token.length))) {
            throw ResourceErrors.invalidCursor();
        }
        ByteBuffer payload = ByteBuffer.wrap(token, 0, PAYLOAD);
        int part = payload.getInt();
        long offset = payload.getLong();
        long issuedIn = payload.getLong();
        ListingPosition position = signed == PAYLOAD ? new ListingPosition(part, offset)
                : new ListingPosition(part, offset, new String(token, PAYLOAD, signed - PAYLOAD, StandardCharsets.UTF_8));
        if (position.countsEntries() && issuedIn != generation.get()) {
            throw ResourceErrors.staleCursor();
        }
        return position;
    }

    private byte[] mac(String scope, byte[] payload, int length) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM); // not thread-safe, and cheap enough per page
            mac.init(key);
            byte[] scopeBytes = scope.getBytes(StandardCharsets.UTF_8);
            mac.update(ByteBuffer.allocate(Integer.BYTES).putInt(scopeBytes.length).array());
            mac.update(scopeBytes);
            mac.update(payload, 0, length);
            return Arrays.copyOf(mac.doFinal(), MAC);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required of every Java platform", e);
        }
    }
}
