package dev.jmcp.cli;

import dev.jmcp.cli.gomcp.FakeGomcpServerMain;
import dev.jmcp.schema.codec.JsonRuntime;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts {@link FakeGomcpServerMain} as a child JVM on the class path: the JDK, jakarta.json and its provider. */
final class FakeGomcp {
    private FakeGomcp() {
    }

    /** @return the command line of the fake server in {@code mode} ({@code stdio} or {@code http}) */
    static List<String> command(String mode, String... options) {
        String classPath = String.join(File.pathSeparator, location(FakeGomcpServerMain.class),
                location(jakarta.json.Json.class), location(JsonRuntime.provider().getClass()));
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(),
                "-XX:TieredStopAtLevel=1", "-cp", classPath, FakeGomcpServerMain.class.getName(), mode));
        command.addAll(List.of(options));
        return command;
    }

    /** @return the {@code stdio:} URI that starts the fake server in stdio mode */
    static URI stdio(String... options) {
        return Target.stdio(command("stdio", options)).uri();
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The fake server over HTTP+SSE; closing it ends the process. */
    static final class Http implements AutoCloseable {
        private final Process process;
        private final int port;

        Http(String... options) throws IOException {
            process = new ProcessBuilder(command("http", options)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String first = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            if (first == null || !first.startsWith("port ")) {
                process.destroyForcibly();
                throw new IOException("the fake gomcp server did not say its port: " + first);
            }
            port = Integer.parseInt(first.substring("port ".length()));
        }

        /** @return the URL a client is given: the GET stream's */
        String url() {
            return "http://127.0.0.1:" + port + "/sse";
        }

        /** Changes a resource: its subscribers hear of it under {@code notification}. */
        void change(String uri, String text, String notification) throws IOException {
            byte[] body = ("{\"uri\":\"" + uri + "\",\"text\":\"" + text + "\",\"notification\":\"" + notification
                    + "\"}").getBytes(StandardCharsets.UTF_8);
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                socket.getOutputStream().write(("POST /test/change HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: "
                        + body.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().write(body);
                String status = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.US_ASCII)).readLine();
                if (status == null || !status.contains(" 200 ")) {
                    throw new IOException("test/change answered " + status);
                }
            }
        }

        @Override
        public void close() throws Exception {
            process.getOutputStream().close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
