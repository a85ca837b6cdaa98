package dev.jmcp.interop.jvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The folder every client is pointed at: more files than a page ({@link JmcpServe#PAGE_SIZE}), a
 * text file with a name that is not ASCII, and a binary file. What the clients change in it during
 * a test (a write to {@link #WATCHED}, a new file) is what they must hear of.
 */
final class SampleRoot {
    static final String NON_ASCII = "grüße-✓.txt";
    static final String NON_ASCII_TEXT = "Grüße aus Köln ✓\n";
    static final String BLOB = "pixels.bin";
    static final String WATCHED = "alpha.txt";
    static final String OTHER = "beta.txt";
    static final List<String> FILES = List.of(WATCHED, OTHER, "gamma.txt", NON_ASCII, BLOB);

    private SampleRoot() {
    }

    static Path create(Path dir) {
        try {
            for (String name : List.of(WATCHED, OTHER, "gamma.txt")) {
                Files.writeString(dir.resolve(name), name + "\n");
            }
            Files.writeString(dir.resolve(NON_ASCII), NON_ASCII_TEXT, StandardCharsets.UTF_8);
            Files.write(dir.resolve(BLOB), blob());
            return dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return every byte value once, and a 0x89 PNG-like start, so that it can only be a blob */
    static byte[] blob() {
        byte[] bytes = new byte[256];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (0x89 + i);
        }
        return bytes;
    }

    /** Changes {@code name}'s content (and size, so that its version changes at once). */
    static void touch(Path root, String name, int round) {
        try {
            Files.writeString(root.resolve(name), name + " changed " + round + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds a file, which changes the list. */
    static void add(Path root, String name) {
        try {
            Files.writeString(root.resolve(name), "new\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
