package dev.jmcp.cli.badinput;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The good messages both drivers send, and the placeholders of the matrix's text. */
final class Clients {
    static final String SESSION_VERSION = "2025-11-25";
    static final String STATELESS_VERSION = "2026-07-28";
    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"" + SESSION_VERSION + "\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"bad-input-matrix\",\"version\":\"1\"}}}";
    static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
    /** The two members every request of 2026-07-28 carries in its {@code _meta}. */
    static final String VERSION_MEMBER = "\"io.modelcontextprotocol/protocolVersion\":\"" + STATELESS_VERSION + "\"";
    static final String CAPABILITIES_MEMBER = "\"io.modelcontextprotocol/clientCapabilities\":{}";
    /** What a client of 2026-07-28 puts in every request's params. */
    static final String META = "\"_meta\":{" + VERSION_MEMBER + "," + CAPABILITIES_MEMBER + "}";
    /** The served file's name and content, which every probe reads back. */
    static final String FILE = "probe.txt";
    static final String CONTENT = "still answering ✓";

    private Clients() {
    }

    /** @return the good request sent after each row: a read of {@link #FILE}, in {@code era} */
    static String probe(BadInput.Era era, String id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":\"" + id + "\",\"method\":\"resources/read\",\"params\":{\"uri\":\"{file}\""
                + (era == BadInput.Era.STATELESS ? ",{meta}" : "") + "}}";
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** @return {@code text} with {@code {file}}, {@code {dir}} and {@code {meta}} filled in for {@code root} */
    static String fill(String text, Path root) {
        String dir = root.toUri().toString().replaceFirst("/$", "");
        return text.replace("{file}", dir + "/" + FILE).replace("{dir}", dir).replace("{meta}", META);
    }
}
