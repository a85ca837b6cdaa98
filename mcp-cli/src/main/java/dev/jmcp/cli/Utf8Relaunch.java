package dev.jmcp.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Runs {@code jmcp} again under {@code LC_ALL=C.UTF-8} when the JVM started in the C (POSIX)
 * locale, which is what an MCP host gives the servers it starts with an empty environment.
 *
 * <p>Why a second JVM: Java decodes file names with the locale's charset, fixed at start-up
 * ({@code sun.jnu.encoding}, which no system property overrides). Under the C locale that is
 * ASCII, so {@code naïve.txt} is listed as {@code na\uFFFD\uFFFDve.txt}, a name that no longer
 * leads back to the file. Only a JVM started under a UTF-8 locale sees the name. A locale that the
 * user chose (Latin-1, say) is left alone: there the names on disk are in that charset.
 *
 * <p>How: the command line of this JVM is read as bytes from {@code /proc/self/cmdline} (the
 * arguments {@code main} got are already decoded as ASCII, and lossy); the JVM's own part is
 * passed on as it is (it must be ASCII), and jmcp's arguments travel hex-encoded in
 * {@value #VARIABLE}, together with this process's id, so that only the child reads them (a server
 * that the child starts inherits the variable but has another parent). The child gets the same
 * standard streams (a stdio server keeps speaking on them), and its exit code is this one's. Where
 * that cannot be done (no {@code /proc}, a JVM path or option that is not ASCII, the relaunch
 * already happened and the locale is still ASCII because {@code C.UTF-8} is missing) it goes on
 * in this JVM, and {@code jmcp serve} warns that names that are not ASCII will be left out.
 */
final class Utf8Relaunch {
    static final String VARIABLE = "JMCP_RELAUNCHED_ARGS";
    static final String LOCALE = "C.UTF-8";
    private static final Path CMDLINE = Path.of("/proc/self/cmdline");

    private Utf8Relaunch() {
    }

    /** @return whether this JVM decodes file names as ASCII: started under the C locale */
    static boolean namesAreAscii() {
        String jnu = System.getProperty("sun.jnu.encoding", "UTF-8");
        try {
            return Charset.forName(jnu).equals(StandardCharsets.US_ASCII);
        } catch (IllegalArgumentException unknown) {
            return false;
        }
    }

    /**
     * @param args what {@code main} got
     * @return jmcp's arguments: those the parent passed in {@value #VARIABLE} when this is the
     *         relaunched child, else {@code args}
     */
    static String[] arguments(String[] args) {
        return passedByParent().orElse(args);
    }

    /**
     * Relaunches this command under {@code C.UTF-8} when file names are decoded as ASCII, and waits.
     *
     * @param args jmcp's arguments
     * @return the child's exit code; empty when this JVM goes on by itself
     */
    static OptionalInt relaunchIfAscii(String[] args) {
        if (!namesAreAscii() || passedByParent().isPresent()) {
            return OptionalInt.empty();
        }
        List<byte[]> words = cmdline(); // read once: the JVM's part and jmcp's arguments come from it
        Optional<List<String>> jvm = jvmCommand(words, args);
        if (jvm.isEmpty()) {
            return OptionalInt.empty();
        }
        ProcessBuilder builder = new ProcessBuilder(jvm.get()).inheritIO();
        builder.environment().put("LC_ALL", LOCALE);
        builder.environment().put(VARIABLE, encode(words.subList(words.size() - args.length, words.size())));
        Process child;
        try {
            child = builder.start();
        } catch (IOException cannot) {
            return OptionalInt.empty();
        }
        // a host that stops this process stops the server it sees: pass the signal on
        Thread stop = new Thread(child::destroy, "jmcp-relaunch-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        while (true) {
            try {
                int code = child.waitFor();
                Runtime.getRuntime().removeShutdownHook(stop);
                return OptionalInt.of(code);
            } catch (InterruptedException ignored) {
                // only the child's end ends this process
            } catch (IllegalStateException shuttingDown) {
                return OptionalInt.of(child.exitValue());
            }
        }
    }

    /**
     * @return this JVM's command line without jmcp's arguments at its end, when it can be read, ends
     *         with those arguments (not so when they came from an {@code @argfile}) and its JVM part
     *         is all ASCII
     * @param words this JVM's command line, as bytes
     */
    private static Optional<List<String>> jvmCommand(List<byte[]> words, String[] args) {
        int jvmWords = words.size() - args.length;
        if (jvmWords <= 0) {
            return Optional.empty();
        }
        for (int i = 0; i < args.length; i++) {
            boolean ascii = args[i].chars().allMatch(c -> c < 0x80);
            if (ascii && !args[i].equals(new String(words.get(jvmWords + i), StandardCharsets.US_ASCII))) {
                return Optional.empty();
            }
        }
        List<String> jvm = new ArrayList<>();
        for (byte[] word : words.subList(0, jvmWords)) {
            if (!isAscii(word)) {
                return Optional.empty();
            }
            jvm.add(new String(word, StandardCharsets.US_ASCII));
        }
        jvm.set(0, ProcessHandle.current().info().command().orElse(jvm.get(0)));
        return Optional.of(jvm);
    }

    private static boolean isAscii(byte[] word) {
        for (byte b : word) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }

    private static List<byte[]> cmdline() {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(CMDLINE);
        } catch (IOException | UncheckedIOException | SecurityException unavailable) {
            return List.of();
        }
        List<byte[]> words = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                words.add(Arrays.copyOfRange(bytes, start, i));
                start = i + 1;
            }
        }
        return words;
    }

    /** @param arguments jmcp's arguments, as the bytes of this JVM's command line */
    private static String encode(List<byte[]> arguments) {
        HexFormat hex = HexFormat.of();
        StringBuilder value = new StringBuilder().append(ProcessHandle.current().pid());
        for (byte[] word : arguments) {
            value.append(' ').append(word.length == 0 ? "-" : hex.formatHex(word));
        }
        return value.toString();
    }

    private static Optional<String[]> passedByParent() {
        String value = System.getenv(VARIABLE);
        if (value == null) {
            return Optional.empty();
        }
        String[] parts = value.split(" ", -1);
        long parent = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L);
        if (!parts[0].equals(Long.toString(parent))) {
            return Optional.empty(); // inherited by a process that the relaunched jmcp started
        }
        HexFormat hex = HexFormat.of();
        String[] args = new String[parts.length - 1];
        for (int i = 1; i < parts.length; i++) {
            args[i - 1] = parts[i].equals("-") ? "" : new String(hex.parseHex(parts[i]), StandardCharsets.UTF_8);
        }
        return Optional.of(args);
    }
}
