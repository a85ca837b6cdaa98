package dev.jmcp.interop.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code jmcp}, as a child JVM on the module path that {@code ./jmcp} uses
 * ({@code mcp-cli/target/jmcp-lib}, made when mcp-cli is packaged; the {@code jmcp.lib} property).
 */
final class JmcpServe implements AutoCloseable {
    /** Small pages, so that every client's listing has to follow a cursor. */
    static final int PAGE_SIZE = 2;

    private final Process process;
    private final String url;
    private final StringBuffer stderr = new StringBuffer();

    private JmcpServe(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /** @return {@code java -p LIB -m dev.jmcp.cli/dev.jmcp.cli.Main ARGS} */
    static List<String> jmcp(String... args) {
        String lib = System.getProperty("jmcp.lib");
        if (lib == null || !Files.isDirectory(Path.of(lib))) {
            throw new AssertionError("jmcp.lib names no folder: " + lib + " (mcp-cli must be packaged first)");
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-p", lib, "-m",
                "dev.jmcp.cli/dev.jmcp.cli.Main"));
        command.addAll(List.of(args));
        return command;
    }

    /** @return the command line of {@code jmcp serve --root ROOT} over stdio, with small pages */
    static List<String> stdioCommand(Path root) {
        return jmcp("serve", "--root", root.toString(), "--page-size", String.valueOf(PAGE_SIZE));
    }

    /** Starts {@code jmcp serve --root ROOT} over stdio; the caller speaks on its standard input and output. */
    static JmcpServe stdio(Path root) {
        try {
            Process process = new ProcessBuilder(stdioCommand(root)).start();
            JmcpServe serve = new JmcpServe(process, null);
            serve.drainStderr();
            return serve;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts {@code jmcp serve --root ROOT --http 127.0.0.1:PORT} and waits until it serves. */
    static JmcpServe http(Path root) {
        int port = freePort();
        String url = "http://127.0.0.1:" + port + "/mcp";
        try {
            Process process = new ProcessBuilder(jmcp("serve", "--root", root.toString(), "--page-size",
                    String.valueOf(PAGE_SIZE), "--http", "127.0.0.1:" + port)).redirectErrorStream(true).start();
            JmcpServe serve = new JmcpServe(process, url);
            CompletableFuture<Void> serving = new CompletableFuture<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = lines.readLine()) != null; ) {
                        serve.stderr.append(line).append('\n');
                        if (line.contains(url)) {
                            serving.complete(null);
                        }
                    }
                } catch (IOException e) {
                    // the process ended
                }
                serving.completeExceptionally(new AssertionError("jmcp serve ended before serving:\n" + serve.stderr));
            }, "jmcp-serve-output");
            reader.setDaemon(true);
            reader.start();
            try {
                serving.get(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                serve.close();
                throw new AssertionError("jmcp serve did not serve " + url + ":\n" + serve.stderr, e);
            }
            return serve;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void drainStderr() {
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    stderr.append(line).append('\n');
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "jmcp-serve-stderr");
        reader.setDaemon(true);
        reader.start();
    }

    static int freePort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Process process() {
        return process;
    }

    /** @return {@code http://127.0.0.1:PORT/mcp}; null over stdio */
    String url() {
        return url;
    }

    /** @return what the server logged so far, for assertion messages */
    String log() {
        return stderr.toString();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}
