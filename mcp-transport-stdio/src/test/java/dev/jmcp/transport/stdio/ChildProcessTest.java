package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.spi.ConnectOptions;
import dev.jmcp.core.spi.StdioTargets;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.InitializeResult;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Real server processes: a JVM running {@link EchoServerMain}, and shell scripts that misbehave. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ChildProcessTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private static final Implementation CLIENT = Implementation.of("child-process-test", "1.0.0");
    /** A JVM that starts slowly on a busy machine still answers within this. */
    private static final long STARTUP_SECONDS = 30;

    /**
     * Options for servers that exit by themselves: a generous exit timeout, so that a slow machine
     * does not turn a clean exit into a SIGTERM; the exit code 0 proves that none was needed.
     */
    private static final StdioProcessOptions PATIENT = StdioProcessOptions.builder()
            .exitTimeout(Duration.ofSeconds(20)).build();

    private final List<StdioClientTransport> transports = new ArrayList<>();

    @AfterEach
    void stopEverything() {
        for (StdioClientTransport transport : transports) {
            transport.close();
            ProcessHandle.of(transport.pid()).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    private StdioClientTransport spawn(List<String> command, StdioProcessOptions options) throws Exception {
        StdioClientTransport transport = StdioTransport.spawn(command, options);
        transports.add(transport);
        return transport;
    }

    private static ClientSession client(McpTransport transport) {
        return ClientSession.builder(transport).clientInfo(CLIENT).build();
    }

    @Test
    void aClientInitializesAndPingsARealServerWhoseStrayOutputGoesToStderr() throws Exception {
        StdioClientTransport transport = spawn(ChildProcesses.echoServer(),
                PATIENT.toBuilder().stderr(StdioProcessOptions.Stderr.CAPTURE).build());
        Spy spy = new Spy(transport);
        ClientSession client = client(spy);

        InitializeResult result = client.initialize().get(STARTUP_SECONDS, TimeUnit.SECONDS);
        assertEquals("echo-server", result.serverInfo().name());
        client.ping().get(5, TimeUnit.SECONDS);
        client.sendRequest("test/print", null, Object.class).get(5, TimeUnit.SECONDS);
        client.ping().get(5, TimeUnit.SECONDS);

        client.close();

        assertTrue(ProcessHandle.of(transport.pid()).map(handle -> !handle.isAlive()).orElse(true),
                "close returns once the server has exited");
        // onExit() completes on a JDK thread, a moment after the exit
        assertEquals(0, transport.onExit().get(5, TimeUnit.SECONDS), "the server exits by itself when its input ends");
        assertEquals(List.of(), spy.unreadable, "nothing but protocol arrived on the server's stdout");
        String stderr = transport.capturedStderr();
        assertTrue(stderr.contains("echo-server: starting\n"), stderr);
        assertTrue(stderr.contains("echo-server: stray text on System.out\n"), stderr);
        assertTrue(stderr.contains("echo-server: session closed\n"), stderr);
    }

    @Test
    void closingTheServersInputMakesItAnswerWhatItHasThenExitWithZero() throws Exception {
        StdioClientTransport transport = spawn(ChildProcesses.echoServer(),
                PATIENT.toBuilder().stderr(StdioProcessOptions.Stderr.CAPTURE).build());
        ClientSession client = client(transport);
        client.initialize().get(STARTUP_SECONDS, TimeUnit.SECONDS);

        CompletableFuture<Object> slow = client.sendRequest("test/slow",
                JSON.createObjectBuilder().add("millis", 700).build(), Object.class);
        transport.shutdownOutput().get(5, TimeUnit.SECONDS);

        JsonObject answer = assertInstanceOf(JsonObject.class, slow.get(10, TimeUnit.SECONDS));
        assertTrue(answer.getBoolean("done"));
        assertEquals(0, transport.onExit().get(10, TimeUnit.SECONDS));
        client.onClose().get(10, TimeUnit.SECONDS);
        assertFalse(client.isOpen(), "the connection ended with the server");
    }

    @Test
    void theServersStderrIsForwardedLineByLineToSystemErr() throws Exception {
        PrintStream saved = System.err;
        ByteArrayOutputStream forwarded = new ByteArrayOutputStream();
        StdioClientTransport transport;
        try {
            System.setErr(new PrintStream(forwarded, true, StandardCharsets.UTF_8));
            transport = spawn(ChildProcesses.echoServer(), PATIENT);
            ClientSession client = client(transport);
            client.initialize().get(STARTUP_SECONDS, TimeUnit.SECONDS);
            client.close();
            assertEquals(0, transport.onExit().get(5, TimeUnit.SECONDS));
            awaitContains(forwarded, "echo-server: session closed\n");
        } finally {
            System.setErr(saved);
        }
        String text = forwarded.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("echo-server: starting\n"), text);
        assertEquals("", transport.capturedStderr(), "forwarded, not kept");
    }

    @Test
    void aServerThatIgnoresTheEndOfItsInputIsTerminatedAfterTheExitTimeout() throws Exception {
        Duration exitTimeout = Duration.ofMillis(500);
        StdioClientTransport transport = spawn(ChildProcesses.echoServer("linger"), StdioProcessOptions.builder()
                .stderr(StdioProcessOptions.Stderr.CAPTURE)
                .exitTimeout(exitTimeout)
                .terminateTimeout(Duration.ofSeconds(10)).build());
        ClientSession client = client(transport);
        client.initialize().get(STARTUP_SECONDS, TimeUnit.SECONDS);

        long start = System.nanoTime();
        client.close();
        long closeMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertEquals(143, transport.onExit().get(1, TimeUnit.SECONDS), "128 + SIGTERM");
        assertTrue(closeMillis >= exitTimeout.toMillis() - 50 && closeMillis < 10_000, "close took " + closeMillis + " ms");
        awaitContains(transport, "echo-server: session closed");
    }

    @Test
    void aProcessThatIgnoresSigtermIsKilledWithItsChildren() throws Exception {
        StdioClientTransport transport = spawn(List.of("sh", "-c", "trap '' TERM; sleep 30 & echo ready >&2; wait; echo done"),
                StdioProcessOptions.builder()
                        .stderr(StdioProcessOptions.Stderr.CAPTURE)
                        .exitTimeout(Duration.ofMillis(300))
                        .terminateTimeout(Duration.ofMillis(300))
                        .killTimeout(Duration.ofSeconds(5)).build());
        Recorder recorder = new Recorder();
        transport.start(recorder);
        awaitContains(transport, "ready"); // after the trap, and after sleep started
        List<ProcessHandle> children = ProcessHandle.of(transport.pid()).orElseThrow().descendants().toList();
        assertFalse(children.isEmpty(), "sh runs sleep as its child");

        long start = System.nanoTime();
        transport.close();
        long closeMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertEquals(137, transport.onExit().get(1, TimeUnit.SECONDS), "128 + SIGKILL");
        assertTrue(closeMillis >= 550 && closeMillis < 6_000, "close took " + closeMillis + " ms");
        for (ProcessHandle child : children) {
            child.onExit().get(5, TimeUnit.SECONDS);
            assertFalse(child.isAlive(), "child " + child.pid() + " was killed too");
        }
        recorder.nextClosed();
        assertEquals(List.of(), recorder.violations);
    }

    @Test
    void aServerThatFailsClosesTheConnectionWithItsExitCodeAndStderrIsNeverReadAsProtocol() throws Exception {
        String message = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}";
        StdioClientTransport transport = spawn(List.of("sh", "-c", "echo '" + message + "' >&2; echo boom >&2; exit 3"),
                StdioProcessOptions.builder().stderr(StdioProcessOptions.Stderr.CAPTURE).build());
        Recorder recorder = new Recorder();
        transport.start(recorder);

        Recorder.Event closed = recorder.nextClosed();
        assertNotNull(closed.cause());
        assertTrue(closed.cause().getMessage().contains("exited with code 3"), closed.cause().getMessage());
        assertTrue(closed.cause().getMessage().contains("boom"), closed.cause().getMessage());
        assertTrue(recorder.events.isEmpty(), "the JSON on stderr was not delivered: " + recorder.events);
        assertEquals(3, transport.onExit().get(5, TimeUnit.SECONDS));
    }

    @Test
    void aServerThatExitsWithOneBeforeAnsweringInitializeFailsItWithTheExitCodeEveryTime() {
        // whichever the client sees first, a failed write, the end of the output or a closed
        // session, it must say how the server ended; the race differs from run to run
        StdioTransportProvider provider = new StdioTransportProvider(
                StdioProcessOptions.builder().stderr(StdioProcessOptions.Stderr.CAPTURE).build());
        ClientOptions options = ClientOptions.builder().transportProviders(List.of(provider)).build();
        for (int i = 0; i < 20; i++) {
            RuntimeException failure = assertThrows(RuntimeException.class, () -> McpClient.connect(
                    StdioTargets.uriOf(List.of("sh", "-c", "echo boom >&2; exit 1")), options));
            String chain = messages(failure);
            assertTrue(chain.contains("the server process exited with code 1; its standard error ended with: boom"),
                    "run " + i + ": " + chain);
        }
    }

    @Test
    void theProviderGivesTheTransportTheLimitsOfTheConnectOptions() throws Exception {
        String line = "{\"jsonrpc\":\"2.0\",\"method\":\"n\",\"params\":{\"pad\":\"" + "x".repeat(2000) + "\"}}";
        java.net.URI uri = StdioTargets.uriOf(List.of("sh", "-c", "echo '" + line + "'; sleep 30"));
        StdioTransportProvider provider = new StdioTransportProvider();

        StdioClientTransport limited = assertInstanceOf(StdioClientTransport.class, provider.connect(uri,
                ConnectOptions.builder().limits(CodecLimits.builder().maxMessageBytes(1024).build()).build()));
        transports.add(limited);
        Recorder recorder = new Recorder();
        limited.start(recorder);
        ProtocolException error = recorder.nextUnreadable();
        assertTrue(error.getMessage().endsWith("exceeds maxMessageBytes=1024"), error.getMessage());

        StdioClientTransport plain = assertInstanceOf(StdioClientTransport.class, provider.connect(uri,
                ConnectOptions.defaults()));
        transports.add(plain);
        Recorder delivered = new Recorder();
        plain.start(delivered);
        assertNotNull(delivered.nextMessage());
    }

    private static String messages(Throwable failure) {
        StringBuilder chain = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            chain.append(t).append(" <- ");
        }
        return chain.toString();
    }

    @Test
    void theProviderConnectsToTheCommandOfAStdioUri() throws Exception {
        McpTransport transport = new StdioTransportProvider().connect(
                StdioTargets.uriOf(ChildProcesses.echoServer()));
        StdioClientTransport spawned = assertInstanceOf(StdioClientTransport.class, transport);
        transports.add(spawned);
        assertEquals(ChildProcesses.echoServer(), spawned.command());
        ClientSession client = client(transport);
        client.initialize().get(STARTUP_SECONDS, TimeUnit.SECONDS);
        client.ping().get(5, TimeUnit.SECONDS);
        // the provider uses the default 2 s exit timeout; ending the input and waiting needs none
        spawned.shutdownOutput();
        assertEquals(0, spawned.onExit().get(20, TimeUnit.SECONDS));
        client.onClose().get(10, TimeUnit.SECONDS);
    }

    @Test
    void coreFindsTheProviderThroughServiceLoaderOnTheModulePath() throws Exception {
        // McpClient (in dev.jmcp.core, which declares `uses TransportProvider`) resolves the scheme
        try (McpClient client = McpClient.connect(StdioTargets.uriOf(ChildProcesses.echoServer()))) {
            assertEquals("echo-server", client.serverInfo().name());
            // 2026-07-28 has no ping: any request shows that the connection works
            client.session().sendRequest("test/slow", jakarta.json.Json.createObjectBuilder().add("millis", 0).build(),
                    jakarta.json.JsonObject.class).get(5, TimeUnit.SECONDS);
        }
    }

    private static void awaitContains(StdioClientTransport transport, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!transport.capturedStderr().contains(text)) {
            assertTrue(System.nanoTime() < deadline, "stderr never said '" + text + "': " + transport.capturedStderr());
            Thread.sleep(20); // the poll's interval: another process's output has nothing to wait on
        }
    }

    private static void awaitContains(ByteArrayOutputStream out, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!out.toString(StandardCharsets.UTF_8).contains(text)) {
            assertTrue(System.nanoTime() < deadline, "never saw '" + text + "': " + out.toString(StandardCharsets.UTF_8));
            Thread.sleep(20); // the poll's interval: another process's output has nothing to wait on
        }
    }
}
