package dev.jmcp.transport.netty.internal.sse;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Reads a {@code text/event-stream} as the WHATWG spec describes, without holding an event's data
 * whole: the data is handed to the caller as a stream that ends with the event's data lines (joined
 * by {@code \n}), so a message of many megabytes goes straight into the codec. Fields before the
 * first {@code data} line ({@code id}, {@code event}) are known when the data is handed over. Not
 * thread-safe. When the stream ends inside an event's data, reading that data fails with an
 * {@link EOFException}, so that a cut-off message is never taken for a whole one.
 */
public final class SseReader {
    /** The longest value of a field other than {@code data}. */
    static final int MAX_FIELD_BYTES = 64 * 1024;
    private static final int MAX_BUFFER_BYTES = 64 * 1024;
    private static final byte[] DATA = "data:".getBytes(StandardCharsets.US_ASCII);

    private final InputStream in;
    private final byte[] buffer;
    private int position;
    private int limit;
    private String lastEventId;
    private Long retryMillis;

    /** Receives events. */
    @FunctionalInterface
    public interface Handler {
        /**
         * @param event the event type; {@code "message"} when the event named none
         * @param data  the event's data; reading it to its end is optional
         */
        void onEvent(String event, InputStream data) throws IOException;
    }

    /** @param in the stream's bytes; never null */
    public SseReader(InputStream in) {
        this(in, MAX_BUFFER_BYTES);
    }

    /**
     * @param in          the stream's bytes; never null
     * @param bufferBytes how many bytes to read ahead: for a stream already whole in memory (one
     *                    event the client has split off), its length, so that a small event costs
     *                    no 64 KiB buffer; never more than 64 KiB, since a data stream's
     *                    {@code available()} looks through what is buffered
     */
    public SseReader(InputStream in, int bufferBytes) {
        this.in = Objects.requireNonNull(in, "in");
        this.buffer = new byte[Math.min(Math.max(bufferBytes, DATA.length), MAX_BUFFER_BYTES)];
    }

    /** @return the id of the last event dispatched (the value for {@code Last-Event-ID}); null before any */
    public String lastEventId() {
        return lastEventId;
    }

    /** @return the last {@code retry} the server asked for, in milliseconds; null when none */
    public Long retryMillis() {
        return retryMillis;
    }

    /**
     * Reads up to the end of the next event with data and hands its data to {@code handler}.
     *
     * @return false when the stream ended (an unfinished event is dropped)
     */
    public boolean next(Handler handler) throws IOException {
        String event = null;
        String id = null;
        boolean data = false;
        while (true) {
            int b = read();
            if (b < 0) {
                return false;
            }
            if (b == '\n' || b == '\r') {
                endOfLine(b);
                if (id != null) {
                    lastEventId = id;
                }
                if (data) {
                    return true;
                }
                event = null;
                id = null;
                continue;
            }
            position--;
            String name = fieldName();
            if (name.isEmpty()) {
                skipLine(); // a comment
                continue;
            }
            if (name.equals("data")) {
                data = true;
                DataStream stream = new DataStream();
                handler.onEvent(event == null || event.isEmpty() ? "message" : event, stream);
                stream.drain();
                continue;
            }
            String value = lineValue();
            switch (name) {
                case "event" -> event = value;
                case "id" -> {
                    if (value.indexOf('\0') < 0) {
                        id = value;
                    }
                }
                case "retry" -> {
                    if (!value.isEmpty() && value.chars().allMatch(Character::isDigit) && value.length() < 12) {
                        retryMillis = Long.parseLong(value);
                    }
                }
                default -> {
                    // unknown fields are ignored
                }
            }
        }
    }

    /** @return the field name, the colon and one following space consumed; "" for a comment line */
    private String fieldName() throws IOException {
        ByteArrayOutputStream name = new ByteArrayOutputStream();
        while (true) {
            int b = read();
            if (b < 0 || b == '\n' || b == '\r') {
                if (b >= 0) {
                    position--;
                }
                return name.size() == 0 ? "" : name.toString(StandardCharsets.UTF_8); // a field without value
            }
            if (b == ':') {
                if (name.size() == 0) {
                    return "";
                }
                if (peek() == ' ') {
                    position++;
                }
                return name.toString(StandardCharsets.UTF_8);
            }
            if (name.size() > MAX_FIELD_BYTES) {
                throw new IOException("an SSE field name is longer than " + MAX_FIELD_BYTES + " bytes");
            }
            name.write(b);
        }
    }

