package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.Implementation;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.Test;

/** What the library logs, as the command's log formatter (a {@link java.util.logging.Formatter}) prints it. */
class LogsTest {

    @Test
    void numbersInLogMessagesArePrintedWithoutGroupingSeparators() throws Exception {
        Logger engine = Logger.getLogger("dev.jmcp.core.internal.session.SessionEngine");
        LinkedBlockingQueue<LogRecord> records = new LinkedBlockingQueue<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Locale locale = Locale.getDefault(Locale.Category.FORMAT);
        boolean parents = engine.getUseParentHandlers();
        Locale.setDefault(Locale.Category.FORMAT, Locale.US); // where MessageFormat writes 1,000 for 1000
        engine.addHandler(handler);
        engine.setUseParentHandlers(false);
        McpTransport.Listener[] listener = new McpTransport.Listener[1];
        ClientSession session = ClientSession.builder(new McpTransport() {
            @Override
            public void start(Listener value) {
                listener[0] = value;
            }

            @Override
            public CompletableFuture<Void> send(JsonRpcPayload payload) {
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public void close() {
            }
        }).clientInfo(Implementation.of("test", "1")).build();
        try {
            listener[0].onMessage(new JsonRpcErrorResponse(RequestId.of(12345), new JsonRpcError(-32600, "bad", null)));
            LogRecord record = records.poll(5, TimeUnit.SECONDS);
            assertNotNull(record, "the session logged nothing");
            assertEquals("jmcp-client-N received an error for no waiting request: -32600 bad",
                    new SimpleFormatter().formatMessage(record).replaceFirst("jmcp-client-\\d+", "jmcp-client-N"));
        } finally {
            session.close();
            engine.removeHandler(handler);
            engine.setUseParentHandlers(parents);
            Locale.setDefault(Locale.Category.FORMAT, locale);
        }
    }
}
