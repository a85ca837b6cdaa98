package dev.jmcp.transport.stdio;

import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.StdioTargets;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.lifecycle.Implementation;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A tiny MCP server for the child-process tests, run by {@link ChildProcesses} on the class path.
 * It finds the stdio provider through {@link ServiceLoader} (so the {@code META-INF/services} file is
 * tested the way a class-path user meets it), serves {@code stdio:-} and answers:
 * <ul>
 *   <li>{@code ping} (the session's own);</li>
 *   <li>{@code test/slow} {@code {"millis": n}}: sleeps, then answers {@code {"done": true}};</li>
 *   <li>{@code test/print}: prints to {@code System.out}, which must land on standard error.</li>
 * </ul>
 * It exits when the session closes (its input ended), or, with the argument {@code linger}, keeps
 * running as a server that ignores the end of its input would.
 */
public final class EchoServerMain {
    private EchoServerMain() {
    }

    public static void main(String[] args) throws Exception {
        boolean linger = args.length > 0 && args[0].equals("linger");
        System.err.println("echo-server: starting");
        TransportProvider provider = ServiceLoader.load(TransportProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(candidate -> candidate.id().equals("stdio"))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no stdio TransportProvider on the class path"));
        AtomicReference<McpTransport> transport = new AtomicReference<>();
        provider.serve(StdioTargets.SELF, transport::set);
        JsonProvider json = JsonProvider.provider();
        ServerSession session = ServerSession.builder(transport.get())
                .serverInfo(Implementation.of("echo-server", "1.0.0"))
                .requestHandler("test/slow", (params, context) -> {
                    Thread.sleep(((JsonObject) params).getInt("millis")); // a slow handler, as long as the test asks
                    return json.createObjectBuilder().add("done", true).build();
                })
                .requestHandler("test/print", (params, context) -> {
                    System.out.println("echo-server: stray text on System.out");
                    System.out.flush();
                    return EmptyResult.of();
                })
                .build();
        session.onClose().get();
        System.err.println("echo-server: session closed");
        if (linger) {
            Thread.sleep(60_000); // a process that outlives its session, for the tests that must kill it
        }
    }
}
