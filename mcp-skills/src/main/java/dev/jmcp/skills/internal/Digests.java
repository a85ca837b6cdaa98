package dev.jmcp.skills.internal;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** SEP-2640's digests: {@code sha256:} and 64 lowercase hex digits of a file's raw bytes. */
public final class Digests {
    /** What a well-formed digest looks like. */
    public static final Pattern FORMAT = Pattern.compile("sha256:[0-9a-f]{64}");

    private Digests() {
    }

    /** @return {@code sha256:HEX} of {@code bytes} */
    public static String sha256(byte[] bytes) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
