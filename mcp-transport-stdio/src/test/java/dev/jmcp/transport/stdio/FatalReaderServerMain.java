package dev.jmcp.transport.stdio;

import dev.jmcp.core.session.ServerSession;
import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.lifecycle.Implementation;

/**
 * A stdio server whose reader meets an {@link Error}: its codec knows {@code test/fatal}, whose
 * params record cannot be made, as a class whose initializer failed cannot. It exits 1 when its
 * session ended on a failure, as {@code jmcp serve} does, and 0 when the client went.
 */
public final class FatalReaderServerMain {
    /** The params of {@code test/fatal}: reading them throws the error a failed class initializer does. */
    public record Fatal(String value) {
        public Fatal {
            throw new ExceptionInInitializerError("injected into the reader");
        }
    }

    private FatalReaderServerMain() {
    }

    public static void main(String[] args) throws Exception {
        McpCodec codec = McpCodec.builder().method(McpMethod.request("test/fatal", Fatal.class, EmptyResult.class)).build();
        ServerSession session = ServerSession.builder(StdioTransport.ofSystem(StdioSettings.DEFAULTS.withCodec(codec)))
                .serverInfo(Implementation.of("fatal-reader", "1.0.0"))
                .build();
        session.onClose().get();
        System.exit(session.closeCause() == null ? 0 : 1);
    }
}
