package dev.jmcp.interop.jvm;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code jmcp watch URL mem://ticker} against the official Java SDK's server over HTTP. That server
 * sends its GET stream's headers only with its first event, and the first event here comes only
 * after jmcp's subscribe: a client that held its requests until the GET stream opened printed
 * nothing at all.
 */
class JavaSdkServerWatchTest {
    @Test
    void watchHearsTheTickerOfAServerThatOpensItsGetStreamOnlyWithAnEvent() throws Exception {
        try (JavaSdkTicker server = JavaSdkTicker.start()) {
            Process watch = new ProcessBuilder(JmcpServe.jmcp("watch", server.url(), JavaSdkTicker.URI)).start();
            try {
                BlockingQueue<String> out = lines(watch.getInputStream(), "stdout");
                BlockingQueue<String> err = lines(watch.getErrorStream(), "stderr");
                String watching = firstContaining(err, "watching", 60);
                assertNotNull(watching, "jmcp watch never said it was watching; stderr: " + err);
                String change = firstContaining(out, JavaSdkTicker.URI, 60);
                assertNotNull(change, "jmcp watch printed no change of the ticker; stderr: " + err);
                assertTrue(watch.isAlive(), "still watching");
            } finally {
                watch.destroy();
                if (!watch.waitFor(10, TimeUnit.SECONDS)) {
                    watch.destroyForcibly();
                }
            }
        }
    }

    /** @return the first line that contains {@code text}, or null when none came within {@code seconds} */
    private static String firstContaining(BlockingQueue<String> lines, String text, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (long left; (left = deadline - System.nanoTime()) > 0; ) {
            String line = lines.poll(left, TimeUnit.NANOSECONDS);
            if (line != null && line.contains(text)) {
                return line;
            }
        }
        return null;
    }

    private static BlockingQueue<String> lines(InputStream in, String name) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader text = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = text.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "jmcp-watch-" + name);
        reader.setDaemon(true);
        reader.start();
        return lines;
    }
}
