package dev.jmcp.transport.netty.internal.client;

import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;

/**
 * Finds where each event of a {@code text/event-stream} ends, in bytes that arrive in pieces: at a
 * blank line, whichever of CR LF, LF or CR ends its lines. Only the ends: the event itself is then
 * read, whole, by {@link dev.jmcp.transport.netty.internal.sse.SseReader}. A LF right after a CR belongs
 * to that CR; when it comes after a blank line's CR it is left at the start of the next event,
 * where it reads as an empty line that dispatches nothing.
 */
final class EventBoundaries {
    private boolean lineStart = true;
    private boolean afterCr;

    /** @return the index just past the first event end in {@code bytes[from, to)}, or -1 when none ends there */
    int next(ByteBuf bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            // the run up to the next line break in one call: a blob's data line is megabytes long
            int lineBreak = bytes.forEachByte(i, to - i, ByteProcessor.FIND_CRLF);
            if (lineBreak != i) {
                afterCr = false;
                lineStart = false;
                if (lineBreak < 0) {
                    return -1;
                }
                i = lineBreak;
            }
            byte b = bytes.getByte(i);
            if (b == '\n' && afterCr) {
                afterCr = false;
                continue;
            }
            afterCr = b == '\r';
            if (lineStart) {
                return i + 1;
            }
            lineStart = true;
        }
        return -1;
    }
}
