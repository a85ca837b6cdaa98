package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.resources.Blob;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A message as a stream of its encoded bytes, produced as they are read: the JSON around the
 * blobs and streamed texts is written up front (it is small), and each blob is base64-encoded
 * (each streamed text escaped) from its source one chunk at a time when the reader gets to it. This is what lets a transport that pulls bytes (a
 * Netty chunked writer) send a large blob without holding it.
 */
public final class ChunkedEncoder extends InputStream {
    /** Each element is a {@code byte[]} of JSON or a {@link Deferred} body still to encode. */
    private final Deque<Object> segments;
    /** Made when the first blob or streamed text is reached: most messages have none, and these are 112 KiB. */
    private WriteBuffers buffers;
    private byte[] current = new byte[0];
    private int offset;
    private int limit;
    private InputStream blobSource;
    private String blobUri;
    /** The streamed text being written, and its source; null between bodies. */
    private TextEscaper text;
    private InputStream textSource;

    private ChunkedEncoder(Deque<Object> segments) {
        this.segments = segments;
    }

    /** Writes {@code value} with {@code writer}, deferring its blobs. */
    public static ChunkedEncoder of(IoConsumer<JsonOutput> writer) throws IOException {
        Deque<Object> segments = new ArrayDeque<>();
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        // the JSON pass ends in this call: this thread's recycled buffers serve it
        WriteBuffers recycled = WriteBuffers.acquire();
        JsonOutput out = new JsonOutput(json, recycled) {
            @Override
            public JsonOutput blob(Blob blob, String uri) throws IOException {
                if (blob instanceof Blob.Encoded) {
                    return super.blob(blob, uri);
                }
                defer(new Deferred(blob, uri, false));
                return this;
            }

            @Override
            public JsonOutput streamedText(Blob utf8, String uri) throws IOException {
                defer(new Deferred(utf8, uri, true));
                return this;
            }

            private void defer(Deferred body) throws IOException {
                separate();
                raw((byte) '"');
                flushBuffer();
                segments.add(json.toByteArray());
                json.reset();
                segments.add(body);
                raw((byte) '"');
            }
        };
        try {
            writer.accept(out);
            out.flushBuffer();
        } finally {
            recycled.release();
        }
        segments.add(json.toByteArray());
        return new ChunkedEncoder(segments);
    }

    /**
     * A body to encode when the reader gets to it: a blob, or the UTF-8 bytes of a streamed text
     * ({@code text}); and the URI it is the body of (may be null).
     */
    private record Deferred(Blob blob, String uri, boolean text) {
    }

    /** A consumer that may throw IOException. */
    @FunctionalInterface
    public interface IoConsumer<T> {
        void accept(T value) throws IOException;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] target, int targetOffset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        while (offset == limit) {
            if (!advance()) {
                return -1;
            }
        }
        int n = Math.min(length, limit - offset);
        System.arraycopy(current, offset, target, targetOffset, n);
        offset += n;
        return n;
    }

    /** Makes the next piece current. @return false when everything was read */
    private boolean advance() throws IOException {
        if (text != null) {
            current = buffers.json();
            offset = 0;
            limit = text.escape(current, 0);
            if (text.done()) {
                textSource.close();
                textSource = null;
                text = null;
            }
            return true;
        }
        if (blobSource != null) {
            byte[] raw = buffers.raw();
            int n = Base64Streams.fill(blobSource, raw, blobUri);
            if (n > 0) {
                current = buffers.json();
                limit = Base64Streams.encodeChunk(raw, n, current);
                offset = 0;
                if (n == raw.length) {
                    return true;
                }
            }
            blobSource.close();
            blobSource = null;
            return true;
        }
        Object next = segments.poll();
        if (next == null) {
            return false;
        }
        if (next instanceof byte[] json) {
            current = json;
            offset = 0;
            limit = json.length;
        } else {
            Deferred body = (Deferred) next;
            if (buffers == null) {
                buffers = WriteBuffers.unshared();
            }
            if (body.text()) {
                textSource = body.blob().open();
                text = new TextEscaper(textSource, body.uri(), buffers.raw());
            } else {
                blobSource = body.blob().open();
                blobUri = body.uri();
            }
            offset = limit = 0;
        }
        return true;
    }

    /**
     * @return the encoded bytes held in memory that can be read without waiting for a blob's file
     *         or stream: the rest of the current piece, then the JSON written up front, up to the
     *         first blob that reads a source (a blob in memory is read without waiting, but is not
     *         held encoded, so it adds nothing)
     */
    @Override
    public int available() {
        long held = limit - offset;
        if (blobSource != null || text != null) {
            return (int) held; // what follows waits for the blob's source
        }
        for (Object segment : segments) {
            if (segment instanceof byte[] json) {
                held += json.length;
            } else if (!(((Deferred) segment).blob() instanceof Blob.InMemory)) {
                break;
            }
        }
        return (int) Math.min(Integer.MAX_VALUE, held);
    }

    @Override
    public void close() throws IOException {
        if (blobSource != null) {
            blobSource.close();
            blobSource = null;
        }
        if (textSource != null) {
            textSource.close();
            textSource = null;
            text = null;
        }
        segments.clear();
    }
}
