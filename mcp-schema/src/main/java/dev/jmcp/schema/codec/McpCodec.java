package dev.jmcp.schema.codec;

import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.McpMethods;
import dev.jmcp.schema.internal.json.ChunkedEncoder;
import dev.jmcp.schema.internal.json.JsonInput;
import dev.jmcp.schema.internal.json.JsonOutput;
import dev.jmcp.schema.internal.json.MessageReader;
import dev.jmcp.schema.internal.json.MessageWriter;
import dev.jmcp.schema.internal.json.MethodTable;
import dev.jmcp.schema.internal.json.WriteBuffers;
import dev.jmcp.schema.internal.json.Codecs;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads and writes MCP messages as UTF-8 JSON. Reading goes from parser events straight into the
 * schema's records; writing goes straight to bytes, with blobs base64-encoded from their source in
 * fixed chunks. Immutable and thread-safe; a failed read leaves it ready for the next message.
 *
 * <p>Every read failure is a {@link ProtocolException} with the JSON-RPC code to answer with:
 * {@link ErrorCodes#PARSE_ERROR} for input that is not JSON (saying where it broke),
 * {@link ErrorCodes#INVALID_REQUEST} for JSON that is not a valid message or breaks a limit of
 * {@link CodecLimits} (naming the setting), and {@link ErrorCodes#INVALID_PARAMS} for bad params
 * (naming the member). When the request's id could be read, the exception carries it.
 *
 * @since 0.1
 */
public final class McpCodec {
    private static final McpCodec DEFAULTS = builder().build();

    private final CodecLimits limits;
    private final BlobSink blobs;
    /** What {@link #toBuilder()} starts from: the table inside {@link #reader} does not give them back. */
    private final List<McpMethod<?, ?>> methods;
    private final MessageReader reader;
    private final MessageWriter writer = new MessageWriter();

    private McpCodec(Builder builder) {
        this.limits = builder.limits;
        this.blobs = builder.blobs;
        this.methods = List.copyOf(builder.methods);
        this.reader = new MessageReader(new MethodTable(methods));
    }

    /** @return a codec with the default limits that knows every method of {@link McpMethods} */
    public static McpCodec defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder that starts from this codec: its limits, its blob sink and every method it knows, so
     * that changing one setting keeps the others (a transport that applies a client's limits must
     * not lose its custom methods, nor its blob sink).
     *
     * @return a new builder; never null
     * @since 0.1
     */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.limits = limits;
        builder.blobs = blobs;
        builder.methods.clear();
        builder.methods.addAll(methods);
        return builder;
    }

    /** @return the limits this codec enforces */
    public CodecLimits limits() {
        return limits;
    }

    /** @return where the blobs this codec reads go */
    public BlobSink blobSink() {
        return blobs;
    }

    /**
     * Reads one message or batch that fills {@code in} to its end. The stream is not closed.
     *
     * @param in      the message's bytes
     * @param pending which method each outstanding request called, for reading results; never null
     * @return the message or batch
     * @throws ProtocolException for input that is not a valid message
     * @throws UncheckedIOException when reading {@code in} fails
     */
    public JsonRpcPayload read(InputStream in, PendingRequests pending) {
        Objects.requireNonNull(pending, "pending");
        JsonInput input = input(in);
        try {
            return reader.read(input, pending);
        } catch (RuntimeException | Error e) {
            input.abandonBlobs();
            throw e;
        }
    }

    /** Reads one message or batch from {@code message}. @see #read(InputStream, PendingRequests) */
    public JsonRpcPayload read(byte[] message, PendingRequests pending) {
        return read(new ByteArrayInputStream(message), pending);
    }

    /**
     * Reads one schema value, such as a {@link dev.jmcp.schema.resources.Resource}, that fills {@code in}.
     *
     * @throws ProtocolException ({@link ErrorCodes#INVALID_REQUEST} for rule violations) for input that does not fit {@code type}
     */
    public <T> T readValue(InputStream in, Class<T> type) {
        JsonInput input = input(in);
        try {
            input.next();
            T value = Codecs.instance().forClass(type).read(input);
            if (input.hasMore()) {
                throw new ProtocolException(ErrorCodes.PARSE_ERROR, "unexpected data after the end of the value");
            }
            return value;
        } catch (RuntimeException | Error e) {
            input.abandonBlobs();
            throw e;
        }
    }

    /** Reads one schema value from {@code json}. @see #readValue(InputStream, Class) */
    public <T> T readValue(byte[] json, Class<T> type) {
        return readValue(new ByteArrayInputStream(json), type);
    }

    /**
     * Writes {@code payload} as UTF-8 JSON, without a trailing newline. Blobs are streamed from their
     * source. {@code out} is neither flushed nor closed.
     */
    public void write(JsonRpcPayload payload, OutputStream out) throws IOException {
        Objects.requireNonNull(payload, "payload");
        WriteBuffers buffers = WriteBuffers.acquire();
        try {
            JsonOutput json = new JsonOutput(out, buffers);
            writer.write(json, payload);
            json.flushBuffer();
        } finally {
            buffers.release();
        }
    }

    /** @return {@code payload} as UTF-8 JSON bytes; for small messages */
    public byte[] toBytes(JsonRpcPayload payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            write(payload, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * Returns {@code payload}'s UTF-8 JSON as a stream that encodes as it is read: blobs are read
     * from their source one chunk at a time, when the reader reaches them. For transports that pull
     * bytes. The caller closes the stream, which closes any blob source it has open.
     */
    public InputStream encode(JsonRpcPayload payload) throws IOException {
        Objects.requireNonNull(payload, "payload");
        return ChunkedEncoder.of(out -> writer.write(out, payload));
    }

    /** Writes one schema value, such as a {@link dev.jmcp.schema.resources.Resource}, as UTF-8 JSON. */
    public void writeValue(Object value, OutputStream out) throws IOException {
        Objects.requireNonNull(value, "value");
        WriteBuffers buffers = WriteBuffers.acquire();
        try {
            JsonOutput json = new JsonOutput(out, buffers);
            writer.writeValue(json, value);
            json.flushBuffer();
        } finally {
            buffers.release();
        }
    }

    private JsonInput input(InputStream in) {
        return JsonInput.of(in, limits, blobs);
    }

    /** Builds a {@link McpCodec}. Not thread-safe. */
    public static final class Builder {
        private CodecLimits limits = CodecLimits.defaults();
        private BlobSink blobs = BlobSink.IN_MEMORY;
        private final List<McpMethod<?, ?>> methods = new ArrayList<>(McpMethods.all());

        private Builder() {
        }

        /** @param value the limits to enforce; never null */
        public Builder limits(CodecLimits value) {
            this.limits = Objects.requireNonNull(value, "limits");
            return this;
        }

        /**
         * @param value where the blobs the codec reads go; {@link BlobSink#IN_MEMORY} unless set.
         *              Never null
         */
        public Builder blobSink(BlobSink value) {
            this.blobs = Objects.requireNonNull(value, "blobSink");
            return this;
        }

        /**
         * Teaches the codec another method, so that its params and result are read into records;
         * a method of the same name is replaced. The types must be public records in an exported package.
         */
        public Builder method(McpMethod<?, ?> method) {
            Objects.requireNonNull(method, "method");
            methods.removeIf(known -> known.name().equals(method.name()));
            methods.add(method);
            return this;
        }

        /** @return the codec */
        public McpCodec build() {
            return new McpCodec(this);
        }
    }
}
