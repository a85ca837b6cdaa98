package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Blob;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParser.Event;
import jakarta.json.stream.JsonParsingException;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The event stream of one message, with what jmcp adds to jakarta.json's parser: the limits of
 * {@link CodecLimits}, the path of the current value for error messages ({@code params.contents[0].uri}),
 * and JSON-RPC error codes for every failure.
 */
public final class JsonInput {
    private final JsonParser parser;
    private final CodecLimits limits;
    private final BlobSink blobs;
    /** The blobs of this message so far, released if the message turns out unreadable. */
    private List<BlobSink.Target> blobTargets;
    private Event current;
    private int depth;
    /** Path segments: a String for an object member, an int[1] counter for an array element. */
    private Object[] path = new Object[16];
    private int pathLength;
    /** The code for a value that is well-formed JSON but breaks a rule: -32602 inside params. */
    private int ruleCode = ErrorCodes.INVALID_REQUEST;

    public JsonInput(JsonParser parser, CodecLimits limits, BlobSink blobs) {
        this.parser = parser;
        this.limits = limits;
        this.blobs = blobs;
    }

    /** @return an input over {@code in}, a whole message, read by jmcp's own parser */
    public static JsonInput of(java.io.InputStream in, CodecLimits limits, BlobSink blobs) {
        return new JsonInput(new Utf8JsonParser(in, limits.maxMessageBytes(), limits.maxStringLength(),
                limits.maxNumberLength()), limits, blobs);
    }

    /**
     * Reads a value that was held as a tree (a member that arrived before the one that gives its
     * type) with the same limits and rules as the wire, its path starting at {@code where}.
     *
     * @return the input, positioned on the tree's first event
     */
    public static JsonInput ofTree(JsonValue tree, JsonInput wire, String where, int ruleCode) {
        JsonInput in = new JsonInput(JsonP.PARSERS.createParser((JsonObject) tree), wire.limits, wire.blobs);
        in.blobTargets = wire.targets();
        in.enter(where);
        in.ruleCode(ruleCode);
        in.next();
        return in;
    }

    /** @return the event after the current one */
    public Event next() {
        Event event;
        try {
            if (!parser.hasNext()) {
                throw malformed("the JSON ends early", null);
            }
            event = parser.next();
        } catch (RuntimeException e) {
            throw failure(e);
        }
        current = event;
        if (event == Event.START_OBJECT || event == Event.START_ARRAY) {
            if (++depth > limits.maxDepth()) {
                throw new ProtocolException(ErrorCodes.INVALID_REQUEST, "nesting depth " + depth + " at "
                        + where() + " exceeds maxDepth=" + limits.maxDepth());
            }
        } else if (event == Event.END_OBJECT || event == Event.END_ARRAY) {
            depth--;
        }
        return event;
    }

    /**
     * Moves to the next member's name when it is one of {@code names} from the {@code from}th on,
     * written as {@link JsonOutput#encodedName} writes it: as {@link #next()} would, for a record
     * codec that knows its members' usual order. Only jmcp's own parser can; it takes a name
     * that is written as expected, and leaves anything else to {@link #next()}.
     *
     * @return the index of the name, now the current {@code KEY_NAME}; {@link #OBJECT_ENDED} when the
     *         object ended; -1 when nothing was taken
     */
    int nextKnownName(KnownNames names, int from) {
        if (parser instanceof Utf8JsonParser own) {
            int index = own.nextKnownName(names, from);
            if (index >= 0) {
                current = Event.KEY_NAME;
            } else if (index == OBJECT_ENDED) {
                current = Event.END_OBJECT;
                depth--;
            }
            return index;
        }
        return -1;
    }

    /** What {@link #nextKnownName} returns when the object ended instead: its {@code END_OBJECT} is now current. */
    static final int OBJECT_ENDED = -2;

