package dev.jmcp.cli.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real nginx (Debian's package) in front of the replicas, running the checked-in
 * {@code docs/scale-out/nginx.conf} with the test's ports. When nginx is missing the set-up installs
 * it ({@code apt-get install -y nginx}, as CI runs as root); when that fails the test fails, it is
 * never skipped.
 */
final class Nginx implements AutoCloseable {
    private static final Path BINARY = Path.of("/usr/sbin/nginx");

    final int port;
    private final Process process;

    private Nginx(int port, Process process) {
        this.port = port;
        this.process = process;
    }

    /** Installs nginx when it is missing; fails the test when it cannot. */
    static void requireInstalled() throws Exception {
        if (Files.isExecutable(BINARY)) {
            return;
        }
        int installed = run(List.of("apt-get", "install", "-y", "nginx"));
        if (installed != 0) { // the package lists may be missing on a fresh machine
            run(List.of("apt-get", "update"));
            installed = run(List.of("apt-get", "install", "-y", "nginx"));
        }
        assertEquals(0, installed, "apt-get install -y nginx failed: the scale-out tests need nginx");
        assertTrue(Files.isExecutable(BINARY), BINARY + " is missing after apt-get install nginx");
    }

    private static int run(List<String> command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
        Process process = builder.start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            return -1;
        }
        return process.exitValue();
    }

    /**
     * Starts nginx with the checked-in configuration, its three replica addresses and its own port replaced.
     *
     * @param replicas three HOST:PORT addresses
     * @param repository the root of the repository, where docs/scale-out/nginx.conf is
     */
    static Nginx start(Path repository, Path dir, List<String> replicas) throws Exception {
        String conf = Files.readString(repository.resolve("docs/scale-out/nginx.conf"));
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        for (int i = 0; i < 3; i++) {
            String placeholder = "127.0.0.1:808" + (i + 1) + ";";
            assertTrue(conf.contains(placeholder), "nginx.conf names " + placeholder);
            conf = conf.replace(placeholder, replicas.get(i) + ";");
        }
        conf = conf.replace("listen 127.0.0.1:8080;", "listen 127.0.0.1:" + port + ";");
        Path site = Files.writeString(dir.resolve("jmcp.conf"), conf);
        Files.createDirectories(dir.resolve("temp"));
        Path main = Files.writeString(dir.resolve("nginx.conf"), """
                daemon off;
                user root;
                worker_processes 1;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;
                events { worker_connections 4096; }
                http {
                    access_log %1$s/access.log;
                    client_body_temp_path %1$s/temp/body;
                    proxy_temp_path %1$s/temp/proxy;
                    fastcgi_temp_path %1$s/temp/fastcgi;
                    uwsgi_temp_path %1$s/temp/uwsgi;
                    scgi_temp_path %1$s/temp/scgi;
                    include %2$s;
                }
                """.formatted(dir, site), StandardCharsets.UTF_8);
        Process process = new ProcessBuilder(BINARY.toString(), "-p", dir.toString(), "-c", main.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("nginx.out").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!accepts(port)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new AssertionError("nginx did not start: " + Files.readString(dir.resolve("nginx.out")));
            }
            Thread.sleep(20); // a poll for the port, with the deadline above
        }
        return new Nginx(port, process);
    }

    private static boolean accepts(int port) {
        try (Socket ignored = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    String endpoint() {
        return "http://127.0.0.1:" + port + "/mcp";
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
