package dev.jmcp.transport.stdio;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The command lines of the test's child processes. */
final class ChildProcesses {
    private ChildProcesses() {
    }

    /**
     * {@code java -cp ... EchoServerMain args}, with the java binary of this JVM.
     *
     * <p>The child runs on the class path, not the module path: surefire runs these tests with the
     * main classes and dependencies on {@code jdk.module.path} and the test classes patched into the
     * module ({@code --patch-module}), so no single module path holds {@link EchoServerMain}.
     * Joining every entry of both properties with the test classes' own location into one class
     * path works in either surefire mode, and also tests the {@code META-INF/services} registration.
     */
    static List<String> echoServer(String... args) {
        return java(EchoServerMain.class, args);
    }

    /** {@code java -cp ... MAIN args}, with the class path {@link #echoServer} describes. */
    static List<String> java(Class<?> main, String... args) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Set<String> classPath = new LinkedHashSet<>();
        classPath.add(location(main));
        classPath.add(location(StdioTransport.class));
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            String value = System.getProperty(property);
            if (value != null) {
                for (String entry : value.split(File.pathSeparator)) {
                    if (!entry.isBlank()) {
                        classPath.add(entry);
                    }
                }
            }
        }
        List<String> command = new ArrayList<>(List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1",
                "-cp", String.join(File.pathSeparator, classPath), main.getName()));
        command.addAll(List.of(args));
        return command;
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
