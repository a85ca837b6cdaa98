package dev.jmcp.benchmarks.e2e;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * What both end-to-end servers serve, defined once so that {@link JmcpResourceServer} and
 * {@link SdkResourceServer} answer with the same URIs and the same bytes: a 1 KiB text, a 1 MiB
 * blob, and {@value #LIST_ENTRIES} small text resources, all at the top level (the official SDK
 * has no collections), so that {@code resources/list} returns {@value #TOP_LEVEL} resources.
 */
final class BenchResources {
    static final String TEXT_URI = "bench://text/1KiB";
    static final String TEXT_MIME = "text/plain";
    static final int TEXT_CHARS = 1024;

    static final String BLOB_URI = "bench://blob/1MiB";
    static final String BLOB_MIME = "application/octet-stream";
    static final int BLOB_BYTES = 1 << 20;

    static final int LIST_ENTRIES = 10_000;
    /** Everything {@code resources/list} returns: the list entries, the text and the blob. */
    static final int TOP_LEVEL = LIST_ENTRIES + 2;

    private static final String LIST_PREFIX = "bench://list/";
    // fixed, so that every run and both servers make the same bytes
    private static final long BLOB_SEED = 0x6A6D6370L;

    private static final String TEXT = makeText();
    private static final byte[] BLOB = makeBlob();

    private BenchResources() {
    }

    /** @return the 1 KiB text: ASCII, so 1024 characters are 1024 bytes */
    static String text() {
        return TEXT;
    }

    /** @return the 1 MiB blob's bytes, shared: callers must not change them */
    static byte[] blob() {
        return BLOB;
    }

    /** @return the name of list entry {@code i}, also the last segment of its URI */
    static String entryName(int i) {
        return String.format("entry-%05d", i);
    }

    static String entryUri(int i) {
        return LIST_PREFIX + entryName(i);
    }

    static String entryText(int i) {
        return "the body of entry " + i + "\n";
    }

    static long entrySize(int i) {
        return entryText(i).getBytes(StandardCharsets.UTF_8).length;
    }

    private static String makeText() {
        String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 ";
        StringBuilder text = new StringBuilder(TEXT_CHARS);
        for (int i = 0; i < TEXT_CHARS - 1; i++) {
            text.append(alphabet.charAt(i % alphabet.length()));
        }
        return text.append('\n').toString();
    }

    private static byte[] makeBlob() {
        byte[] bytes = new byte[BLOB_BYTES];
        new Random(BLOB_SEED).nextBytes(bytes); // random: base64 of it has no shortcut a codec could take
        return bytes;
    }
}
