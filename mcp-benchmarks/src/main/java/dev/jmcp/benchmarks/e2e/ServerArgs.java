package dev.jmcp.benchmarks.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The command line both end-to-end servers take:
 * {@code --stdio | --http PORT [--file PATH] [--text-file PATH] [--entries N]}.
 * <ul>
 *   <li>{@code --stdio}: MCP over the process's stdin and stdout;</li>
 *   <li>{@code --http PORT}: Streamable HTTP at {@code http://127.0.0.1:PORT/mcp} (0 for any free
 *       port); the server prints that URL, with the bound port, as the first line of stdout
 *       once it listens;</li>
 *   <li>{@code --file PATH}: also serve that file as a blob, named by its real path's
 *       {@code file:} URI (the URI {@code jmcp serve --root} gives it);</li>
 *   <li>{@code --text-file PATH}: also serve that file, UTF-8, as a {@code text/plain} text
 *       resource named the same way, read at each request: what {@code jmcp serve --root} does
 *       with a small text file ({@code bench/http-load}'s 1 KiB read). {@link SdkResourceServer}
 *       only: jmcp's side of that benchmark is {@code jmcp serve} itself;</li>
 *   <li>{@code --entries N}: serve N list entries instead of {@value BenchResources#LIST_ENTRIES}, to
 *       see what the size of the listing costs other requests (the benchmark always serves all).</li>
 * </ul>
 *
 * @param httpPort the port, or -1 for stdio
 * @param file     may be null
 * @param textFile may be null
 * @param entries  how many list entries to serve
 */
record ServerArgs(int httpPort, Path file, Path textFile, int entries) {
    static final String USAGE = "usage: --stdio | --http PORT [--file PATH] [--text-file PATH] [--entries N]";
    /** The address both servers listen on: loopback only. */
    static final String HOST = "127.0.0.1";
    /** The MCP endpoint's path on both servers. */
    static final String PATH = "/mcp";

    boolean stdio() {
        return httpPort < 0;
    }

    /** @throws IllegalArgumentException naming what is wrong, with the usage line */
    static ServerArgs parse(String... args) {
        Integer port = null;
        Path file = null;
        Path textFile = null;
        int entries = BenchResources.LIST_ENTRIES;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--stdio" -> port = -1;
                case "--http" -> port = Integer.parseInt(value(args, ++i));
                case "--file" -> file = Path.of(value(args, ++i));
                case "--text-file" -> textFile = Path.of(value(args, ++i));
                case "--entries" -> entries = Integer.parseInt(value(args, ++i));
                default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'; " + USAGE);
            }
        }
        if (port == null) {
            throw new IllegalArgumentException("say --stdio or --http PORT; " + USAGE);
        }
        requireFile("--file", file);
        requireFile("--text-file", textFile);
        if (entries < 0 || entries > BenchResources.LIST_ENTRIES) {
            throw new IllegalArgumentException("--entries takes 0 to " + BenchResources.LIST_ENTRIES + ", was " + entries);
        }
        return new ServerArgs(port, file, textFile, entries);
    }

    private static void requireFile(String option, Path file) {
        if (file != null && !Files.isRegularFile(file)) {
            throw new IllegalArgumentException(option + " " + file + " is not a readable file");
        }
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value; " + USAGE);
        }
        return args[i];
    }

    /** @return the {@code file:} URI both servers give {@code file}: its real path's, as {@code jmcp serve --root} does */
    static String fileUri(Path file) throws IOException {
        return file.toRealPath().toUri().toASCIIString();
    }

    /** Tells the benchmark where the server listens, once it does: the first line of stdout. */
    static void announce(int boundPort) {
        System.out.println("http://" + HOST + ":" + boundPort + PATH);
        System.out.flush();
    }
}
