package dev.jmcp.schema.internal.json;

/**
 * The buffers one write of a message uses, recycled per thread so that writing a message
 * allocates almost nothing: a JSON output buffer, and a raw-byte chunk for base64 encoding.
 * {@link #BASE64_CHUNK} is a multiple of 3, so every chunk but the last encodes without padding,
 * and it encodes to exactly {@link #JSON_BUFFER} bytes, so a chunk is encoded straight into the
 * output buffer.
 */
public final class WriteBuffers {
    /** 48 KiB of raw bytes per base64 chunk. */
    public static final int BASE64_CHUNK = 48 * 1024;
    /** 64 KiB: the output buffer, exactly one encoded chunk. */
    public static final int JSON_BUFFER = BASE64_CHUNK / 3 * 4;

    private static final ThreadLocal<WriteBuffers> RECYCLED = ThreadLocal.withInitial(WriteBuffers::new);

    private final byte[] json = new byte[JSON_BUFFER];
    private final byte[] raw = new byte[BASE64_CHUNK];
    private boolean inUse;

    /** @return this thread's buffers, or fresh ones when they are already in use (a nested write) */
    public static WriteBuffers acquire() {
        WriteBuffers buffers = RECYCLED.get();
        if (buffers.inUse) {
            return new WriteBuffers();
        }
        buffers.inUse = true;
        return buffers;
    }

    /** @return buffers that belong to the caller alone, for an encoder that outlives one call */
    public static WriteBuffers unshared() {
        return new WriteBuffers();
    }

    /** Gives the buffers back to their thread. */
    public void release() {
        inUse = false;
    }

    byte[] json() {
        return json;
    }

    byte[] raw() {
        return raw;
    }
}