    /**
     * Takes the members of the object just begun while each is written as jmcp writes a flat
     * record's, and its end after them ({@link Utf8JsonParser#plainMembers}): a listing's entry in
     * one call. Only jmcp's own parser can; anything else is left to {@link #nextKnownName} and
     * {@link #next()}.
     *
     * @param kinds  per name, how its value may be written plainly ({@link PlainValues#STRING} and the
     *               others), 0 for never
     * @param values per name, its value
     * @return the index after the last name taken, as the {@code from} of the next
     *         {@link #nextKnownName}; 0 when none was; {@link #OBJECT_ENDED} when the object's end was
     *         taken too, its {@code END_OBJECT} now current
     */
    int plainMembers(KnownNames names, byte[] kinds, Object[] values) {
        if (parser instanceof Utf8JsonParser own) {
            int next = own.plainMembers(names, kinds, values);
            if (next == OBJECT_ENDED) {
                current = Event.END_OBJECT;
                depth--;
            } else if (next > 0) {
                current = own.currentEvent();
            }
            return next;
        }
        return 0;
    }

    /**
     * Moves to the next value when it is written plainly as {@code kind} says, inside the parser's
     * buffer, as {@link #next()} then {@link #string()}, {@link #integer()} or {@link #bool()} would;
     * for a record codec reading a member whose value nearly always is. Anything else, a string
     * over {@code maxStringLength} too, is left to {@link #next()}.
     *
     * @param kind how the value may be written ({@link PlainValues#STRING} and the others); 0 for never
     * @return the value (a String, a Long or a Boolean), now the current event; null when nothing was taken
     */
    Object nextPlainValue(byte kind) {
        if (parser instanceof Utf8JsonParser own) {
            Object value = own.nextPlainValue(kind);
            if (value != null) {
                current = own.currentEvent();
            }
            return value;
        }
        return null;
    }

    /** @return the current event */
    public Event current() {
        return current;
    }

    /** @return true when the input has more JSON after the value just read */
    public boolean hasMore() {
        try {
            return parser.hasNext();
        } catch (RuntimeException e) {
            throw failure(e);
        }
    }

    /** @return the current member name or string value, checked against {@code maxStringLength} */
    public String text() {
        String text;
        try {
            text = parser.getString();
        } catch (RuntimeException e) {
            throw failure(e);
        }
        if (text.length() > limits.maxStringLength()) {
            throw stringTooLong(text.length());
        }
        return text;
    }

    /** Maps what the parser throws to the JSON-RPC error for it; anything else is rethrown. */
    private ProtocolException failure(RuntimeException e) {
        if (e instanceof ParserFailures.StringTooLongException tooLong) {
            return stringTooLong(tooLong.length());
        }
        if (e instanceof JsonParsingException parsing) {
            return malformed(parsing.getMessage(), parsing);
        }
        if (e instanceof JsonException input) {
            return inputFailure(input);
        }
        throw e;
    }

    private ProtocolException stringTooLong(long length) {
        return new ProtocolException(ErrorCodes.INVALID_REQUEST, "string of " + length + " characters at "
                + where() + " exceeds maxStringLength=" + limits.maxStringLength());
    }

    /**
     * Reads the current string value as base64 into a target of the codec's {@link BlobSink},
     * decoding it as it is read: the text is never held.
     */
    public Blob blob() {
        expect(Event.VALUE_STRING, "a string");
        BlobSink.Target target;
        try {
            target = blobs.open();
        } catch (IOException e) {
            throw new ProtocolException(ErrorCodes.INTERNAL_ERROR, where() + ": the blob could not be stored: "
                    + e.getMessage(), null, null, e);
        }
        targets().add(target);
        Base64Decoding decoding = new Base64Decoding(target);
        try {
            if (parser instanceof Utf8JsonParser own) {
                own.streamAscii(decoding);
            } else {
                Utf8JsonParser.streamAscii(text(), decoding, -1);
            }
            decoding.finish();
            return target.finish();
        } catch (ParserFailures.NotAsciiException | IllegalArgumentException e) {
            throw rule("not base64: " + e.getMessage());
        } catch (JsonException e) {
            throw failure(e);
        } catch (IOException e) {
            throw new ProtocolException(ErrorCodes.INTERNAL_ERROR, where() + ": the blob could not be stored: "
                    + e.getMessage(), null, null, e);
        }
    }

    private List<BlobSink.Target> targets() {
        if (blobTargets == null) {
            blobTargets = new ArrayList<>(1);
        }
        return blobTargets;
    }

