package dev.jmcp.schema.resources;

import java.io.InputStream;

/** Reads a String of ASCII characters as bytes without copying it whole, for base64 decoding. */
final class Latin1InputStream extends InputStream {
    private final String text;
    private int position;

    Latin1InputStream(String text) {
        this.text = text;
    }

    @Override
    public int read() {
        return position < text.length() ? text.charAt(position++) & 0xFF : -1;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
        int remaining = text.length() - position;
        if (length == 0) {
            return 0;
        }
        if (remaining <= 0) {
            return -1;
        }
        int n = Math.min(length, remaining);
        for (int i = 0; i < n; i++) {
            buffer[offset + i] = (byte) text.charAt(position++);
        }
        return n;
    }
}
