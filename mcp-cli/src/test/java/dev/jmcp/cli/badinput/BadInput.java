package dev.jmcp.cli.badinput;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One row of the bad-input matrix: what a peer sends, over which transports and in which era, and
 * the JSON-RPC error it must get back (or that it gets none). Rows are made by {@link BadInputs}
 * with the fluent methods below, once, and not changed after.
 *
 * <p>What is sent is JSON-RPC text with placeholders that the drivers fill in: {@code {file}} is
 * the URI of a file in the served folder, {@code {dir}} the folder's URI without its trailing
 * slash, {@code {meta}} the {@code "_meta"} member a client of 2026-07-28 puts in every request.
 */
final class BadInput {
    /** Which kind of client sends the row, and so which good request must still be answered after it. */
    enum Era {
        /** A client of 2025-11-25, in a session opened with {@code initialize}. */
        SESSION,
        /** A client of 2026-07-28: no session, every request carries its own {@code _meta}. */
        STATELESS
    }

    /** Which transports the row is sent over. */
    enum Over {
        BOTH, STDIO, HTTP
    }

    final String name;
    Era era = Era.SESSION;
    Over over = Over.BOTH;
    /** The text sent; made when the row runs. */
    Supplier<String> text = () -> "";
    Charset charset = StandardCharsets.UTF_8;
    UnaryOperator<RawRequest> http = UnaryOperator.identity();
    /** The error's code; null when no answer may come. */
    Integer code;
    /** The answer's {@code id} as JSON text ({@code 7}), or null when the answer must carry none. */
    String id;
    String fragment;
    /** Members of the error's {@code data}, each to the text its JSON must contain. */
    final Map<String, String> data = new LinkedHashMap<>();
    /** The HTTP status the answer comes with. */
    int status = 200;

    private BadInput(String name) {
        this.name = name;
    }

    static BadInput row(String name) {
        return new BadInput(name);
    }

    BadInput sends(String value) {
        this.text = () -> value;
        return this;
    }

    /** For text too large to keep in the table: made when the row runs. */
    BadInput sends(Supplier<String> value) {
        this.text = value;
        return this;
    }

    /** Sends the text in ISO-8859-1: each character past U+007F becomes one byte that is not UTF-8. */
    BadInput inLatin1() {
        this.charset = StandardCharsets.ISO_8859_1;
        return this;
    }

    BadInput stateless() {
        this.era = Era.STATELESS;
        return this;
    }

    BadInput only(Over value) {
        this.over = value;
        return this;
    }

    /** HTTP only: changes the POST that carries the text, such as a header or the request line. */
    BadInput http(UnaryOperator<RawRequest> change) {
        this.over = Over.HTTP;
        this.http = change;
        return this;
    }

    /** @param requestId the id the answer must carry, as JSON text; null when it must carry none */
    BadInput answers(int errorCode, String requestId, String messageFragment) {
        this.code = errorCode;
        this.id = requestId;
        this.fragment = messageFragment;
        return this;
    }

    BadInput withData(String member, String contains) {
        data.put(member, contains);
        return this;
    }

    BadInput status(int value) {
        this.status = value;
        return this;
    }

    /** No answer may come: a notification or a response, which JSON-RPC never answers. */
    BadInput unanswered() {
        this.code = null;
        this.status = 202;
        return this;
    }

    boolean runsOver(Over transport) {
        return over == Over.BOTH || over == transport;
    }

    @Override
    public String toString() {
        return name;
    }
}
