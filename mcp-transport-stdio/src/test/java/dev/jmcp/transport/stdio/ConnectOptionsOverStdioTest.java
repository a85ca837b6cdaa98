package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.ConnectOptions;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.StdioTargets;
import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What {@link StdioTransportProvider#connect(java.net.URI, ConnectOptions)} does with a client's
 * options over a real child process: the sink and the limits both apply, each alone, and neither
 * costs the provider's codec its custom methods.
 */
class ConnectOptionsOverStdioTest {
    /** A custom method's result, read into a record only by a codec that knows the method. */
    public record Answer(String value) {
    }

    private static final McpMethod<ReadResourceRequestParams, Answer> CUSTOM = McpMethod.request("test/custom", ReadResourceRequestParams.class, Answer.class);
    private static final String BLOB_ANSWER = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"contents\":"
            + "[{\"uri\":\"file:///b\",\"blob\":\"aGVsbG8=\"}]}}";
    private static final String CUSTOM_ANSWER = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"value\":\"x\"}}";
    private static final String LONG_ANSWER = "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"value\":\""
            + "y".repeat(200) + "\"}}";

    private final Recorder recorder = new Recorder();
    private McpTransport transport;

    @AfterEach
    void close() {
        if (transport != null) {
            transport.close();
        }
    }

    /** Starts a child that answers with {@code answers}; each request calls {@code method}. */
    private void connect(StdioTransportProvider provider, ConnectOptions options, String method, String... answers)
            throws Exception {
        transport = provider.connect(StdioTargets.uriOf(ChildProcesses.java(CannedServerMain.class, answers)),
                options);
        recorder.pending = id -> method;
        transport.start(recorder);
    }

    private void send(int id, String method) throws Exception {
        transport.send(new JsonRpcRequest(RequestId.of(id), method,
                new ReadResourceRequestParams("file:///b", null, null, null))).get();
    }

    @Test
    void aBlobSinkAloneReachesTheCodec() throws Exception {
        AtomicInteger opened = new AtomicInteger();
        BlobSink counting = () -> {
            opened.incrementAndGet();
            return BlobSink.IN_MEMORY.open();
        };
        connect(new StdioTransportProvider(), ConnectOptions.builder().blobSink(counting).build(), "resources/read",
                BLOB_ANSWER);

        send(1, "resources/read");

        assertInstanceOf(JsonRpcResultResponse.class, recorder.nextMessage());
        assertEquals(1, opened.get(), "the blob went through the options' sink");
    }

    @Test
    void limitsAloneApplyAndKeepTheProvidersCustomMethods() throws Exception {
        StdioProcessOptions process = StdioProcessOptions.builder().transport(StdioSettings.builder().codec(
                McpCodec.builder().method(CUSTOM).build()).build()).build();
        connect(new StdioTransportProvider(process),
                ConnectOptions.builder().limits(CodecLimits.builder().maxStringLength(100).build()).build(), "test/custom", CUSTOM_ANSWER,
                LONG_ANSWER);

        send(1, "test/custom");
        JsonRpcResultResponse answer = assertInstanceOf(JsonRpcResultResponse.class, recorder.nextMessage());
        assertEquals(new Answer("x"), answer.result(), "the custom method is still known");

        send(2, "test/custom");
        String refused = recorder.nextUnreadable().getMessage();
        assertTrue(refused.contains("maxStringLength=100"), refused);
    }
}
