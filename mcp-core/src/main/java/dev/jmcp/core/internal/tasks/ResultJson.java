package dev.jmcp.core.internal.tasks;

import dev.jmcp.core.internal.session.AnswerHold;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.codec.McpCodec;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * A task's result as JSON, to be inlined in every {@code tasks/get} until the task expires: encoded
 * once, as the result would be written, with each chunk charged to the task's hold on the answer
 * budget before it is kept, so that a result larger than the budget fails the task by the
 * budget's name instead of filling the heap (twice over while the encoding is parsed). A blob body is read here (its source closed once it is
 * read, or when the task is cancelled midway), not when the result is sent.
 */
final class ResultJson {
    private ResultJson() {
    }

    /**
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32603} naming the answer budget's
     *         setting when the result does not fit
     * @throws CancellationException when the task was cancelled while it was encoded
     */
    static JsonObject encode(Object result, AnswerHold hold, BooleanSupplier cancelled, String what) throws IOException {
        Charged out = new Charged(hold, cancelled, what);
        McpCodec.defaults().writeValue(result, out);
        int length = out.bytes.size();
        // while it is parsed, the encoding and the JSON it becomes are both in memory: charged twice until then
        hold.hold(length, what);
        try (JsonReader reader = JsonRuntime.provider().createReader(out.bytes.read())) {
            return reader.readObject();
        } finally {
            hold.giveBack(length);
        }
    }

    /** The encoding, read back in place rather than copied. */
    private static final class Encoding extends ByteArrayOutputStream {
        InputStream read() {
            return new ByteArrayInputStream(buf, 0, count);
        }
    }

    /** Bytes kept in memory, each charged before it is; stops at once when the task is cancelled. */
    private static final class Charged extends OutputStream {
        private final Encoding bytes = new Encoding();
        private final AnswerHold hold;
        private final BooleanSupplier cancelled;
        private final String what;

        Charged(AnswerHold hold, BooleanSupplier cancelled, String what) {
            this.hold = hold;
            this.cancelled = cancelled;
            this.what = what;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException(what + " was cancelled");
            }
            hold.hold(len, what);
            bytes.write(b, off, len);
        }
    }
}
