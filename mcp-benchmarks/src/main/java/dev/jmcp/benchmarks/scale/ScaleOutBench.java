package dev.jmcp.benchmarks.scale;

import dev.jmcp.core.ServerSettings;
import dev.jmcp.postgres.PostgresSchema;
import dev.jmcp.postgres.PostgresSettings;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The scale-out numbers of issue 25, not a JMH benchmark (it measures processes, not a method):
 * three {@code jmcp serve --postgres} replicas (each -Xmx512m) behind nginx with
 * docs/scale-out/nginx.conf, over an embedded PostgreSQL.
 * <ul>
 *   <li>notification latency: from the commit of a plain-SQL UPDATE to its arrival on each of
 *       {@code LISTENS} listen streams spread over the replicas by nginx, p50 / p99 / max;</li>
 *   <li>read throughput: wrk POSTing a 2026-07-28 resources/read of a 1 KiB row, direct to one
 *       replica, through nginx to one, through nginx to three;</li>
 *   <li>memory per idle listen stream: heap after a full GC (jcmd GC.class_histogram) and RSS of
 *       a fourth replica (direct, -Xmx512m) before and after {@code IDLE} idle streams (each
 *       replica is started with {@code --set maxOpenListens} and {@code --set maxConnections} above
 *       {@code IDLE}; the file descriptors are the script's to raise).</li>
 * </ul>
 * Usage: {@code java -cp benchmarks.jar dev.jmcp.benchmarks.scale.ScaleOutBench REPO_ROOT [LISTENS] [IDLE] [SECONDS]}.
 * Prints a markdown table on standard output.
 */
public final class ScaleOutBench {
    private static final Pattern SERVING = Pattern.compile("at http://127\\.0\\.0\\.1:(\\d+)/mcp");
    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"bench\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private final Path root;
    private final Path work;
    private final List<Process> processes = new ArrayList<>();
    private DataSource database;
    /** The idle streams the fourth replica must take: its limits are set above this. */
    private int idle;

    private ScaleOutBench(Path root) throws IOException {
        this.root = root;
        this.work = Files.createTempDirectory("jmcp-scale-bench");
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
        int listens = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        int idle = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        int seconds = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        new ScaleOutBench(root).run(listens, idle, seconds);
        System.exit(0); // the listen streams' threads
    }

    private void run(int listens, int idle, int seconds) throws Exception {
        this.idle = idle;
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
            database = postgres.getPostgresDatabase();
            PostgresSchema.create(database, PostgresSettings.defaults());
            sql("INSERT INTO jmcp_resources (parent, name, text_body) VALUES ('', 'watched.txt', 'v0'), ('', 'timed.txt', 'v0'),"
                    + " ('', 'read.txt', repeat('x', 1024))");
            Path secret = Files.writeString(work.resolve("secret"), "a secret the replicas share for the benchmark\n");
            String url = postgres.getJdbcUrl("postgres", "postgres");
            List<Integer> replicas = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                replicas.add(replica("r" + i, url, secret));
            }
            int alone = replica("r4", url, secret); // the idle streams' own, outside nginx
            int three = nginx("three", replicas);
            int one = nginx("one", List.of(replicas.get(0), replicas.get(0), replicas.get(0)));
            StringBuilder table = new StringBuilder("| measure | value |\n|---|---|\n");
            latency(three, listens, table);
            for (String[] target : new String[][] {{"direct, 1 replica", String.valueOf(replicas.get(0))},
                    {"nginx, 1 replica", String.valueOf(one)}, {"nginx, 3 replicas", String.valueOf(three)}}) {
                table.append("| read req/s, ").append(target[0]).append(", 64 connections | ")
                        .append(wrk(Integer.parseInt(target[1]), seconds)).append(" |\n");
            }
            memory(alone, idle, table);
            table.append("| load average (1, 5, 15 min) at the end | ").append(Files.readString(Path.of("/proc/loadavg"))
                    .strip()).append(" |\n");
            System.out.println(table);
        } finally {
            for (Process process : processes) {
                process.destroyForcibly();
            }
        }
    }

    private void latency(int port, int count, StringBuilder table) throws Exception {
        HttpClient http = HttpClient.newBuilder().build();
        AtomicLongArray heardTimed = new AtomicLongArray(count);
        AtomicLongArray heardProbe = new AtomicLongArray(count);
        for (int i = 0; i < count; i++) {
            int stream = i;
            listen(http, port, line -> {
                if (line.contains("notifications/resources/updated")) {
                    if (line.contains("timed.txt")) {
                        heardTimed.set(stream, System.nanoTime());
                    } else {
                        heardProbe.set(stream, 1);
                    }
                }
            });
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        for (int probe = 0; !all(heardProbe, count); probe++) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("not every listen stream heard a probe in 120 s");
            }
            sql("UPDATE jmcp_resources SET text_body = 'probe " + probe + "' WHERE name = 'watched.txt'");
            Thread.sleep(200); // the benchmark's own pace between probes
        }
        List<Long> samples = new ArrayList<>();
        for (int round = 0; round < 20; round++) {
            for (int i = 0; i < count; i++) {
                heardTimed.set(i, 0);
            }
            sql("UPDATE jmcp_resources SET text_body = 'timed " + round + "' WHERE name = 'timed.txt'");
            long committed = System.nanoTime();
            long roundEnd = committed + TimeUnit.SECONDS.toNanos(10);
            while (!all(heardTimed, count) && System.nanoTime() < roundEnd) {
                Thread.sleep(5);
            }
            for (int i = 0; i < count; i++) {
                long at = heardTimed.get(i);
                samples.add(at == 0 ? Long.MAX_VALUE : at - committed);
            }
            Thread.sleep(100);
        }
        long[] sorted = samples.stream().mapToLong(Long::longValue).sorted().toArray();
        long lost = Arrays.stream(sorted).filter(v -> v == Long.MAX_VALUE).count();
        table.append("| notification latency, ").append(count).append(" listen streams over 3 replicas via nginx, 20 UPDATEs:"
                + " p50 / p99 / max (ms) | ").append(ms(sorted[sorted.length / 2])).append(" / ")
                .append(ms(sorted[(int) (sorted.length * 0.99)])).append(" / ").append(ms(sorted[sorted.length - 1]))
                .append(lost == 0 ? "" : " (" + lost + " not heard in 10 s)").append(" |\n");
    }

    private static boolean all(AtomicLongArray values, int count) {
        for (int i = 0; i < count; i++) {
            if (values.get(i) == 0) {
                return false;
            }
        }
        return true;
    }

    private static String ms(long nanos) {
        return nanos == Long.MAX_VALUE ? "lost" : String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }

    private static CompletableFuture<?> listen(HttpClient http, int port, java.util.function.Consumer<String> lines) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"subscriptions/listen\",\"params\":{" + META
                + ",\"notifications\":{\"resourceSubscriptions\":[\"pg://resources/watched.txt\",\"pg://resources/timed.txt\"]}}}";
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "subscriptions/listen").build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.fromLineSubscriber(new java.util.concurrent.Flow.Subscriber<String>() {
            @Override
            public void onSubscribe(java.util.concurrent.Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(String item) {
                lines.accept(item);
            }

            @Override
            public void onError(Throwable throwable) {
            }

            @Override
            public void onComplete() {
            }
        }));
    }

    private String wrk(int port, int seconds) throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{" + META
                + ",\"uri\":\"pg://resources/read.txt\"}}";
        Path script = Files.writeString(work.resolve("read.lua"), "wrk.method = \"POST\"\n"
                + "wrk.headers[\"Content-Type\"] = \"application/json\"\n"
                + "wrk.headers[\"Accept\"] = \"application/json, text/event-stream\"\n"
                + "wrk.headers[\"MCP-Protocol-Version\"] = \"2026-07-28\"\n"
                + "wrk.headers[\"Mcp-Method\"] = \"resources/read\"\n"
                + "wrk.headers[\"Mcp-Name\"] = \"pg://resources/read.txt\"\n"
                + "wrk.body = [[" + body + "]]\n");
        String url = "http://127.0.0.1:" + port + "/mcp";
        exec(List.of("wrk", "-t2", "-c64", "-d5s", "-s", script.toString(), url)); // warm-up
        String out = exec(List.of("wrk", "-t2", "-c64", "-d" + seconds + "s", "--latency", "-s", script.toString(), url));
        Matcher rate = Pattern.compile("Requests/sec:\\s+([0-9.]+)").matcher(out);
        String distribution = out.substring(Math.max(0, out.indexOf("Latency Distribution")));
        Matcher p50 = Pattern.compile("50%\\s+(\\S+)").matcher(distribution);
        Matcher p99 = Pattern.compile("99%\\s+(\\S+)").matcher(distribution);
        Matcher errors = Pattern.compile("Non-2xx or 3xx responses: (\\d+)").matcher(out);
        return (rate.find() ? rate.group(1) : "?") + " (p50 " + (p50.find() ? p50.group(1) : "?") + ", p99 "
                + (p99.find() ? p99.group(1) : "?") + (errors.find() ? ", non-2xx " + errors.group(1) : "") + ")";
    }

    private void memory(int port, int count, StringBuilder table) throws Exception {
        long pid = pidListeningOn(port);
        long heapBefore = heapAfterGc(pid);
        long rssBefore = rss(pid);
        HttpClient http = HttpClient.newBuilder().build();
        AtomicLong acknowledged = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        AtomicReference<String> firstFailure = new AtomicReference<>();
        for (int i = 0; i < count; i++) {
            listen(http, port, line -> {
                if (line.contains("notifications/subscriptions/acknowledged")) {
                    acknowledged.incrementAndGet();
                } else if (line.contains("\"error\"")) {
                    refused.incrementAndGet();
                    firstFailure.compareAndSet(null, line);
                }
            }).exceptionally(failed -> {
                refused.incrementAndGet();
                firstFailure.compareAndSet(null, failed.toString());
                return null;
            });
        }
        // opening 10,000 streams on two shared cores takes a while: a minute and a second per 50 streams
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60 + count / 50);
        while (acknowledged.get() + refused.get() < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        if (acknowledged.get() < count) {
            System.err.println("ScaleOutBench: " + acknowledged.get() + " of " + count + " idle streams acknowledged, "
                    + refused.get() + " failed; the first failure: " + firstFailure.get());
        }
        long heapAfter = heapAfterGc(pid);
        long rssAfter = rss(pid);
        table.append("| memory per idle listen stream, ").append(acknowledged.get()).append(" streams on one replica (-Xmx512m):"
                + " heap after full GC / RSS | ").append((heapAfter - heapBefore) / Math.max(1, acknowledged.get())).append(" B / ")
                .append((rssAfter - rssBefore) / Math.max(1, acknowledged.get())).append(" B |\n");
    }

    private static long pidListeningOn(int port) throws Exception {
        String out = exec(List.of("ss", "-Htlnp", "sport = :" + port));
        Matcher pid = Pattern.compile("pid=(\\d+)").matcher(out);
        if (!pid.find()) {
            throw new IllegalStateException("no process listens on " + port + ": " + out);
        }
        return Long.parseLong(pid.group(1));
    }

    private static long heapAfterGc(long pid) throws Exception {
        String out = exec(List.of("jcmd", String.valueOf(pid), "GC.class_histogram")); // a full GC first
        Matcher total = Pattern.compile("Total\\s+\\d+\\s+(\\d+)").matcher(out);
        if (!total.find()) {
            throw new IllegalStateException("jcmd gave no histogram: " + out);
        }
        return Long.parseLong(total.group(1));
    }

    private static long rss(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return 0;
    }

    private int replica(String name, String url, Path secret) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(root.resolve("jmcp").toString(), "serve", "--http", "127.0.0.1:0",
                "--postgres", url, "--secret-file", secret.toString(), "--set", "sessionIdPrefix=" + name + "-",
                "--set", "maxConnections=" + Math.max(8192, idle + 1024),
                "--set", "maxOpenListens=" + Math.max(ServerSettings.DEFAULT_MAX_OPEN_LISTENS, idle + 16))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("JAVA_OPTS", "-Xmx512m");
        Process process = builder.start();
        processes.add(process);
        CompletableFuture<Integer> port = new CompletableFuture<>();
        ConcurrentLinkedQueue<String> log = new ConcurrentLinkedQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    log.add(line);
                    Matcher serving = SERVING.matcher(line);
                    if (serving.find()) {
                        port.complete(Integer.parseInt(serving.group(1)));
                    }
                }
            } catch (IOException ignored) {
                // ended
            }
            port.completeExceptionally(new IllegalStateException("replica " + name + " ended: " + log));
        });
        reader.setDaemon(true);
        reader.start();
        return port.get(300, TimeUnit.SECONDS);
    }

    private int nginx(String name, List<Integer> replicas) throws Exception {
        Path dir = Files.createDirectories(work.resolve("nginx-" + name));
        Files.createDirectories(dir.resolve("temp"));
        String conf = Files.readString(root.resolve("docs/scale-out/nginx.conf"));
        for (int i = 0; i < 3; i++) {
            conf = conf.replace("127.0.0.1:808" + (i + 1) + ";", "127.0.0.1:" + replicas.get(i) + ";");
        }
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        conf = conf.replace("listen 127.0.0.1:8080;", "listen 127.0.0.1:" + port + ";");
        Path site = Files.writeString(dir.resolve("jmcp.conf"), conf);
        Path main = Files.writeString(dir.resolve("nginx.conf"), ("daemon off;\nuser root;\nworker_processes 2;\n"
                + "worker_rlimit_nofile 20000;\npid %1$s/nginx.pid;\nerror_log %1$s/error.log warn;\n"
                + "events { worker_connections 8192; }\nhttp { access_log off; client_body_temp_path %1$s/temp/body;"
                + " proxy_temp_path %1$s/temp/proxy; fastcgi_temp_path %1$s/temp/fastcgi; uwsgi_temp_path %1$s/temp/uwsgi;"
                + " scgi_temp_path %1$s/temp/scgi; include %2$s; }\n").formatted(dir, site));
        processes.add(new ProcessBuilder("nginx", "-p", dir.toString(), "-c", main.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("nginx.out").toFile()).start());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return port;
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("nginx did not start: " + Files.readString(dir.resolve("nginx.out")));
                }
                Thread.sleep(20);
            }
        }
    }

    private void sql(String sql) throws Exception {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static String exec(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return out;
    }
}
