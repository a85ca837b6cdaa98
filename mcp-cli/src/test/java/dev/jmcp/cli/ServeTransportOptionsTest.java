package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.cli.badinput.HttpResponse;
import dev.jmcp.cli.badinput.RawRequest;
import dev.jmcp.cli.badinput.ServeProcess;
import dev.jmcp.core.spi.TransportProvider;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmcp serve}'s options for the transport, which reach it through {@code ServeOptions}:
 * {@code --allow-remote-bind}, {@code --max-message-bytes} and {@code --set NAME=VALUE}; and
 * {@code --set} of a {@code ServerSettings} setting, which is the server's.
 */
class ServeTransportOptionsTest {
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    @TempDir
    Path dir;

    @Test
    void withAllowRemoteBindItServesOnTheWildcardAddressAndAnswersThroughLoopback() throws Exception {
        Files.writeString(dir.resolve("shared.txt"), "for everyone");
        try (ServeProcess serve = serveHttp("--http", "0.0.0.0:0", "--allow-remote-bind")) {
            URI served = serve.address();
            assertEquals("0.0.0.0", served.getHost(), serve::log);
            Cli.Result listed = Cli.run(Cli.command(), List.of("ls", "http://127.0.0.1:" + served.getPort() + "/mcp"));
            assertEquals(0, listed.exitCode(), () -> listed + serve.log());
            assertTrue(listed.stdout().contains("shared.txt"), listed::toString);
        }
    }

