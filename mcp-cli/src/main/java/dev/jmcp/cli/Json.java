package dev.jmcp.cli;

import dev.jmcp.schema.codec.McpCodec;
import java.io.IOException;
import java.io.OutputStream;

/**
 * {@code --json}: each result object as the wire has it, written by the schema's codec (blobs are
 * base64-encoded from their source in chunks), one per line.
 */
final class Json {
    private Json() {
    }

    /** Writes {@code value}, a schema record such as {@code ListResourcesResult}, and a newline. */
    static void writeLine(Object value, OutputStream out) throws IOException {
        McpCodec.defaults().writeValue(value, out);
        out.write('\n');
        out.flush();
    }
}
