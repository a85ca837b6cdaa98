package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real {@code jmcp watch} of a folder served by {@code jmcp serve}: each line says what changed. */
class WatchChangesCliTest {
    @TempDir
    Path dir;

    @Test
    void watchingAFolderSaysWhatChangedWhatWasRemovedAndWhatWasAdded() throws Exception {
        // a folder under the root: the root's own children are the top level, whose updates go to no collection
        Path folder = Files.createDirectory(dir.toRealPath().resolve("notes"));
        Path edited = Files.writeString(folder.resolve("a.txt"), "alpha");
        Path deleted = Files.writeString(folder.resolve("b.txt"), "beta");
        Process watch = Cli.startAgainst(dir.toRealPath(), "watch", uri(folder));
        try {
            BlockingQueue<String> out = lines(watch.getInputStream());
            BlockingQueue<String> err = lines(watch.getErrorStream());
            next(err, line -> line.startsWith("jmcp: watching "));

            Files.writeString(edited, "alpha, longer");
            String changed = next(out, line -> line.startsWith("changed " + uri(edited) + ": ")
                    && line.contains("size 5 -> 13"));
            // a version is never withheld: while the time is too fresh to trust, it is the content's hash
            assertTrue(changed.matches(Pattern.quote("changed " + uri(edited) + ": size 5 -> 13, lastModified ")
                    + "\\S+ -> \\S+, version \\S+ -> \\S+"), changed);
            assertFalse(changed.contains("none"), changed);

            Files.delete(deleted);
            assertEquals("removed " + uri(deleted), next(out, line -> line.startsWith("removed ")));

            Path added = Files.writeString(folder.resolve("c.txt"), "gamma");
            String line = next(out, text -> text.startsWith("added "));
            assertTrue(line.equals("added " + uri(added)) || line.startsWith("added " + uri(added) + ": size "), line);
        } finally {
            watch.descendants().forEach(ProcessHandle::destroyForcibly);
            watch.destroyForcibly();
        }
    }

    private static String uri(Path file) {
        return file.toUri().toString().replaceFirst("/$", "");
    }

    /** @return the lines of {@code in}, as they come, read by a daemon thread */
    private static BlockingQueue<String> lines(java.io.InputStream in) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader text = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = text.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "watch-output");
        reader.setDaemon(true);
        reader.start();
        return lines;
    }

    /** @return the first line that matches, skipping the others, within 30 s in all */
    private static String next(BlockingQueue<String> lines, Predicate<String> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<String> skipped = new ArrayList<>();
        while (true) {
            String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            assertNotNull(line, () -> "no such line within 30 s; skipped " + skipped);
            if (wanted.test(line)) {
                return line;
            }
            skipped.add(line);
        }
    }
}
