package dev.jmcp.schema.codec;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * An output sink that checks a message with one large blob without storing it: it keeps the
 * (small) JSON around the blob, decodes the blob's base64 as it arrives into a running SHA-256,
 * and records the size of every write call. It allocates nothing while writes arrive, so that it
 * does not distort allocation measurements.
 */
final class Base64CheckingSink extends OutputStream {
    private static final byte[] MARKER = "\"blob\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final int[] DECODE = new int[256];

    static {
        Arrays.fill(DECODE, -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < alphabet.length(); i++) {
            DECODE[alphabet.charAt(i)] = i;
        }
    }

    private final MessageDigest digest;
    private final StringBuilder outside = new StringBuilder(4096);
    private final byte[] decoded = new byte[48 * 1024];
    private final int[] quantum = new int[4];
    private int decodedLength;
    private int quantumLength;
    private int markerMatched;
    /** 0: before the blob, 1: inside it, 2: after it. */
    private int state;
    private int padding;
    private long base64Chars;
    private long decodedBytes;
    private long total;
    private int writes;
    private int largestWrite;
    private String failure;

    Base64CheckingSink() {
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void write(int b) {
        count(1);
        accept((byte) b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        count(length);
        for (int i = 0; i < length; i++) {
            accept(bytes[offset + i]);
        }
    }

    private void count(int length) {
        total += length;
        writes++;
        largestWrite = Math.max(largestWrite, length);
    }

    private void accept(byte b) {
        if (state == 1) {
            if (b == '"') {
                state = 2;
                finishBlob();
                outside.append('"');
            } else {
                base64(b);
            }
            return;
        }
        if (outside.length() >= outside.capacity()) {
            fail("more than " + outside.capacity() + " bytes of JSON outside the blob");
            return;
        }
        outside.append((char) (b & 0xFF));
        if (state == 0) {
            markerMatched = b == MARKER[markerMatched] ? markerMatched + 1 : b == MARKER[0] ? 1 : 0;
            if (markerMatched == MARKER.length) {
                state = 1;
            }
        }
    }

    private void base64(byte b) {
        base64Chars++;
        if (padding > 0 && b != '=') {
            fail("base64 data after padding, at blob char " + base64Chars);
            return;
        }
        int value;
        if (b == '=') {
            if (quantumLength < 2) {
                fail("padding at position " + quantumLength + " of a quantum, at blob char " + base64Chars);
                return;
            }
            padding++;
            value = 0;
        } else {
            value = DECODE[b & 0xFF];
            if (value < 0) {
                fail("not a base64 character: 0x" + Integer.toHexString(b & 0xFF) + " at blob char " + base64Chars);
                return;
            }
        }
        quantum[quantumLength++] = value;
        if (quantumLength == 4) {
            int bits = quantum[0] << 18 | quantum[1] << 12 | quantum[2] << 6 | quantum[3];
            int bytes = 3 - padding;
            emit((byte) (bits >> 16));
            if (bytes > 1) {
                emit((byte) (bits >> 8));
            }
            if (bytes > 2) {
                emit((byte) bits);
            }
            quantumLength = 0;
        }
    }

    private void emit(byte b) {
        decoded[decodedLength++] = b;
        decodedBytes++;
        if (decodedLength == decoded.length) {
            digest.update(decoded, 0, decodedLength);
            decodedLength = 0;
        }
    }

    private void finishBlob() {
        if (quantumLength != 0) {
            fail("the base64 text ends inside a quantum (" + base64Chars + " chars)");
        }
        digest.update(decoded, 0, decodedLength);
        decodedLength = 0;
    }

    private void fail(String message) {
        if (failure == null) {
            failure = message;
        }
    }

    /** @return the first problem seen, or null */
    String failure() {
        return state == 2 || failure != null ? failure : "the blob never ended (state " + state + ")";
    }

    /** @return the message with the blob's text left out: {@code ..."blob":""...} */
    String outside() {
        return outside.toString();
    }

    byte[] sha256() {
        return digest.digest();
    }

    long base64Chars() {
        return base64Chars;
    }

    long decodedBytes() {
        return decodedBytes;
    }

    long total() {
        return total;
    }

    int writes() {
        return writes;
    }

    int largestWrite() {
        return largestWrite;
    }
}
