package dev.jmcp.core.internal.session;

import dev.jmcp.core.SigningKeys;
import dev.jmcp.core.internal.Signer;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import javax.crypto.Mac;

/**
 * Seals and opens the {@code requestState} of multi round-trip requests (2026-07-28): the state a
 * server hands to the client with an {@code input_required} result and gets back, unchanged, on the
 * retry. The client holds it, so the spec has the server treat it as attacker-controlled; a sealed
 * state carries an HMAC-SHA256 under the server's {@link SigningKeys} (shared by its replicas, so that
 * a retry may land on another; a previous key is accepted during a rotation), an expiry, and the request it
 * belongs to (the method and the {@code name} or {@code uri} it was about), so that a changed,
 * expired or transplanted state is refused with {@code -32602}.
 *
 * <p>The payload is signed, not encrypted: the client can read it. Keep secrets out of it.
 *
 * <p>The sessions of one server share one instance: a retry may arrive on another connection (over
 * HTTP it always does). Thread-safe.
 *
 * <p>Internal: the server shares one across its sessions.
 */
public final class RequestStates {
    private static final byte FORMAT = 1;
    private static final int HEADER = 1 + Long.BYTES;
    private static final int MAC_BYTES = 16;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final Signer signer;
    private final Duration ttl;
    private final Clock clock;

    private RequestStates(SigningKeys keys, Duration ttl, Clock clock) {
        this.signer = new Signer(keys, "requestState");
        this.ttl = ttl;
        this.clock = clock;
    }

    /**
     * @param ttl how long a sealed state stays valid; positive
     * @return states sealed under a fresh random key
     */
    public static RequestStates create(Duration ttl) {
        return create(SigningKeys.random(), ttl, Clock.systemUTC());
    }

    /**
     * @param keys the server's keys; states get a key of their own derived from them
     * @param ttl  how long a sealed state stays valid; positive
     * @param clock decides expiry (a fixed one in tests)
     */
    public static RequestStates create(SigningKeys keys, Duration ttl, Clock clock) {
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(ttl, "ttl");
        if (ttl.isZero() || ttl.isNegative()) {
            throw new IllegalArgumentException("requestStateTtl must be positive, was " + ttl);
        }
        return new RequestStates(keys, ttl, Objects.requireNonNull(clock, "clock"));
    }

    /** @return how long a sealed state stays valid */
    public Duration ttl() {
        return ttl;
    }

    /**
     * @param method  the request's method, such as {@code tools/call}; never null
     * @param subject what the request is about (the tool's name, the resource's URI); may be null
     * @param payload the state to hand to the client; never null
     * @return the opaque {@code requestState}: URL-safe base64, never null
     */
    public String seal(String method, String subject, String payload) {
        Objects.requireNonNull(method, "method");
        byte[] text = payload.getBytes(StandardCharsets.UTF_8);
        ByteBuffer token = ByteBuffer.allocate(HEADER + text.length + MAC_BYTES);
        token.put(FORMAT).putLong(clock.millis() + ttl.toMillis()).put(text);
        token.put(signer.sign(MAC_BYTES, mac -> feed(mac, method, subject, token.array(), HEADER + text.length)));
        return ENCODER.encodeToString(token.array());
    }

    /**
     * @param method       the method of the request that carries the state; never null
     * @param subject      what that request is about, as given to {@link #seal}; may be null
     * @param requestState what the client sent; never null
     * @return the payload given to {@link #seal}
     * @throws ProtocolException {@code -32602} naming {@code params.requestState} when the state was
     *                           not sealed here, was changed, has expired, or belongs to another request
     */
    public String open(String method, String subject, String requestState) {
        Objects.requireNonNull(method, "method");
        byte[] token = decode(requestState);
        int body = token.length - MAC_BYTES;
        if (body < HEADER || token[0] != FORMAT || !ENCODER.encodeToString(token).equals(requestState)
                || !signer.verify(Arrays.copyOfRange(token, body, token.length), mac -> feed(mac, method, subject, token, body))) {
            throw refused("it failed verification (changed, issued by another server, or for another request)");
        }
        long expires = ByteBuffer.wrap(token, 1, Long.BYTES).getLong();
        if (clock.millis() > expires) {
            throw refused("it expired (requestStateTtl=" + ttl.toMillis() + " ms); send the request again without it");
        }
        return new String(token, HEADER, body - HEADER, StandardCharsets.UTF_8);
    }

    private static ProtocolException refused(String why) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, "params.requestState refused: " + why);
    }

    private static byte[] decode(String requestState) {
        try {
            return DECODER.decode(requestState);
        } catch (IllegalArgumentException notBase64) {
            throw refused("it is not a state this server issued");
        }
    }

    private static void feed(Mac mac, String method, String subject, byte[] token, int length) {
        mac.update(method.getBytes(StandardCharsets.UTF_8));
        mac.update((byte) 0);
        if (subject != null) {
            mac.update(subject.getBytes(StandardCharsets.UTF_8));
        }
        mac.update((byte) 0);
        mac.update(token, 0, length);
    }
}
