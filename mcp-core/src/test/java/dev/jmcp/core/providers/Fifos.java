package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Named pipes for tests: a reader that opens one blocks until a writer comes. */
public final class Fifos {
    private Fifos() {
    }

    /** Creates a named pipe at {@code path} with {@code mkfifo}. */
    public static void make(Path path) throws IOException, InterruptedException {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        if (!mkfifo.waitFor(10, TimeUnit.SECONDS)) {
            mkfifo.destroyForcibly();
        }
        assertEquals(0, mkfifo.exitValue(), "mkfifo " + path);
    }

    /**
     * Lets any thread still blocked opening the pipe go on: opening it read-write does not block
     * on Linux, and counts as the writer the reader waits for.
     */
    public static void release(Path path) throws IOException {
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            new RandomAccessFile(path.toFile(), "rw").close();
        }
    }
}
