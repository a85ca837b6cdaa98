package dev.jmcp.schema.internal.json;

import jakarta.json.JsonException;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A JSON pull parser that reads strict UTF-8 straight from bytes, with what JSON-P's parsers lack
 * for MCP: a string value is read only when it is asked for, and can be handed out in pieces
 * ({@link #streamAscii}), so a blob of any size passes through one fixed buffer; the message is
 * stopped at {@code maxMessageBytes}; bytes that are not UTF-8 are reported with their offset; and
 * a string over {@code maxStringLength} is counted, not held.
 *
 * <p>Failures: {@link JsonParsingException} for input that is not JSON, a {@link JsonException}
 * caused by {@link ParserFailures.TooLargeException}, {@link ParserFailures.MalformedException} or
 * the stream's own {@link IOException}, and {@link ParserFailures.StringTooLongException}. Not
 * thread-safe.
 */
public final class Utf8JsonParser implements JsonParser {

    /** Receives the characters of a string value in pieces. */
    @FunctionalInterface
    public interface AsciiSink {
        /** @param bytes ASCII characters, valid only during the call */
        void accept(byte[] bytes, int offset, int length) throws IOException;
    }

    private static final int MAX_BUFFER = 64 * 1024;
    private static final int MIN_BUFFER = 512;
    private static final byte OBJECT = 1;
    private static final byte ARRAY = 2;

    private enum State { TOP, OBJECT_FIRST, MEMBER_VALUE, ARRAY_FIRST, AFTER_VALUE, DONE }

    private final InputStream in;
    private final long maxBytes;
    private final int maxStringLength;
    private final int maxNumberLength;
    /** Grows while the message fills it: a stream's {@code available()} may tell only what it holds now. */
    private byte[] buf;
    private int pos;
    private int limit;
    /** Bytes of the input before {@code buf[0]}. */
    private long before;
    private boolean eof;
    private long line = 1;
    private long lineStart;

    private byte[] stack = new byte[16];
    private int depth;
    private State state = State.TOP;
    private Event current;
    /** The member name, or the string value once it has been read. */
    private String string;
    /** The current string value has not been read yet: {@code pos} is just after its opening quote. */
    private boolean stringPending;
    /** The current number's text; null for an integer held in {@link #integer} until it is asked for. */
    private String numberText;
    private BigDecimal number;
    /** The current number, when it is an integer of at most 18 digits: most numbers in MCP are such (sizes, ids). */
    private boolean isLong;
    private long integer;
    private char[] chars = new char[64];
    /** Takes a member's value when it is written plainly ({@link #nextPlainValue}, {@link #plainMembers}). */
    private final PlainValues plain;
    private final byte[] one = new byte[1];

    /**
     * @param in              the message; never closed by the parser
     * @param maxBytes        the most bytes the message may have
     * @param maxStringLength the most characters a string may have, except one handed out by
     *                        {@link #streamAscii}
     * @param maxNumberLength the most characters a number may have
     */
    public Utf8JsonParser(InputStream in, long maxBytes, int maxStringLength, int maxNumberLength) {
        this.in = in;
        this.maxBytes = maxBytes;
        this.maxStringLength = maxStringLength;
        this.maxNumberLength = maxNumberLength;
        this.plain = new PlainValues(maxStringLength, maxNumberLength);
        this.buf = new byte[bufferSize(in)];
    }

    /** Small messages get a small buffer: the stream says how much it holds, when it knows. */
    private static int bufferSize(InputStream in) {
        try {
            int available = in.available();
            return available <= 0 ? MAX_BUFFER : Math.max(MIN_BUFFER, Math.min(MAX_BUFFER, available + 1));
        } catch (IOException e) {
            return MAX_BUFFER;
        }
    }

    // ---- JsonParser

    @Override
    public boolean hasNext() {
        if (state != State.TOP && state != State.DONE) {
            return true;
        }
        try {
            if (stringPending) {
                skipString();
            }
            return peekNonBlank() >= 0;
        } catch (IOException e) {
            throw new JsonException(e.getMessage(), e);
        }
    }

    @Override
    public Event next() {
        try {
            current = advance();
            return current;
        } catch (IOException e) {
            throw new JsonException(e.getMessage(), e);
        }
    }

    @Override
    public Event currentEvent() {
        return current;
    }

    @Override
    public String getString() {
        if (current == Event.VALUE_NUMBER) {
            if (numberText == null) {
                numberText = Long.toString(integer);
            }
            return numberText;
        }
        if (stringPending) {
            try {
                string = readString(true);
            } catch (IOException e) {
                throw new JsonException(e.getMessage(), e);
            }
            stringPending = false;
        }
        return string;
    }

    /**
     * Takes the next member's name when it is one of {@code names} from the {@code from}th on,
     * written exactly as {@link KnownNames#encoded} ({@code "name":}, without blanks) and already in
     * the buffer: a codec that knows the members of its object, and the order its writer puts them
     * in, reads each name by one comparison instead of a lookup. The parser is then where
     * {@link #next()} would have left it: at {@code KEY_NAME}, past the colon.
     *
     * @return the index of the name taken; {@link JsonInput#OBJECT_ENDED} when the object ends
     *         there instead (its {@code END_OBJECT} taken); -1 when the next event is something else,
     *         or is written otherwise (with blanks, escapes, or across the buffer's end): then
     *         nothing is taken
     */
    int nextKnownName(KnownNames names, int from) {
        if (stringPending || depth == 0 || stack[depth - 1] != OBJECT
                || state != State.AFTER_VALUE && state != State.OBJECT_FIRST) {
            return -1;
        }
        int p = pos;
        if (p < limit && buf[p] == '}') {
            pos = p + 1;
            current = end();
            return JsonInput.OBJECT_ENDED;
        }
        if (state == State.AFTER_VALUE) {
            if (p == limit || buf[p] != ',') {
                return -1;
            }
            p++;
        }
        for (int i = from; i < names.size(); i++) {
            if (names.spelled(i, buf, p, limit)) {
                pos = p + names.encoded(i).length;
                state = State.MEMBER_VALUE;
                current = Event.KEY_NAME;
                string = names.name(i);
                return i;
            }
        }
        return -1;
    }

    /**
     * Takes the next value when it is written plainly as {@code kind} says ({@link PlainValues#find})
     * and wholly in the buffer, as {@link #next()} would: the common case of a member's value, without
     * an event in between.
     *
     * @return the value, a String, a Long or a Boolean; null when the next value is something else,
     *         or written otherwise: then nothing is taken
     */
    Object nextPlainValue(byte kind) {
        return state == State.MEMBER_VALUE && took(plain.find(kind, buf, pos, limit)) ? plain.taken() : null;
    }

    /**
     * Takes the members of the object just begun while each is one of {@code names}, in their order
     * (any left out), written as {@link KnownNames#encoded} with a value of the kind {@code kinds}
     * gives it that {@link #nextPlainValue} would take; and the object's end
     * after them. A listing's entries are such objects: one call for each instead of two per
     * member. It stops before the first member it cannot take, where the events (or
     * {@link #nextKnownName}) go on.
     *
     * @param values where the value of the {@code i}th name goes
     * @return the index after the last name taken, 0 when none was (nothing is then taken), as the
     *         {@code from} of the next {@link #nextKnownName}: the parser is where
     *         {@link #next()} would have left it after that member's value; or
     *         {@link JsonInput#OBJECT_ENDED} when the object's end was taken too
     */
    int plainMembers(KnownNames names, byte[] kinds, Object[] values) {
        if (state != State.OBJECT_FIRST || stringPending) {
            return 0;
        }
        byte[] b = buf;
        int end = limit;
        int p = pos;
        int count = names.size();
        int next = 0;
        int last = -1; // where the value last taken ends
        for (;;) {
            int i = next;
            while (i < count && !names.spelled(i, b, p, end)) {
                i++;
            }
            if (i == count) {
                break;
            }
            int valueAt = p + names.encoded(i).length;
            int after = plain.find(kinds[i], b, valueAt, end);
            if (after < 0) {
                break;
            }
            values[i] = plain.taken();
            next = i + 1;
            last = after;
            if (after < end && b[after] == '}') {
                pos = after + 1;
                current = end();
                return JsonInput.OBJECT_ENDED;
            }
            if (after == end || b[after] != ',') {
                break;
            }
            p = after + 1;
        }
        if (last >= 0) {
            took(last);
        }
        return next;
    }

    /**
     * Leaves the parser as {@link #next()} would after the member's value that {@link #plain} found
     * last, which ends at {@code after}.
     *
     * @return false when {@code after} is negative: nothing was taken
     */
    private boolean took(int after) {
        if (after < 0) {
            return false;
        }
        pos = after;
        afterValue();
        Object value = plain.taken();
        if (value instanceof String text) {
            current = Event.VALUE_STRING;
            string = text;
            stringPending = false;
        } else if (value instanceof Long whole) {
            current = Event.VALUE_NUMBER;
            isLong = true;
            integer = whole;
            number = null;
            numberText = null;
        } else {
            current = (Boolean) value ? Event.VALUE_TRUE : Event.VALUE_FALSE;
        }
        return true;
    }

    /**
     * Reads the current string, if it is not read yet, as {@link #getString()} then gives it, but a
     * short one of plain ASCII from the table that member names come from ({@link MemberNames}):
     * for values that repeat in every element of a listing, such as a MIME type, which would
     * otherwise be a new String each time.
     */
    void shareString() {
        if (current == Event.VALUE_STRING && stringPending) {
            try {
                string = readName();
            } catch (IOException e) {
                throw new JsonException(e.getMessage(), e);
            }
            stringPending = false;
        }
    }

    @Override
    public boolean isIntegralNumber() {
        return getBigDecimal().scale() == 0;
    }

    @Override
    public int getInt() {
        return getBigDecimal().intValue();
    }

    @Override
    public long getLong() {
        return getBigDecimal().longValue();
    }

    @Override
    public BigDecimal getBigDecimal() {
        if (number == null) {
            number = isLong ? BigDecimal.valueOf(integer) : new BigDecimal(numberText);
        }
        return number;
    }

    /** @return whether the current number is an integer that {@link #longValue()} holds exactly */
    boolean isLong() {
        return current == Event.VALUE_NUMBER && isLong;
    }

    /** @return the current number, when {@link #isLong()} */
    long longValue() {
        return integer;
    }

    @Override
    public JsonLocation getLocation() {
        long offset = before + pos;
        long column = offset - lineStart + 1;
        long lineNumber = line;
        return new JsonLocation() {
            @Override
            public long getLineNumber() {
                return lineNumber;
            }

            @Override
            public long getColumnNumber() {
                return column;
            }

            @Override
            public long getStreamOffset() {
                return offset;
            }
        };
    }

    /** Leaves the input open: it belongs to the caller. */
    @Override
    public void close() {
    }

    /**
     * Hands the current string value to {@code sink} in pieces, straight out of the read buffer,
     * without holding it; escapes are resolved. For values that must be ASCII, such as base64.
     *
     * @throws ParserFailures.NotAsciiException at the first character that is not ASCII
     */
    public void streamAscii(AsciiSink sink) throws IOException {
        if (!stringPending) {
            streamAscii(getString(), sink, before + pos);
            return;
        }
        stringPending = false;
        for (;;) {
            if (pos == limit && !fill()) {
                throw parsing("the input ends inside a string");
            }
            byte[] b = buf;
            int start = pos;
            int end = limit;
            int i = start + plainRun();
            if (i > start) {
                sink.accept(b, start, i - start);
            }
            pos = i;
            if (i == end) {
                continue;
            }
            byte x = b[i];
            if (x == '"') {
                pos++;
                string = null;
                return;
            }
            long at = before + pos;
            if (x == '\\') {
                pos++;
                int c = escape();
                if (c > 0x7F) {
                    throw new ParserFailures.NotAsciiException(at);
                }
                one[0] = (byte) c;
                sink.accept(one, 0, 1);
            } else if (x < 0) {
                throw new ParserFailures.NotAsciiException(at);
            } else {
                throw controlCharacter(x);
            }
        }
    }

    /**
     * Hands a string already held to {@code sink} as ASCII: a value read before, or one from a tree.
     *
     * @param offset where the value is in the input, for the error; -1 when not known
     * @throws ParserFailures.NotAsciiException when a character is not ASCII
     */
    static void streamAscii(String value, AsciiSink sink, long offset) throws IOException {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) > 0x7F) {
                throw new ParserFailures.NotAsciiException(offset);
            }
        }
        byte[] bytes = value.getBytes(StandardCharsets.ISO_8859_1);
        sink.accept(bytes, 0, bytes.length);
    }

    // ---- the grammar

    private Event advance() throws IOException {
        if (stringPending) {
            skipString();
        }
        int c = peekNonBlank();
        switch (state) {
            case OBJECT_FIRST:
                if (c == '}') {
                    pos++;
                    return end();
                }
                return member(c);
            case ARRAY_FIRST:
                if (c == ']') {
                    pos++;
                    return end();
                }
                return value(c);
            case AFTER_VALUE: {
                boolean inObject = stack[depth - 1] == OBJECT;
                if (c == ',') {
                    pos++;
                    int d = peekNonBlank();
                    return inObject ? member(d) : value(d);
                }
                if (c == (inObject ? '}' : ']')) {
                    pos++;
                    return end();
                }
                throw unexpected(c, inObject ? "',' or '}'" : "',' or ']'");
            }
            default: // TOP, MEMBER_VALUE, and DONE, where a second value is the caller's to refuse
                return value(c);
        }
    }

    private Event member(int c) throws IOException {
        if (c != '"') {
            throw unexpected(c, "a member name");
        }
        pos++;
        string = readName();
        int colon = peekNonBlank();
        if (colon != ':') {
            throw unexpected(colon, "':'");
        }
        pos++;
        state = State.MEMBER_VALUE;
        return Event.KEY_NAME;
    }

    private Event value(int c) throws IOException {
        switch (c) {
            case '{':
                pos++;
                push(OBJECT);
                state = State.OBJECT_FIRST;
                return Event.START_OBJECT;
            case '[':
                pos++;
                push(ARRAY);
                state = State.ARRAY_FIRST;
                return Event.START_ARRAY;
            case '"':
                pos++;
                stringPending = true;
                string = null;
                afterValue();
                return Event.VALUE_STRING;
            case 't':
                literal("true");
                afterValue();
                return Event.VALUE_TRUE;
            case 'f':
                literal("false");
                afterValue();
                return Event.VALUE_FALSE;
            case 'n':
                literal("null");
                afterValue();
                return Event.VALUE_NULL;
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    number();
                    afterValue();
                    return Event.VALUE_NUMBER;
                }
                throw unexpected(c, "a value");
        }
    }

    private Event end() {
        byte kind = stack[--depth];
        afterValue();
        return kind == OBJECT ? Event.END_OBJECT : Event.END_ARRAY;
    }

    private void afterValue() {
        state = depth == 0 ? State.DONE : State.AFTER_VALUE;
    }

    private void push(byte kind) {
        if (depth == stack.length) {
            stack = Arrays.copyOf(stack, depth * 2);
        }
        stack[depth++] = kind;
    }

    private void literal(String word) throws IOException {
        for (int i = 0; i < word.length(); i++) {
            int b = peek();
            if (b != word.charAt(i)) {
                throw unexpected(b, "'" + word + "'");
            }
            pos++;
        }
    }

    private void number() throws IOException {
        int n = 0;
        for (int b = peek(); b >= 0 && (b >= '0' && b <= '9' || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E');
                b = peek()) {
            if (n == maxNumberLength) {
                throw parsing("a number of more than maxNumberLength=" + maxNumberLength + " characters");
            }
            n = put(n, (char) b);
            pos++;
        }
        number = null;
        isLong = integer(n);
        if (isLong) {
            numberText = null;
            return;
        }
        String text = new String(chars, 0, n);
        if (!JsonNumbers.valid(text)) {
            throw parsing("'" + text + "' is not a JSON number");
        }
        numberText = text;
        if (text.indexOf('e') >= 0 || text.indexOf('E') >= 0) {
            // BigDecimal holds a scale of 32 bits only: parse now, so a bigger exponent is a parse
            // error here rather than a NumberFormatException wherever the number is read
            try {
                number = new BigDecimal(text);
            } catch (NumberFormatException e) {
                throw parsing("the exponent of '" + text + "' is out of range");
            }
        }
    }

    /**
     * Reads the {@code n} characters of a number as a long when they are a JSON integer of 1 to 18
     * digits (so it cannot overflow), other than {@code -0}, whose text a long would not keep.
     *
     * @return whether they were; the value is then in {@link #integer}
     */
    private boolean integer(int n) {
        char[] c = chars;
        int i = n > 0 && c[0] == '-' ? 1 : 0;
        int digits = n - i;
        if (digits < 1 || digits > 18 || (c[i] == '0' && (digits > 1 || i == 1))) {
            return false;
        }
        long value = 0;
        for (; i < n; i++) {
            int d = c[i] - '0';
            if (d < 0 || d > 9) {
                return false;
            }
            value = value * 10 + d;
        }
        integer = c[0] == '-' ? -value : value;
        return true;
    }

    // ---- strings

    private void skipString() throws IOException {
        stringPending = false;
        readString(false);
    }

    /** Reads a member name from just after its opening quote; a short plain one comes from {@link MemberNames}. */
    private String readName() throws IOException {
        int start = pos;
        int end = Math.min(limit, start + MemberNames.MAX_LENGTH + 1);
        int hash = 0;
        for (int i = start; i < end; i++) {
            byte b = buf[i];
            if (b == '"') {
                pos = i + 1;
                return MemberNames.name(buf, start, i - start, hash);
            }
            if (b == '\\' || b < 0x20) {
                break;
            }
            hash = MemberNames.hash(hash, b);
        }
        return readString(true);
    }

    /** Reads a string from just after its opening quote. @return it, or null when not {@code keep} */
    private String readString(boolean keep) throws IOException {
        int i = pos;
        for (;;) {
            for (; i < limit; i++) {
                byte b = buf[i];
                if (b == '"') {
                    int start = pos;
                    pos = i + 1;
                    // the common case: ASCII without escapes, inside the buffer
                    return keep ? new String(buf, start, i - start, StandardCharsets.ISO_8859_1) : null;
                }
                if (b == '\\' || b < 0x20) {
                    return readStringSlowly(keep);
                }
            }
            // the buffer ends inside the string: a stream that hands out small pieces (an event
            // stream's lines) ends it often, so a short string is moved to the front and the rest
            // read after it, rather than taken a character at a time
            int scanned = i - pos;
            if (!keep || scanned > buf.length / 2 || !compactAndRead()) {
                return readStringSlowly(keep);
            }
            i = scanned; // the string now starts at 0
        }
    }

    /**
     * Moves the bytes from {@code pos} on to the front of the buffer and reads more after them; the
     * input must hold more, since the current token has not ended.
     *
     * @return false at the end of the input (nothing moved)
     */
    private boolean compactAndRead() throws IOException {
        if (eof) {
            return false;
        }
        int kept = limit - pos;
        System.arraycopy(buf, pos, buf, 0, kept);
        before += pos;
        pos = 0;
        limit = kept;
        return readInto(kept);
    }

    private String readStringSlowly(boolean keep) throws IOException {
        long length = 0;
        int n = 0;
        for (;;) {
            // a run of plain bytes is taken in bulk: most text is one long run between escapes
            int run = plainRun();
            if (run > 0) {
                length += run;
                if (keep && length <= maxStringLength) {
                    n = putAscii(n, run);
                }
                pos += run;
                continue;
            }
            int b = next("the input ends inside a string");
            int c;
            if (b == '"') {
                break;
            } else if (b == '\\') {
                c = escape();
            } else if (b >= 0x80) {
                c = utf8(b);
            } else if (b < 0x20) {
                throw controlCharacter(b);
            } else {
                c = b;
            }
            int units = Character.charCount(c);
            length += units;
            if (keep && length <= maxStringLength) {
                if (units == 2) {
                    n = put(n, Character.highSurrogate(c));
                    n = put(n, Character.lowSurrogate(c));
                } else {
                    n = put(n, (char) c);
                }
            }
        }
        if (keep && length > maxStringLength) {
            throw new ParserFailures.StringTooLongException(length);
        }
        return keep ? new String(chars, 0, n) : null;
    }

    /** @return how many plain bytes (ASCII, not {@code "}, a backslash or a control character) start at {@code pos} */
    private int plainRun() {
        byte[] b = buf;
        int end = limit;
        int i = PlainRuns.skipWords(b, pos, end);
        while (i < end) {
            byte x = b[i];
            if (x == '"' || x == '\\' || x < 0x20) {
                break;
            }
            i++;
        }
        return i - pos;
    }

    private int putAscii(int n, int count) {
        if (n + count > chars.length) {
            chars = Arrays.copyOf(chars, Math.max(n + count, n * 2));
        }
        byte[] b = buf;
        char[] c = chars;
        for (int i = 0, from = pos; i < count; i++) {
            c[n + i] = (char) b[from + i];
        }
        return n + count;
    }

    private int put(int n, char c) {
        if (n == chars.length) {
            chars = Arrays.copyOf(chars, n * 2);
        }
        chars[n] = c;
        return n + 1;
    }

    /** Reads an escape from just after its backslash. @return the character it stands for */
    private int escape() throws IOException {
        int b = next("the input ends inside a string");
        switch (b) {
            case '"': return '"';
            case '\\': return '\\';
            case '/': return '/';
            case 'b': return '\b';
            case 'f': return '\f';
            case 'n': return '\n';
            case 'r': return '\r';
            case 't': return '\t';
            case 'u': {
                int c = 0;
                for (int i = 0; i < 4; i++) {
                    int h = Character.digit(next("the input ends inside a string"), 16);
                    if (h < 0) {
                        throw parsing("a \\u escape needs four hex digits");
                    }
                    c = c << 4 | h;
                }
                return c;
            }
            default:
                throw parsing("'\\" + (char) b + "' is not a JSON escape");
        }
    }

    /** Decodes a multi-byte UTF-8 sequence whose first byte was just read. @return the code point */
    private int utf8(int first) throws IOException {
        long offset = before + pos - 1;
        int needed = first >= 0xF0 ? 3 : first >= 0xE0 ? 2 : first >= 0xC0 ? 1 : -1;
        if (needed < 0 || first > 0xF4 || (first & 0xFE) == 0xC0) {
            throw new ParserFailures.MalformedException(offset);
        }
        int cp = first & (0x3F >> needed);
        for (int i = 0; i < needed; i++) {
            int b = peek();
            if (b < 0 || (b & 0xC0) != 0x80) {
                throw new ParserFailures.MalformedException(offset);
            }
            pos++;
            cp = cp << 6 | (b & 0x3F);
        }
        if (needed == 2 && (cp < 0x800 || cp >= 0xD800 && cp <= 0xDFFF) || needed == 3 && (cp < 0x10000 || cp > 0x10FFFF)) {
            throw new ParserFailures.MalformedException(offset);
        }
        return cp;
    }

    // ---- bytes

    /** @return the next byte without taking it, or -1 at the end of the input */
    private int peek() throws IOException {
        if (pos == limit && !fill()) {
            return -1;
        }
        return buf[pos] & 0xFF;
    }

    /** @return the next byte, taken; fails at the end of the input with {@code atEnd} */
    private int next(String atEnd) throws IOException {
        if (pos == limit && !fill()) {
            throw parsing(atEnd);
        }
        return buf[pos++] & 0xFF;
    }

    /** Skips JSON whitespace, counting lines. @return the next byte, not taken, or -1 at the end */
    private int peekNonBlank() throws IOException {
        for (;;) {
            if (pos == limit && !fill()) {
                return -1;
            }
            int b = buf[pos];
            if (b == ' ' || b == '\t' || b == '\r') {
                pos++;
            } else if (b == '\n') {
                pos++;
                line++;
                lineStart = before + pos;
            } else {
                return b & 0xFF;
            }
        }
    }

    /** Reads the next bytes into the empty buffer. @return false at the end of the input */
    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        if (limit == buf.length && buf.length < MAX_BUFFER) {
            // the message is longer than the stream said: a small buffer would make every string
            // that crosses its end take the slow path, and every few hundred bytes a read
            buf = new byte[Math.min(MAX_BUFFER, buf.length * 4)];
        }
        before += limit;
        pos = 0;
        limit = 0;
        return readInto(0);
    }

    /** Reads the next bytes into the buffer from {@code from}, its limit. @return false at the end of the input */
    private boolean readInto(int from) throws IOException {
        int n;
        do {
            n = in.read(buf, from, buf.length - from);
        } while (n == 0);
        if (n < 0) {
            eof = true;
            return false;
        }
        limit = from + n;
        if (before + limit > maxBytes) {
            throw new ParserFailures.TooLargeException(maxBytes);
        }
        return true;
    }

    // ---- errors

    private JsonParsingException parsing(String message) {
        return new JsonParsingException(message, getLocation());
    }

    private JsonParsingException controlCharacter(int b) {
        return parsing(String.format("control character U+%04X inside a string; it must be escaped", b));
    }

    /** @return the error for byte {@code c} (not taken) where {@code expected} belongs */
    private RuntimeException unexpected(int c, String expected) throws IOException {
        if (c < 0) {
            return parsing("the input ends where " + expected + " belongs");
        }
        if (c >= 0x80) {
            pos++;
            int cp = utf8(c); // throws for bytes that are not UTF-8 at all
            return parsing("unexpected character '" + Character.toString(cp) + "' where " + expected + " belongs");
        }
        if (c < 0x20 || c == 0x7F) {
            return parsing(String.format("unexpected character U+%04X where %s belongs", c, expected));
        }
        return parsing("unexpected character '" + (char) c + "' where " + expected + " belongs");
    }
}