    /** Releases the blobs read so far: the message they belong to could not be read. */
    public void abandonBlobs() {
        if (blobTargets != null) {
            blobTargets.forEach(BlobSink.Target::abort);
            blobTargets.clear();
        }
    }

    /** @return the current string value; fails unless the current event is a string */
    public String string() {
        expect(Event.VALUE_STRING, "a string");
        return text();
    }

    /**
     * @return the current string value, as {@link #string()}; a short plain one may be an instance
     *         shared with earlier reads: for values that repeat, such as MIME types
     */
    public String sharedString() {
        expect(Event.VALUE_STRING, "a string");
        if (parser instanceof Utf8JsonParser own) {
            try {
                own.shareString();
            } catch (RuntimeException e) {
                throw failure(e);
            }
        }
        return text();
    }

    /** @return the current number as an exact long; fails for fractions and out-of-range values */
    public long integer() {
        expect(Event.VALUE_NUMBER, "an integer");
        if (parser instanceof Utf8JsonParser own && own.isLong()) {
            return own.longValue();
        }
        BigDecimal value = parser.getBigDecimal();
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw rule("expected an integer, was " + value);
        }
    }

    /** @return the current number */
    public double number() {
        expect(Event.VALUE_NUMBER, "a number");
        return parser.getBigDecimal().doubleValue();
    }

    /** @return the current boolean */
    public boolean bool() {
        if (current != Event.VALUE_TRUE && current != Event.VALUE_FALSE) {
            throw mismatch("a boolean");
        }
        return current == Event.VALUE_TRUE;
    }

    /** @return the current number's decimal form, for numbers kept in JSON-P trees */
    BigDecimal decimal() {
        return parser.getBigDecimal();
    }

    /** Fails unless the current event is {@code event}. */
    public void expect(Event event, String what) {
        if (current != event) {
            throw mismatch(what);
        }
    }

    /** Skips the current value, whole containers included, keeping the depth count right. */
    public void skipValue() {
        if (current == Event.START_OBJECT || current == Event.START_ARRAY) {
            int target = depth - 1;
            while (depth > target) {
                next();
            }
        }
    }

    /** Reads the current value as a JSON-P tree, under the same limits. */
    public JsonValue tree() {
        switch (current) {
            case START_OBJECT:
                return objectTree();
            case START_ARRAY: {
                JsonArrayBuilder array = JsonP.PROVIDER.createArrayBuilder();
                enterArray();
                while (next() != Event.END_ARRAY) {
                    nextElement();
                    array.add(tree());
                }
                exit();
                return array.build();
            }
            case VALUE_STRING:
                return JsonP.PROVIDER.createValue(text());
            case VALUE_NUMBER:
                return JsonP.PROVIDER.createValue(decimal());
            case VALUE_TRUE:
                return JsonValue.TRUE;
            case VALUE_FALSE:
                return JsonValue.FALSE;
            case VALUE_NULL:
                return JsonValue.NULL;
            default:
                throw mismatch("a JSON value");
        }
    }

    /**
     * Reads the current object: a small one (most {@code _meta}) into a {@link CompactObject}, a
     * larger one into Parsson's, whose lookups are hashed.
     */
    private JsonObject objectTree() {
        String[] names = null;
        JsonValue[] values = null;
        int size = 0;
        JsonObjectBuilder large = null;
        while (next() == Event.KEY_NAME) {
            String name = text();
            enter(name);
            next();
            JsonValue value = tree();
            exit();
            int at = large == null ? CompactObject.indexOf(names, size, name) : -1;
            if (large != null) {
                large.add(name, value);
            } else if (at >= 0) {
                values[at] = value; // a repeated name takes the last value, as Parsson's builder does
            } else if (size == CompactObject.MAX_MEMBERS) {
                large = JsonP.PROVIDER.createObjectBuilder();
                for (int i = 0; i < size; i++) {
                    large.add(names[i], values[i]);
                }
                large.add(name, value);
            } else {
                if (names == null || size == names.length) {
                    int room = names == null ? 2 : names.length * 2;
                    names = names == null ? new String[room] : Arrays.copyOf(names, room);
                    values = values == null ? new JsonValue[room] : Arrays.copyOf(values, room);
                }
                names[size] = name;
                values[size++] = value;
            }
        }
        return large != null ? large.build() : size == 0 ? JsonValue.EMPTY_JSON_OBJECT
                : new CompactObject(names, values, size);
    }

    /** Sets the code for rule violations from here on: -32602 while reading params. */
    public int ruleCode(int code) {
        int previous = ruleCode;
        ruleCode = code;
        return previous;
    }

    /** @return the code for rule violations in force */
    public int ruleCode() {
        return ruleCode;
    }

    /** @return the limits this input enforces */
    public CodecLimits limits() {
        return limits;
    }

    /** @return a mark of the current path, to return to after abandoning a value half-read */
    public int pathMark() {
        return pathLength;
    }

    /** Returns the path to {@code mark}. */
    public void resetPath(int mark) {
        while (pathLength > mark) {
            exit();
        }
    }

    /** @return the current nesting depth */
    public int depth() {
        return depth;
    }

    // ---- the path, for messages

    public void enter(String member) {
        push(member);
    }

    public void enterArray() {
        push(new int[] {-1});
    }

    /** Moves the innermost array's index to the next element. */
    public void nextElement() {
        ((int[]) path[pathLength - 1])[0]++;
    }

    public void exit() {
        path[--pathLength] = null;
    }

    /** @return the path of the current value, such as {@code params.contents[0].uri}, or "the top level" */
    public String where() {
        if (pathLength == 0) {
            return "the top level";
        }
        StringBuilder where = new StringBuilder();
        for (int i = 0; i < pathLength; i++) {
            if (path[i] instanceof String member) {
                if (where.length() > 0) {
                    where.append('.');
                }
                where.append(member);
            } else {
                where.append('[').append(Math.max(0, ((int[]) path[i])[0])).append(']');
            }
        }
        return where.toString();
    }

    private void push(Object segment) {
        if (pathLength == path.length) {
            path = Arrays.copyOf(path, pathLength * 2);
        }
        path[pathLength++] = segment;
    }

    // ---- errors

    /** @return an error for a value that breaks a rule, prefixed with where it is */
    public ProtocolException rule(String message) {
        return new ProtocolException(ruleCode, where() + ": " + message);
    }

    /** @return an error for a value of the wrong JSON type */
    public ProtocolException mismatch(String expected) {
        return rule("expected " + expected + ", was " + describe(current));
    }

    private ProtocolException malformed(String detail, Exception cause) {
        detail = plain(detail);
        JsonLocation location = parser.getLocation();
        String at = location == null ? "" : " at line " + location.getLineNumber() + ", column " + location.getColumnNumber()
                + " (offset " + location.getStreamOffset() + ")";
        return new ProtocolException(ErrorCodes.PARSE_ERROR, "malformed JSON" + at + ": " + detail, null, null, cause);
    }

    /** Maps a failure of the input under the parser: a limit, bad UTF-8, or an I/O error. */
    private ProtocolException inputFailure(JsonException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ParserFailures.TooLargeException tooLarge) {
                return new ProtocolException(ErrorCodes.INVALID_REQUEST, tooLarge.getMessage(), null, null, e);
            }
            if (cause instanceof ParserFailures.MalformedException malformed) {
                return new ProtocolException(ErrorCodes.PARSE_ERROR, malformed.getMessage(), null, null, e);
            }
        }
        return malformed(e.getMessage(), e);
    }

    /** Parsson's messages repeat the location and give characters as numbers; say it plainly. */
    private static String plain(String detail) {
        if (detail == null) {
            return "unreadable input";
        }
        int at = detail.indexOf(" at (line no=");
        if (at >= 0) {
            detail = detail.substring(0, at);
        }
        if (detail.startsWith("Unexpected char ")) {
            try {
                int c = Integer.parseInt(detail.substring("Unexpected char ".length()).trim());
                return c < 0 ? "the input ends inside a value" : "unexpected character '" + Character.toString(c) + "'";
            } catch (NumberFormatException e) {
                return detail;
            }
        }
        return detail;
    }

    static String describe(Event event) {
        if (event == null) {
            return "nothing";
        }
        return switch (event) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            case KEY_NAME -> "a member name";
            case END_OBJECT -> "the end of an object";
            case END_ARRAY -> "the end of an array";
        };
    }
}
