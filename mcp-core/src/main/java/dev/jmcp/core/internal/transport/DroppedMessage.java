package dev.jmcp.core.internal.transport;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;

/**
 * What a transport keeps of a message that it drops unread: one longer than the codec's
 * {@link dev.jmcp.schema.codec.CodecLimits#maxMessageBytes() maxMessageBytes}, or one that the Java
 * heap cannot hold while it is parsed. It keeps the length, the first {@value #HEAD_BYTES} bytes
 * and the last {@value #TAIL_BYTES}: enough to find the id of a response, so that the error
 * ({@link #tooLong()}, {@link #outOfMemory()}) fails the request waiting for it at once (see
 * {@link dev.jmcp.core.spi.McpTransport.Listener#onUnreadable}) instead of at its timeout. The transport hands it every
 * byte of the message, in order, through {@link #add}; its memory stays fixed.
 *
 * <p>The id is found by a small, strict scanner, not by a JSON parser: in the first bytes, the
 * members of the top-level object are read up to the first one whose value is an object or an array
 * ({@code {"jsonrpc":"2.0","id":7,"result":...}}); in the last bytes, a final member {@code "id"}
 * right before the closing brace ({@code {"result":...,"jsonrpc":"2.0","id":7}}, as the TypeScript
 * SDK writes). Only integer ids and string ids without escapes are recognized. An id is reported
 * only for a message that the first bytes show to be a response ({@code "result"} or {@code "error"}
 * before any {@code "method"}): the id of the peer's own request could equal one of this side's
 * pending ids, and must not fail that request. A request whose first bytes show its id and then its
 * method ({@code {"jsonrpc":"2.0","id":7,"method":"ping",...}}) gets errors tied to it instead
 * ({@link ProtocolException#withRequest}), so that a server answers it with its id.
 *
 * <p>Not thread-safe; reusable after {@link #clear()}.
 *
 * @since 0.1
 */
public final class DroppedMessage {
    /** How many of the first bytes are kept: 512. */
    public static final int HEAD_BYTES = 512;
    /** How many of the last bytes are kept: 256. */
    public static final int TAIL_BYTES = 256;

    private final long maxMessageBytes;
    private final byte[] head = new byte[HEAD_BYTES];
    private final byte[] tail = new byte[TAIL_BYTES];
    private int headLength;
    private long length;

    /** @param maxMessageBytes the codec's limit, which {@link #tooLong()} names; at least 1 */
    public DroppedMessage(long maxMessageBytes) {
        if (maxMessageBytes < 1) {
            throw new IllegalArgumentException("maxMessageBytes must be >= 1, was " + maxMessageBytes);
        }
        this.maxMessageBytes = maxMessageBytes;
    }

    /**
     * Takes the next bytes of the message.
     *
     * @param bytes  never null
     * @param offset where they start
     * @param count  how many
     */
    public void add(byte[] bytes, int offset, int count) {
        if (offset < 0 || count < 0 || offset + count > bytes.length || offset + count < 0) {
            throw new IndexOutOfBoundsException("offset " + offset + ", count " + count + ", length " + bytes.length);
        }
        if (headLength < HEAD_BYTES) {
            int n = Math.min(count, HEAD_BYTES - headLength);
            System.arraycopy(bytes, offset, head, headLength, n);
            headLength += n;
        }
        // only the last TAIL_BYTES of this piece can end up in the tail
        int skip = Math.max(0, count - TAIL_BYTES);
        long at = length + skip;
        for (int i = offset + skip, end = offset + count; i < end; ) {
            int slot = (int) (at % TAIL_BYTES);
            int n = Math.min(end - i, TAIL_BYTES - slot);
            System.arraycopy(bytes, i, tail, slot, n);
            i += n;
            at += n;
        }
        length += count;
    }

    /** @return the number of bytes taken so far */
    public long length() {
        return length;
    }

    /** @return the codec's limit */
    public long maxMessageBytes() {
        return maxMessageBytes;
    }

    /** @return whether more bytes than {@link #maxMessageBytes()} have been taken */
    public boolean isTooLong() {
        return length > maxMessageBytes;
    }

    /** @return the id of the response, when the kept bytes show one as the class description says; else null */
    public RequestId responseId() {
        MessageIdScanner.Head start = MessageIdScanner.scanHead(head, headLength);
        if (start.kind() != MessageIdScanner.Kind.RESPONSE) {
            return null;
        }
        if (start.id() != null) {
            return start.id();
        }
        int size = (int) Math.min(length, TAIL_BYTES);
        byte[] last = new byte[size];
        int from = (int) ((length - size) % TAIL_BYTES);
        int first = Math.min(size, TAIL_BYTES - from);
        System.arraycopy(tail, from, last, 0, first);
        System.arraycopy(tail, 0, last, first, size - first);
        return MessageIdScanner.scanTail(last, size);
    }

    /**
     * @return {@code -32600}, {@code "message of N bytes exceeds maxMessageBytes=M"}, with the
     *         {@link #responseId()} when there is one, or tied to the request the first bytes show;
     *         never null
     */
    public ProtocolException tooLong() {
        return tied(new ProtocolException(ErrorCodes.INVALID_REQUEST, "message of " + length
                + " bytes exceeds maxMessageBytes=" + maxMessageBytes, null, responseId(), null));
    }

    /** @return {@code error} tied to the request the first bytes show, if they show one with its id and method */
    private ProtocolException tied(ProtocolException error) {
        if (error.requestId() != null) {
            return error;
        }
        MessageIdScanner.Head start = MessageIdScanner.scanHead(head, headLength);
        return start.kind() == MessageIdScanner.Kind.REQUEST && start.id() != null && start.method() != null
                ? error.withRequest(start.id(), start.method()) : error;
    }

    /**
     * What can be told of a message that is over the limit before its end has arrived, for a
     * transport to report at once: a message that never ends (a hostile peer's endless string) then
     * fails its request without waiting for the end. Only the first bytes are trusted here: the last
     * ones, mid-message, could end with the {@code "id"} of a nested object.
     *
     * @return {@code -32600}, {@code "message of more than N bytes exceeds maxMessageBytes=M"}, with
     *         the id the first bytes show; null when the message is not over the limit, or the first
     *         bytes show no response id
     * @since 0.1
     */
    public ProtocolException tooLongSoFar() {
        MessageIdScanner.Head start = MessageIdScanner.scanHead(head, headLength);
        if (!isTooLong() || start.kind() != MessageIdScanner.Kind.RESPONSE || start.id() == null) {
            return null;
        }
        return new ProtocolException(ErrorCodes.INVALID_REQUEST, "message of more than " + maxMessageBytes
                + " bytes exceeds maxMessageBytes=" + maxMessageBytes, null, start.id(), null);
    }

    /**
     * @return {@code -32603}, {@code "message of N bytes could not be read: the Java heap is too
     *         small for it (OutOfMemoryError)"}, with the {@link #responseId()} when there is one, or
     *         tied to the request the first bytes show; never null
     */
    public ProtocolException outOfMemory() {
        return tied(new ProtocolException(ErrorCodes.INTERNAL_ERROR, "message of " + length
                + " bytes could not be read: the Java heap is too small for it (OutOfMemoryError)", null,
                responseId(), null));
    }

    /** Forgets the message, for the next one. */
    public void clear() {
        headLength = 0;
        length = 0;
    }

    @Override
    public String toString() {
        return "DroppedMessage[" + length + " bytes, maxMessageBytes=" + maxMessageBytes + "]";
    }
}
