package dev.jmcp.core.spi;

import dev.jmcp.core.internal.PercentEncoding;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code stdio:} URIs: how a command line is named to {@code McpClient.connect(URI)}, and what the
 * stdio {@link TransportProvider} starts. This class is the one owner of the form; the stdio
 * transport reads URIs with it, and a program that builds them (such as the {@code jmcp} command)
 * writes them with it without depending on the transport.
 *
 * <p>A command line is written in one of two forms:
 * <pre>
 * stdio:COMMAND[?PARAMETERS]           stdio:npx?arg=-y&amp;arg=%40modelcontextprotocol%2Fserver-everything
 * stdio:?cmd=COMMAND[&amp;PARAMETERS]      stdio:/usr/bin/node?arg=server.js&amp;cwd=/srv/mcp
 * </pre>
 * <ul>
 *   <li>{@code COMMAND} is the program: a path, or a name looked up on {@code PATH} as
 *       {@link ProcessBuilder} does.</li>
 *   <li>{@code arg=ARG} adds one argument; repeat it, in order, for each.</li>
 *   <li>{@code cwd=DIR} sets the working directory.</li>
 *   <li>{@code cmd=COMMAND} gives the program as a parameter instead, for one that does not fit in
 *       the first form; giving both is an error.</li>
 *   <li>Every {@code COMMAND} and value is percent-encoded UTF-8: at least {@code %}, {@code &},
 *       {@code =}, {@code ?}, {@code #} and spaces must be escaped. {@code +} is a plus sign, not a
 *       space. Other parameters, an authority ({@code stdio://}) and a fragment are refused.</li>
 * </ul>
 * {@link #uriOf(List)} writes the first form; {@link #commandOf(URI)} reads both. {@link #SELF},
 * {@code stdio:-}, is the address of a process's own standard input and output, where a stdio server
 * serves; {@code stdio:} alone is not a valid {@link URI}.
 *
 * @since 0.1
 */
public final class StdioTargets {
    /** {@code "stdio"}, the scheme of these URIs. */
    public static final String SCHEME = "stdio";
    /** {@code stdio:-}: this process's own stdin and stdout, the address a stdio server serves. */
    public static final URI SELF = URI.create(SCHEME + ":-");

    private StdioTargets() {
    }

    /**
     * @param command the program and its arguments; not empty, the program not empty; never null
     * @return the {@code stdio:} URI that starts {@code command}, such as {@code stdio:npx?arg=-y&arg=server}
     * @throws IllegalArgumentException when {@code command} or its program is empty
     */
    public static URI uriOf(List<String> command) {
        return uriOf(command, null);
    }

    /**
     * @param command   the program and its arguments; not empty, the program not empty; never null
     * @param directory the working directory to start it in ({@code cwd}); null for the caller's
     * @return the {@code stdio:} URI that starts {@code command} in {@code directory}
     * @throws IllegalArgumentException when {@code command} or its program is empty
     */
    public static URI uriOf(List<String> command, Path directory) {
        if (command.isEmpty() || command.get(0).isEmpty()) {
            throw new IllegalArgumentException("a stdio: URI needs a program, got the command line " + command);
        }
        String program = encode(command.get(0));
        if (program.startsWith("//")) {
            program = "%2F" + program.substring(1); // else the URI would have an authority
        } else if (program.equals("-")) {
            program = "%2D"; // else it would be SELF
        }
        StringBuilder uri = new StringBuilder(SCHEME).append(':').append(program);
        char separator = '?';
        for (String argument : command.subList(1, command.size())) {
            uri.append(separator).append("arg=").append(encode(argument));
            separator = '&';
        }
        if (directory != null) {
            uri.append(separator).append("cwd=").append(encode(directory.toString()));
        }
        return URI.create(uri.toString());
    }

    /**
     * @param target a {@code stdio:} command URI; never null
     * @return the command line it names; never null, not empty
     * @throws IllegalArgumentException when {@code target} is not a valid {@code stdio:} command URI,
     *                                  saying why
     */
    public static List<String> commandOf(URI target) {
        return parse(target).command();
    }

    /**
     * @param target a {@code stdio:} command URI; never null
     * @return the working directory it names ({@code cwd}); null when it names none
     * @throws IllegalArgumentException when {@code target} is not a valid {@code stdio:} command URI,
     *                                  saying why
     */
    public static Path directoryOf(URI target) {
        return parse(target).directory();
    }

    private record Parsed(List<String> command, Path directory) {
    }

    private static Parsed parse(URI uri) {
        Objects.requireNonNull(uri, "uri");
        if (!SCHEME.equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException("not a stdio: URI: " + uri);
        }
        if (uri.getRawFragment() != null) {
            throw new IllegalArgumentException("a stdio: URI has no fragment: " + uri);
        }
        String rest = uri.getRawSchemeSpecificPart();
        if (rest.startsWith("//")) {
            throw new IllegalArgumentException("a stdio: URI has no authority (write stdio:/path/to/program): " + uri);
        }
        if (rest.equals(SELF.getRawSchemeSpecificPart())) {
            throw new IllegalArgumentException(uri + " names this process's own stdin and stdout, for serving;"
                    + " to connect, name a command: stdio:COMMAND?arg=ARG");
        }
        int question = rest.indexOf('?');
        String program = decode(question < 0 ? rest : rest.substring(0, question), uri);
        List<String> command = new ArrayList<>(List.of(program));
        Path directory = null;
        if (question >= 0) {
            for (String parameter : rest.substring(question + 1).split("&", -1)) {
                int equals = parameter.indexOf('=');
                if (equals < 0) {
                    throw new IllegalArgumentException("parameter '" + parameter + "' has no '=' in " + uri);
                }
                String name = parameter.substring(0, equals);
                String value = decode(parameter.substring(equals + 1), uri);
                switch (name) {
                    case "arg" -> command.add(value);
                    case "cmd" -> {
                        if (!command.get(0).isEmpty()) {
                            throw new IllegalArgumentException("the command is given twice in " + uri);
                        }
                        command.set(0, value);
                    }
                    case "cwd" -> directory = Path.of(value);
                    default -> throw new IllegalArgumentException("unknown parameter '" + name + "' in " + uri
                            + "; a stdio: URI knows arg, cmd and cwd");
                }
            }
        }
        if (command.get(0).isEmpty()) {
            throw new IllegalArgumentException("no command in " + uri + "; write stdio:COMMAND or stdio:?cmd=COMMAND");
        }
        return new Parsed(List.copyOf(command), directory);
    }

    /** Percent-encodes every byte of the UTF-8 form but letters, digits, {@code -._~} and {@code /}. */
    private static String encode(String value) {
        StringBuilder out = new StringBuilder(value.length());
        PercentEncoding.encode(value, "/", out);
        return out.toString();
    }

    private static String decode(String raw, URI uri) {
        try {
            return PercentEncoding.decode(raw);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + raw + "' has " + e.getMessage() + ", in " + uri, e);
        }
    }
}
