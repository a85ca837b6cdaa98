package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
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

    private static final System.Logger LOG = System.getLogger(SharedMaterial.class.getName());
    private static final AtomicBoolean TOLD = new AtomicBoolean();

    private SharedMaterial() {
    }

    /**
     * @return the shared folder
     * @throws org.opentest4j.TestAbortedException when no folder was named and the default is not
     *         there: the test is reported as skipped, with the reason
     */
    static Path dir() {
        Optional<Path> found = find();
        Assumptions.assumeTrue(found.isPresent(), SharedMaterial::whyNot);
        return found.get();
    }

    /**
     * @return the shared folder, or empty when no folder was named and the default is not there
     *         (said once on the console, so that the skipped tests are noticed)
     */
    static Optional<Path> find() {
        String named = System.getProperty(DIR_PROPERTY, "");
        if (!named.isBlank()) {
            Path path = Path.of(named).toAbsolutePath().normalize();
            if (!holdsMaterial(path)) {
                fail(DIR_PROPERTY + "=" + path + " must be a folder with seeds/ and spec/ in it");
            }
            return Optional.of(path);
        }
        Path fallback = fallback();
        if (fallback != null && holdsMaterial(fallback)) {
            return Optional.of(fallback);
        }
        if (!TOLD.getAndSet(true)) {
            LOG.log(System.Logger.Level.WARNING, whyNot());
        }
        return Optional.empty();
    }

    private static String whyNot() {
        Path fallback = fallback();
        return "the spec material is not beside this clone" + (fallback == null ? "" : " (no seeds/ and spec/ in "
                + fallback + ")") + ", so the tests of its examples are skipped; the project's own examples are"
                + " checked. To check the spec's too, run with -D" + DIR_PROPERTY + "=/path/to/shared";
    }

    private static Path fallback() {
        String fallback = System.getProperty(DEFAULT_PROPERTY, "");
        return fallback.isBlank() ? null : Path.of(fallback).toAbsolutePath().normalize();
    }

    private static boolean holdsMaterial(Path path) {
        return Files.isDirectory(path.resolve("seeds")) && Files.isDirectory(path.resolve("spec"));
    }
}
