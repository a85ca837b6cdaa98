package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class FailuresTest {

    @Test
    void notFoundNamesTheUriAndTheServersCode() {
        ProtocolException error = new ProtocolException(-32602, "Resource not found",
                Json.createObjectBuilder().add("uri", "file:///x").build());
        Failures.Failure failure = Failures.describe(new CompletionException(new ResourceNotFoundException("file:///x", error)));
        assertEquals(new Failures.Failure(Exit.PROTOCOL, "resource not found: file:///x (-32602)"), failure);
    }

    @Test
    void aProtocolErrorKeepsItsMessageAddsDataUriAndItsCode() {
        ProtocolException error = new ProtocolException(-32602, "URI refused: the path is outside the root",
                Json.createObjectBuilder().add("uri", "file:///etc/passwd").build());
        assertEquals(new Failures.Failure(Exit.PROTOCOL,
                        "URI refused: the path is outside the root: file:///etc/passwd (-32602)"),
                Failures.describe(error));
        assertEquals("bad? thing (-32603)", Failures.describe(new ProtocolException(-32603, "bad\u001b\nthing")).message());
    }

    @Test
    void aLostConnectionAndLocalIoHaveTheirOwnCodes() {
        assertEquals(Exit.CONNECT, Failures.describe(new SessionClosedException("closed", null)).code());
        assertEquals(Exit.IO, Failures.describe(new UncheckedIOException(new IOException("disk full"))).code());
        assertEquals(Exit.PROTOCOL, Failures.describe(new McpException("odd")).code());
        assertEquals(Exit.USAGE, Failures.describe(CliException.usage("no")).code());
    }

    @Test
    void theMostSpecificMessageOfTheChainIsChosen() {
        IOException root = new IOException("error=2, No such file or directory");
        IOException run = new IOException("Cannot run program \"x\": error=2, No such file or directory", root);
        UncheckedIOException connect = new UncheckedIOException("could not connect to stdio:x", run);
        assertEquals("Cannot run program \"x\": error=2, No such file or directory", Failures.innermostMessage(connect));
        assertEquals("inner", Failures.innermostMessage(new McpException("outer", new McpException("inner"))));
        assertEquals("IllegalStateException", Failures.innermostMessage(new IllegalStateException()));
    }
}
