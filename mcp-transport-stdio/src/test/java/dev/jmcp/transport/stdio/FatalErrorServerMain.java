package dev.jmcp.transport.stdio;

import dev.jmcp.core.session.ServerSession;
import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.lifecycle.Implementation;

/**
 * A stdio server whose transport threads meet an {@link Error}, as when a class's initializer
 * failed: its codec knows {@code test/fatal}, whose params record cannot be made (the reader), and
 * {@code test/unwritable} answers a record that cannot be written (the writer). It exits 1 when its
 * session ended on a failure, as {@code jmcp serve} does, and 0 when the client went.
 */
public final class FatalErrorServerMain {
    /** The params of {@code test/fatal}: reading them throws the error a failed class initializer does. */
    public record Fatal(String value) {
        public Fatal {
            throw new ExceptionInInitializerError("injected into the reader");
        }
    }

    /** The result of {@code test/unwritable}: writing it throws the error a failed class initializer does. */
    public record Unwritable(String value) {
        @Override
        public String value() {
            throw new ExceptionInInitializerError("injected into the writer");
        }
    }

    private FatalErrorServerMain() {
    }

    public static void main(String[] args) throws Exception {
        McpCodec codec = McpCodec.builder().method(McpMethod.request("test/fatal", Fatal.class, EmptyResult.class)).build();
        ServerSession session = ServerSession.builder(StdioTransport.ofSystem(StdioSettings.builder().codec(codec).build()))
                .serverInfo(Implementation.of("fatal-error", "1.0.0"))
                .requestHandler("test/unwritable", (params, context) -> new Unwritable("x"))
                .build();
        session.onClose().get();
        System.exit(session.closeCause() == null ? 0 : 1);
    }
}
