package dev.jmcp.transport.netty.internal.client;

import java.io.OutputStream;

/** Collects a request body up to a size; a body that outgrows it is sent streamed instead. */
final class SmallBody extends OutputStream {
    /** The body outgrew the limit; thrown without a stack trace, it is the expected way out. */
    static final class Full extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Full() {
            super("the body outgrew the buffer", null, false, false);
        }
    }

    private final byte[] bytes;
    private int length;

    SmallBody(int limit) {
        this.bytes = new byte[limit];
    }

    @Override
    public void write(int b) {
        if (length == bytes.length) {
            throw new Full();
        }
        bytes[length++] = (byte) b;
    }

    @Override
    public void write(byte[] source, int offset, int count) {
        if (count > bytes.length - length) {
            throw new Full();
        }
        System.arraycopy(source, offset, bytes, length, count);
        length += count;
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }
}