    private String lineValue() throws IOException {
        ByteArrayOutputStream value = new ByteArrayOutputStream();
        while (true) {
            int b = read();
            if (b < 0) {
                return value.toString(StandardCharsets.UTF_8);
            }
            if (b == '\n' || b == '\r') {
                endOfLine(b);
                return value.toString(StandardCharsets.UTF_8);
            }
            if (value.size() >= MAX_FIELD_BYTES) {
                throw new IOException("an SSE field is longer than " + MAX_FIELD_BYTES + " bytes");
            }
            value.write(b);
        }
    }

    private void skipLine() throws IOException {
        while (true) {
            int b = read();
            if (b < 0) {
                return;
            }
            if (b == '\n' || b == '\r') {
                endOfLine(b);
                return;
            }
        }
    }

    private void endOfLine(int b) throws IOException {
        if (b == '\r') {
            if (peek() == '\n') {
                position++;
            }
        }
    }

    /**
     * @return true when the next line is a {@code data} field, whose name it then consumes. Reads
     *         ahead no further than the line needs: a blank line (the end of the event) is known
     *         from its first byte, so the reader never waits for bytes the server has not sent.
     */
    private boolean nextLineIsData() throws IOException {
        int first = peek();
        if (first < 0 || first == '\n' || first == '\r') {
            return false;
        }
        // any other line is at least a field name and a line break, so DATA.length bytes will come
        if (!ensure(DATA.length)) {
            return false;
        }
        for (int i = 0; i < DATA.length; i++) {
            if (buffer[position + i] != DATA[i]) {
                return false;
            }
        }
        position += DATA.length;
        if (peek() == ' ') {
            position++;
        }
        return true;
    }

    private int read() throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        return buffer[position++] & 0xFF;
    }

    /** @return the next byte without consuming it; -1 at the end */
    private int peek() throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        return buffer[position] & 0xFF;
    }

    /** Reads more after what is buffered. @return false at the end of the stream */
    private boolean fill() throws IOException {
        if (position == limit) {
            position = 0;
            limit = 0;
        }
        int n = in.read(buffer, limit, buffer.length - limit);
        if (n <= 0) {
            return false;
        }
        limit += n;
        return true;
    }

    /** Buffers at least {@code count} bytes unless the stream ends first. @return whether it could */
    private boolean ensure(int count) throws IOException {
        if (limit - position >= count) {
            return true;
        }
        System.arraycopy(buffer, position, buffer, 0, limit - position);
        limit -= position;
        position = 0;
        while (limit < count) {
            if (!fill()) {
                return false;
            }
        }
        return true;
    }

    /** The data of one event: the value of its first data line and of each data line right after it. */
    private final class DataStream extends InputStream {
        private boolean ended;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] target, int offset, int length) throws IOException {
            if (ended) {
                return -1;
            }
            if (length == 0) {
                return 0;
            }
            if (position == limit && !fill()) {
                ended = true;
                // the data so far may look complete, but the event never ended: it must not be used
                throw new EOFException("the event stream ended inside an event");
            }
            // copy the run up to the next line break in one go: a blob's data line is megabytes long
            int end = Math.min(limit, position + length);
            int i = position;
            while (i < end && buffer[i] != '\n' && buffer[i] != '\r') {
                i++;
            }
            int n = i - position;
            if (n > 0) {
                System.arraycopy(buffer, position, target, offset, n);
                position = i;
                return n;
            }
            byte b = buffer[position];
            position++;
            endOfLine(b);
            if (nextLineIsData()) {
                target[offset] = '\n';
                return 1;
            }
            ended = true;
            return -1;
        }

        /**
         * @return the bytes of this line already buffered when its end is buffered too, else 0: a
         *         reader sizes its own buffer by it, small for a small message
         */
        @Override
        public int available() {
            if (ended) {
                return 0;
            }
            for (int i = position; i < limit; i++) {
                if (buffer[i] == '\n' || buffer[i] == '\r') {
                    return i - position;
                }
            }
            return 0;
        }

        void drain() throws IOException {
            if (ended) {
                return; // read to its end already, as nearly every message is: no buffer to skip with
            }
            byte[] skip = new byte[4096];
            while (read(skip, 0, skip.length) >= 0) {
                // skip the rest of the data
            }
        }
    }
}
