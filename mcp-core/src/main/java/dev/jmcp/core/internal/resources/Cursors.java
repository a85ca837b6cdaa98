package dev.jmcp.core.internal.resources;

import dev.jmcp.core.SigningKeys;
import dev.jmcp.core.internal.Signer;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;

/**
 * Opaque pagination cursors. A cursor is base64url of (part, offset, listing generation, key,
 * MAC), where part, offset and key are the {@link ListingPosition} of the page (the key's UTF-8
 * bytes, none for a position by offset) and the MAC is HMAC-SHA256, cut to 128 bits, over
 * (listing scope, part, offset, generation, key) under the server's {@link SigningKeys} (shared by its
 * replicas, or random; a previous key is accepted during a rotation). A client can
 * read the position but cannot make another valid cursor: not for another position or key, not
 * for another listing (the scope is in the MAC but not in the cursor), and not for a later
 * listing generation. The generation advances whenever a provider reports {@code listChanged},
 * which makes every earlier cursor that counts entries stale; a cursor after a key stays good,
 * since entries added or removed before it do not move it. A key is only a position: the provider
 * compares names with it and never looks it up.
 */
public final class Cursors {
    private static final int PAYLOAD = Integer.BYTES + Long.BYTES * 2;
    private static final int MAC = 16;

    private final Signer signer;
    private final AtomicLong generation = new AtomicLong();

    /** Cursors under a random key of this process (a dialect's, whose sessions stay on one replica). */
    public Cursors() {
        this(SigningKeys.random());
    }

    /** @param keys the server's keys; cursors get a key of their own derived from them */
    public Cursors(SigningKeys keys) {
        this.signer = new Signer(keys, "cursor");
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
        token.put(signer.sign(MAC, mac -> feed(mac, scope, token.array(), PAYLOAD + key.length)));
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
        byte[] token = decode(cursor);
        // base64 leaves spare bits in the last character: only the one spelling we issued is valid,
        // so that no changed cursor reads as the same token
        int signed = token.length - MAC;
        if (signed < PAYLOAD
                || !Base64.getUrlEncoder().withoutPadding().encodeToString(token).equals(cursor)
                || !signer.verify(Arrays.copyOfRange(token, signed, token.length), mac -> feed(mac, scope, token, signed))) {
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

    private static byte[] decode(String cursor) {
        try {
            return Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException notBase64) {
            throw ResourceErrors.invalidCursor();
        }
    }

    private static void feed(Mac mac, String scope, byte[] payload, int length) {
        byte[] scopeBytes = scope.getBytes(StandardCharsets.UTF_8);
        mac.update(ByteBuffer.allocate(Integer.BYTES).putInt(scopeBytes.length).array());
        mac.update(scopeBytes);
        mac.update(payload, 0, length);
    }
}
