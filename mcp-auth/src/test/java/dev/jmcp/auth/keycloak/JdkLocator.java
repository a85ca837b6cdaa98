package dev.jmcp.auth.keycloak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Finds a JDK that Keycloak 26 runs on (21 or newer), since jmcp builds and tests on 17 too. A machine
 * without one fails the Keycloak tests with a message saying what to install or name, never skips them.
 */
final class JdkLocator {

    static final int MINIMUM_FEATURE = 21;
    /** names a JDK folder explicitly; otherwise JAVA_HOME, the running JVM and the usual folders are tried */
    static final String PROPERTY = "jmcp.keycloak.java";
    private static final List<Path> FOLDERS = List.of(Path.of("/usr/lib/jvm"), Path.of("/usr/lib64/jvm"),
            Path.of("/opt/java"), Path.of("/Library/Java/JavaVirtualMachines"));

    private JdkLocator() {
    }

    /** The newest JDK >= 21 found, as the folder to give as JAVA_HOME. */
    static Path locate() {
        String named = System.getProperty(PROPERTY, "");
        if (!named.isBlank()) {
            Path home = Path.of(named);
            int feature = feature(home).orElseThrow(() -> new IllegalStateException(
                    "-D" + PROPERTY + "=" + named + " is not a JDK folder (no bin/java and release file)"));
            if (feature < MINIMUM_FEATURE) {
                throw new IllegalStateException("-D" + PROPERTY + "=" + named + " is Java " + feature
                        + "; Keycloak needs " + MINIMUM_FEATURE + " or newer");
            }
            return home;
        }
        List<Path> candidates = new ArrayList<>();
        String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            candidates.add(Path.of(javaHome));
        }
        candidates.add(Path.of(System.getProperty("java.home")));
        for (Path folder : FOLDERS) {
            candidates.addAll(children(folder));
            candidates.addAll(children(folder).stream().map(p -> p.resolve("Contents/Home")).toList());
        }
        return candidates.stream()
                .filter(home -> feature(home).orElse(0) >= MINIMUM_FEATURE)
                .max(Comparator.comparingInt((Path home) -> feature(home).orElse(0)))
                .orElseThrow(() -> new IllegalStateException("Keycloak 26 needs a JDK " + MINIMUM_FEATURE
                        + " or newer to run, and none was found in JAVA_HOME, java.home or " + FOLDERS
                        + "; install one (for example Temurin 25) or name its folder with -D" + PROPERTY + "=DIR"));
    }

    /** The feature version from the JDK's {@code release} file, when the folder holds a JDK. */
    static Optional<Integer> feature(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release) || !Files.isExecutable(home.resolve("bin/java"))) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (var in = Files.newInputStream(release)) {
            properties.load(in);
        } catch (IOException e) {
            return Optional.empty();
        }
        String version = properties.getProperty("JAVA_VERSION", "").replace("\"", "");
        String first = version.split("[.+-]")[0];
        try {
            int feature = Integer.parseInt(first);
            return Optional.of(feature == 1 ? 8 : feature);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static List<Path> children(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(folder)) {
            return list.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