    @Test
    void withoutAllowRemoteBindTheWildcardAddressIsRefusedNamingTheFlag() {
        Cli.Result result = serve("--http", "0.0.0.0:0");
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("refusing to listen on 0.0.0.0") && result.stderr().contains(
                "add --allow-remote-bind"), result::toString);
    }

    @Test
    void limitsGivenOnTheCommandLineAreTheServersLimits() throws Exception {
        try (ServeProcess serve = serveHttp("--http", "127.0.0.1:0", "--max-message-bytes", "1024",
                "--set", "maxSessions=1")) {
            URI served = serve.address();
            HttpResponse tooLong = post(served, INITIALIZE.replace("\"t\"", "\"" + "t".repeat(2000) + "\""));
            assertEquals(413, tooLong.status(), () -> tooLong + serve.log());
            assertTrue(tooLong.body().contains("maxMessageBytes=1024"), tooLong::toString);

            HttpResponse first = post(served, INITIALIZE);
            assertEquals(200, first.status(), () -> first + serve.log());
            HttpResponse second = post(served, INITIALIZE);
            assertEquals(503, second.status(), () -> second + serve.log()); // maxSessions=1
        }
    }

    @Test
    void aServerSettingGivenWithSetIsTheServersLimit() throws Exception {
        try (ServeProcess serve = serveHttp("--http", "127.0.0.1:0", "--set", "maxOpenListens=1")) {
            HttpClient http = HttpClient.newHttpClient();
            BlockingQueue<String> first = new LinkedBlockingQueue<>();
            http.sendAsync(listen(serve.address()), java.net.http.HttpResponse.BodyHandlers.ofLines())
                    .thenAccept(response -> response.body().forEach(first::add));
            String acknowledged = null;
            while (acknowledged == null || !acknowledged.contains("notifications/subscriptions/acknowledged")) {
                acknowledged = first.poll(30, TimeUnit.SECONDS);
                assertTrue(acknowledged != null, () -> "the first listen was not acknowledged\n" + serve.log());
            }
            String second = http.send(listen(serve.address()), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(second.contains("too many open subscriptions/listen streams: maxOpenListens=1"), second);
        }
    }

    @Test
    void aServerSettingsValueItRefusesIsRefusedNamingTheSetting() {
        Cli.Result result = serve("--http", "127.0.0.1:0", "--set", "maxOpenListens=0");
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("setting maxOpenListens=0 of the server is refused"), result::toString);
    }

    @Test
    void noTransportSettingSharesANameWithAServerOrTasksSetting() {
        for (TransportProvider provider : ServiceLoader.load(TransportProvider.class)) {
            Set<String> shared = new TreeSet<>(provider.serveSettings().keySet());
            shared.retainAll(ServeOptionArgs.SERVER.names());
            assertTrue(shared.isEmpty(), () -> provider.id() + " has settings named as the server's: " + shared);
            Set<String> tasks = new TreeSet<>(provider.serveSettings().keySet());
            tasks.retainAll(ServeOptionArgs.TASKS.names());
            assertTrue(tasks.isEmpty(), () -> provider.id() + " has settings named as the tasks': " + tasks);
        }
        Set<String> both = new TreeSet<>(ServeOptionArgs.SERVER.names());
        both.retainAll(ServeOptionArgs.TASKS.names());
        assertTrue(both.isEmpty(), () -> "the server has settings named as the tasks': " + both);
        assertTrue(ServeOptionArgs.SERVER.names().contains("maxOpenListens"), ServeOptionArgs.SERVER.names()::toString);
        assertTrue(ServeOptionArgs.TASKS.names().contains("maxTasks"), ServeOptionArgs.TASKS.names()::toString);
    }

    private static HttpRequest listen(URI address) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscriptions/listen\",\"params\":{\"_meta\":{"
                + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientInfo\":"
                + "{\"name\":\"t\",\"version\":\"1\"},\"io.modelcontextprotocol/clientCapabilities\":{}},"
                + "\"notifications\":{\"resourcesListChanged\":true}}}";
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + address.getPort() + address.getPath()))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "subscriptions/listen").build();
    }

    @Test
    void overStdioTheMessageLimitIsTheLongestLine() throws Exception {
        String tooLong = INITIALIZE.replace("\"t\"", "\"" + "t".repeat(2000) + "\"");
        JsonObject answer = ServeStatelessTest.exchange(dir.toRealPath(), List.of("--max-message-bytes", "1024"),
                tooLong).get(0);
        assertEquals(1, answer.getInt("id"), answer::toString); // the id is found in the line's first bytes
        assertTrue(answer.getJsonObject("error").toString().contains("maxMessageBytes=1024"), answer::toString);
    }

    @Test
    void anUnknownSettingIsRefusedNamingItAndTheKnownOnes() {
        Cli.Result http = serve("--http", "127.0.0.1:0", "--set", "maxSesions=1");
        assertEquals(Exit.USAGE, http.exitCode(), http::toString);
        assertTrue(http.stderr().contains("unknown setting 'maxSesions' for transport 'http'")
                && http.stderr().contains("maxSessions"), http::toString);

        Cli.Result stdio = serve("--set", "maxSessions=1");
        assertEquals(Exit.USAGE, stdio.exitCode(), stdio::toString);
        assertTrue(stdio.stderr().contains("unknown setting 'maxSessions' for transport 'stdio'")
                && stdio.stderr().contains("drainTimeout"), stdio::toString);
    }

    @Test
    void aValueTheTransportCannotUseIsRefusedNamingTheSetting() {
        Cli.Result result = serve("--http", "127.0.0.1:0", "--set", "requestReadTimeout=soon");
        assertEquals(Exit.USAGE, result.exitCode(), result::toString);
        assertTrue(result.stderr().contains("setting requestReadTimeout=soon of transport 'http' is refused: a duration"),
                result::toString);
    }

    @Test
    void helpListsTheSettingsOfEachTransport() {
        Cli.Result help = Cli.run(Cli.command(), List.of("serve", "--help"));
        assertEquals(0, help.exitCode(), help::toString);
        assertTrue(help.stdout().contains("--allow-remote-bind") && help.stdout().contains("Settings of the http transport")
                && help.stdout().contains("  maxSessions ") && help.stdout().contains("  drainTimeout ")
                && help.stdout().contains("Settings of the server") && help.stdout().contains("  maxOpenListens "),
                help::toString);
    }

    private Cli.Result serve(String... options) {
        List<String> argv = new ArrayList<>(List.of("serve", "--root", dir.toString()));
        argv.addAll(List.of(options));
        return Cli.run(Cli.command(), argv);
    }

    private static HttpResponse post(URI address, String body) throws Exception {
        return RawRequest.post(address.getPath(), body.getBytes(StandardCharsets.UTF_8))
                .header("Host", "127.0.0.1:" + address.getPort())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Connection", "close")
                .sendTo(URI.create("http://127.0.0.1:" + address.getPort()), 30_000);
    }

    private ServeProcess serveHttp(String... options) throws Exception {
        return new ServeProcess(dir, List.of(options), line -> { });
    }
}
