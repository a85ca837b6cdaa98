package dev.jmcp.benchmarks.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A benchmark server in a child JVM: the running JVM's {@code java}, the running class path (the
 * benchmarks jar), the same heap for either server. For stdio the client spawns the
 * {@link #command}; for HTTP, {@link #startHttp} starts it and waits for the URL it announces.
 *
 * <p>An HTTP server's output is copied by threads of ours, never inherited: a server that outlived
 * a crashed benchmark JVM would otherwise hold JMH's pipe open and hang the whole run. A shutdown
 * hook stops it if the benchmark JVM ends without {@link #close()}.
 */
final class ServerProcess implements AutoCloseable {
    /**
     * The server JVMs' flags, the same for both servers. The JVM's own warnings go to stdout by
     * default, where a stdio server speaks the protocol: they are sent to stderr instead.
     */
    static final List<String> JVM_ARGS = List.of("-Xms1g", "-Xmx1g", "-Xlog:disable", "-Xlog:all=warning:stderr");
    /**
     * More server JVM flags, separated by spaces, to profile a server: such as
     * {@code -jvmArgsAppend -Djmcp.bench.serverJvmArgs=-XX:StartFlightRecording=filename=/tmp/jfr/server.jfr,settings=profile}.
     * Over HTTP only: JFR announces its recording on stdout whatever {@code -Xlog} says, which
     * breaks a stdio server's protocol.
     */
    static final String EXTRA_JVM_ARGS = "jmcp.bench.serverJvmArgs";
    /**
     * The class path of the {@code base} server: jmcp as it was, such as the benchmarks jar of an
     * earlier commit, run against jmcp as it is in the same run ({@code -p server=jmcp,base
     * -jvmArgsAppend -Djmcp.bench.baseClasspath=/tmp/base.jar}).
     */
    static final String BASE_CLASSPATH = "jmcp.bench.baseClasspath";
    private static final long START_SECONDS = 60;

    private final Process process;
    private final URI uri;
    private final Thread stopAtExit;

    private ServerProcess(Process process, URI uri, Thread stopAtExit) {
        this.process = process;
        this.uri = uri;
        this.stopAtExit = stopAtExit;
    }

    /** @return the command line that runs {@code mainClass} with {@code args} in a server JVM */
    static List<String> command(Class<?> mainClass, String... args) {
        return command(System.getProperty("java.class.path"), mainClass, args);
    }

    /** @return the command line that runs {@code mainClass} of {@link #BASE_CLASSPATH} with {@code args} */
    static List<String> baseCommand(Class<?> mainClass, String... args) {
        String classpath = System.getProperty(BASE_CLASSPATH);
        if (classpath == null || classpath.isBlank()) {
            throw new IllegalArgumentException("the base server needs -D" + BASE_CLASSPATH + "=<jar of an earlier build>");
        }
        return command(classpath, mainClass, args);
    }

    private static List<String> command(String classpath, Class<?> mainClass, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_ARGS);
        for (String extra : System.getProperty(EXTRA_JVM_ARGS, "").trim().split("\\s+")) {
            if (!extra.isEmpty()) {
                command.add(extra);
            }
        }
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        return command;
    }

    /**
     * Starts {@code mainClass --http 0} and waits until it prints its URL. Its stderr is copied to
     * ours; its stdout, after the URL, is drained and dropped.
     */
    static ServerProcess startHttp(Class<?> mainClass) {
        return startHttp(mainClass, command(mainClass, "--http", "0"));
    }

    /** As {@link #startHttp(Class)}, for {@link #baseCommand}'s server. */
    static ServerProcess startBaseHttp(Class<?> mainClass) {
        return startHttp(mainClass, baseCommand(mainClass, "--http", "0"));
    }

    private static ServerProcess startHttp(Class<?> mainClass, List<String> command) {
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + mainClass.getSimpleName(), e);
        }
        Thread stopAtExit = new Thread(process::destroyForcibly, mainClass.getSimpleName() + "-stop");
        Runtime.getRuntime().addShutdownHook(stopAtExit);
        CompletableFuture<URI> announced = new CompletableFuture<>();
        daemon(() -> drain(process, announced), mainClass.getSimpleName() + "-stdout");
        daemon(() -> copyStderr(process), mainClass.getSimpleName() + "-stderr");
        try {
            return new ServerProcess(process, announced.get(START_SECONDS, TimeUnit.SECONDS), stopAtExit);
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            throw new IllegalStateException(mainClass.getSimpleName() + " did not announce its URL ("
                    + (e instanceof TimeoutException ? "waited " + START_SECONDS + " s" : e.getCause().getMessage())
                    + "); its stderr is above", e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting " + mainClass.getSimpleName(), e);
        }
    }

    private static void daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void copyStderr(Process process) {
        try (InputStream err = process.getErrorStream()) {
            byte[] buffer = new byte[8192];
            for (int n; (n = err.read(buffer)) >= 0; ) {
                System.err.write(buffer, 0, n);
                System.err.flush();
            }
        } catch (IOException e) {
            // the server has gone: nothing more to copy
        }
    }

    private static void drain(Process process, CompletableFuture<URI> announced) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (!announced.isDone() && line.startsWith("http://")) {
                    announced.complete(URI.create(line.strip()));
                }
            }
            announced.completeExceptionally(new IOException("the server's stdout ended before it announced a URL"));
        } catch (IOException | RuntimeException e) {
            announced.completeExceptionally(e);
        }
    }

    /** @return the MCP endpoint, with the port bound */
    URI uri() {
        return uri;
    }

    /** Stops the server: SIGTERM, then SIGKILL after 5 seconds. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        Runtime.getRuntime().removeShutdownHook(stopAtExit);
    }
}
