package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A server that cannot be reached is reported with the cause, not a bare exception class. */
class ConnectFailureCliTest {

    @Test
    void aClosedPortIsReportedAsConnectionRefusedWithTheAddress() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort(); // closed again before jmcp connects
        }
        Cli.Result result = Cli.run(Cli.command(), List.of("ls", "http://127.0.0.1:" + port + "/mcp"));

        assertEquals(Exit.CONNECT, result.exitCode(), result::toString);
        assertEquals("jmcp: cannot connect to http://127.0.0.1:" + port + "/mcp: connection refused: 127.0.0.1:" + port,
                result.stderr().strip(), result::toString);
    }

    @Test
    void anUnknownHostIsReportedAsSuch() {
        Cli.Result result = Cli.run(Cli.command(), List.of("ls", "http://no-such-host.invalid:8080/mcp"));

        assertEquals(Exit.CONNECT, result.exitCode(), result::toString);
        assertEquals("jmcp: cannot connect to http://no-such-host.invalid:8080/mcp: unknown host: no-such-host.invalid",
                result.stderr().strip(), result::toString);
    }
}
