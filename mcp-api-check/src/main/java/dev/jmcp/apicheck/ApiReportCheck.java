package dev.jmcp.apicheck;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The test that a library module's checked-in API report is current. A module's test extends it with one
 * line, in any package of the module ({@code class ApiReportTest extends ApiReportCheck {}}), and the report
 * is that of the module the subclass runs in.
 *
 * <p>System properties, set by the parent pom's surefire configuration: {@value #REPORT} (the report file,
 * {@code <module>/api/<artifactId>.api}), {@value #ROOT} (the reactor's directory, to name the module in the
 * command) and {@value #UPDATE} ({@code true}: write the report instead of checking it).
 */
public abstract class ApiReportCheck {

    /** The system property naming the report file. */
    public static final String REPORT = "jmcp.api.report";
    /** The system property naming the reactor's root directory. */
    public static final String ROOT = "jmcp.api.root";
    /** The system property that, {@code true}, makes the test write the report rather than check it. */
    public static final String UPDATE = "jmcp.api.update";

    /** For subclasses. */
    protected ApiReportCheck() {
    }

    /**
     * Fails when the report of this module differs from the checked-in one or is missing, showing the
     * difference and the command that rewrites it; with {@code -Djmcp.api.update=true}, writes it.
     *
     * @throws IOException if the report cannot be read or written
     */
    @Test
    public void apiReportIsCurrent() throws IOException {
        Path file = reportFile();
        String command = command(file);
        List<String> generated = new ArrayList<>();
        generated.add("# The API of module " + getClass().getModule().getName()
                + ": every public and protected signature of its exported packages.");
        generated.add("# Written by its ApiReportTest; do not edit. Rewrite it with: " + command);
        generated.add("");
        generated.addAll(ApiReport.of(getClass().getModule()));
        List<String> checkedIn = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8).lines()
                .collect(Collectors.toList()) : null;
        if (generated.equals(checkedIn)) {
            return;
        }
        if (Boolean.getBoolean(UPDATE)) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, String.join("\n", generated) + "\n", StandardCharsets.UTF_8);
            System.err.println("wrote the API report " + file);
            return;
        }
        if (checkedIn == null) {
            fail("no API report at " + file + ". Write it, review it and commit it with:\n  " + command);
        }
        fail("the API report " + file + " is stale: the module's public API is not what it says.\n"
                + "If the change is meant, rewrite the report and commit it with the change:\n  " + command + "\n"
                + "--- checked in\n+++ compiled\n" + String.join("\n", LineDiff.of(checkedIn, generated)));
    }

    private static Path reportFile() {
        String configured = System.getProperty(REPORT, "");
        if (!configured.isBlank()) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        // run outside Maven (an IDE): the working directory is the module's, named as its artifact
        Path dir = Path.of("").toAbsolutePath();
        return dir.resolve("api").resolve(dir.getFileName() + ".api");
    }

    private static String command(Path file) {
        Path moduleDir = file.getParent().getParent();
        String root = System.getProperty(ROOT, "");
        String module = root.isBlank() ? moduleDir.toString()
                : Path.of(root).toAbsolutePath().normalize().relativize(moduleDir).toString().replace('\\', '/');
        return "mvn -pl " + (module.isEmpty() ? "." : module) + " -am verify -D" + UPDATE + "=true"
                + " -Dtest=ApiReportTest -Dsurefire.failIfNoSpecifiedTests=false";
    }
}
