package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Where the read-only spec material (seeds/ and spec/) is, for the tests that also check its
 * examples. The project's own examples never need it; these tests are extra, and say so when they
 * do not run.
 *
 * <ul>
 *   <li>{@code -Djmcp.shared.dir=DIR} names it: DIR must hold seeds/ and spec/, or the tests fail
 *       (a typo must not pass as a skip).</li>
 *   <li>Otherwise the pom's {@code jmcp.shared.default} ({@code ../shared} beside the clone, where
 *       CI has it) is used when it is there; when it is not, the tests are reported as skipped,
 *       with a message saying how to run them.</li>
 * </ul>
 */
final class SharedMaterial {
    /** The system property a user sets to name the shared folder. */
    static final String DIR_PROPERTY = "jmcp.shared.dir";
    /** The system property the pom sets to {@code ../shared} beside the clone, used when that folder exists. */
    static final String DEFAULT_PROPERTY = "jmcp.shared.default";

    private SharedMaterial() {
    }

    /**
     * @return the shared folder
     * @throws org.opentest4j.TestAbortedException when no folder was named and the default is not there
     */
    static Path dir() {
        String named = System.getProperty(DIR_PROPERTY, "");
        if (!named.isBlank()) {
            Path path = Path.of(named).toAbsolutePath().normalize();
            if (!holdsMaterial(path)) {
                fail(DIR_PROPERTY + "=" + path + " must be a folder with seeds/ and spec/ in it");
            }
            return path;
        }
        String fallback = System.getProperty(DEFAULT_PROPERTY, "");
        Path path = fallback.isBlank() ? null : Path.of(fallback).toAbsolutePath().normalize();
        Assumptions.assumeTrue(path != null && holdsMaterial(path), () -> "the spec material is not beside this clone"
                + (path == null ? "" : " (no seeds/ and spec/ in " + path + ")")
                + ", so its examples are not checked; the project's own examples are. To check them too, run with -D"
                + DIR_PROPERTY + "=/path/to/shared");
        return path;
    }

    private static boolean holdsMaterial(Path path) {
        return Files.isDirectory(path.resolve("seeds")) && Files.isDirectory(path.resolve("spec"));
    }
}
