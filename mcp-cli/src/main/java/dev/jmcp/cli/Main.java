package dev.jmcp.cli;

import dev.jmcp.schema.codec.JsonRuntime;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.BufferedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;

/**
 * The entry point of {@code jmcp}: picks the command, parses its arguments, runs it, and turns any
 * failure into one line on standard error and an exit code ({@link Exit}).
 */
public final class Main {
    private static final Map<String, Command> COMMANDS = new LinkedHashMap<>();

    static {
        for (Command command : List.of(new ServeCommand(), new LsCommand(), new ReadCommand(), new MetaCommand(),
                new TreeCommand(), new WatchCommand(), new AuthCommand(), new SkillsCommand())) {
            COMMANDS.put(command.name(), command);
        }
    }

    private Main() {
    }

    /**
     * Runs {@code jmcp} and exits with its code.
     *
     * @param given the command and its arguments (passed on to a relaunch under a UTF-8 locale
     *              when the JVM started in the C locale: {@link Utf8Relaunch})
     */
    public static void main(String[] given) {
        OptionalInt relaunched = Utf8Relaunch.relaunchIfAscii(given);
        if (relaunched.isPresent()) {
            System.exit(relaunched.getAsInt());
        }
        String[] args = Utf8Relaunch.arguments(given);
        boolean serving = args.length > 0 && args[0].equals("serve")
                && Arrays.stream(args).noneMatch(a -> a.equals("--help") || a.equals("-h"));
        if (serving) {
            // first of all: for a stdio server, standard output is the protocol; whatever prints
            // during start-up (a library, a log handler) must land on standard error instead
            System.setOut(System.err);
        }
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        StandardOutput stdout = new StandardOutput();
        PrintStream out = serving ? err
                : new PrintStream(new BufferedOutputStream(stdout, 1 << 16), false, StandardCharsets.UTF_8);
        int code = run(List.of(args), out, err, Terminal.detect(), stdout::readerGone);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs one command line; never throws, never exits.
     *
     * @param readerGone whether nothing reads {@code out} any more ({@code jmcp tree | head -1}): then
     *                   the command ends quietly with 0, as a pipeline's writer does
     * @return the exit code
     */
    static int run(List<String> argv, PrintStream out, PrintStream err, Terminal terminal, BooleanSupplier readerGone) {
        if (argv.isEmpty()) {
            err.print(usage());
            return Exit.USAGE;
        }
        String first = argv.get(0);
        if (first.equals("--help") || first.equals("-h") || first.equals("help")) {
            Command command = argv.size() > 1 ? COMMANDS.get(argv.get(1)) : null;
            out.print(command != null ? help(command) : usage());
            return Exit.OK;
        }
        if (first.equals("--version")) {
            out.println("jmcp " + version());
            return Exit.OK;
        }
        try {
            JsonRuntime.provider(); // without it nothing works: say so first (a jlink image without Parsson)
        } catch (IllegalStateException missing) {
            err.println("jmcp: " + missing.getMessage());
            return Exit.SETUP;
        }
        Command command = COMMANDS.get(first);
        if (command == null) {
            err.println("jmcp: unknown command '" + Text.printable(first) + "'; the commands are "
                    + String.join(", ", COMMANDS.keySet()) + " (see jmcp --help)");
            return Exit.USAGE;
        }
        int end = argv.indexOf("--"); // what follows is the server's command line
        boolean debug = (end < 0 ? argv : argv.subList(0, end)).contains("--debug");
        try {
            Args args = Args.parse(argv.subList(1, argv.size()), Context.common(command.spec()), command.name());
            if (args.flag("--help")) {
                out.print(help(command));
                return Exit.OK;
            }
            Logs.configure(args.flag("--debug"));
            int code = command.run(new Context(args, out, err, terminal));
            out.flush();
            if (out.checkError() && readerGone.getAsBoolean()) {
                return Exit.OK;
            }
            if (out.checkError()) {
                err.println("jmcp: could not write to standard output");
                return code == Exit.OK ? Exit.IO : code;
            }
            return code;
        } catch (Throwable thrown) {
            if (thrown instanceof VirtualMachineError fatal && !(thrown instanceof OutOfMemoryError)) {
                throw fatal;
            }
            out.flush();
            if (readerGone.getAsBoolean()) {
                return Exit.OK;
            }
            Failures.Failure failure = Failures.describe(thrown);
            if (debug) {
                thrown.printStackTrace(err);
            }
            err.println("jmcp: " + failure.message());
            return failure.code();
        }
    }

    /** @return the module's version, or {@code dev} when it was built without one */
    static String version() {
        return Main.class.getModule().getDescriptor() == null ? "dev"
                : Main.class.getModule().getDescriptor().rawVersion().orElse("dev");
    }

    static String help(Command command) {
        return command.help() + "\nOptions of every command:\n" + Context.COMMON_HELP;
    }

    static String usage() {
        StringBuilder text = new StringBuilder("""
                jmcp: serve a folder over MCP, or browse the resources of any MCP server.

                usage: jmcp COMMAND [OPTIONS] ...     (jmcp COMMAND --help for each)

                """);
        for (Command command : COMMANDS.values()) {
            text.append(String.format("  %-7s %s%n", command.name(), command.summary()));
        }
        text.append("\n").append(Target.HELP).append("""

                  jmcp serve --root ~/notes                       a stdio server, for an MCP host to launch
                  jmcp tree -- ./jmcp serve --root .              serve a folder and show it, in one line
                  jmcp read file:///tmp/a.txt -- ./jmcp serve --root /tmp
                  jmcp serve --skills ./skills --http 8765         serve a folder of skills (SEP-2640)
                  jmcp serve --root ~/notes --resources-as-tools  also as tools, for hosts that only call tools
                  jmcp serve --root ~/videos --tasks              large reads as tasks, polled (SEP-2663)
                  jmcp skills get http://127.0.0.1:8765/mcp pdf-processing -o out
                  JMCP_MODULE_PATH=zip.jar ./jmcp serve --discover --provider-setting zip.file=docs.zip

                Every command accepts --json (raw result objects), --timeout SECS, --debug, --help.

                Exit codes:
                  0  done
                  1  the server answered with an error (such as resource not found), or not in time
                  2  usage: a wrong command line, or something the command will not do (a blob on a terminal)
                  3  the server could not be started or reached, or the connection was lost
                  4  a local file or standard output could not be written
                  5  a listing was longer than --max-pages; what came is printed
                  6  the command cannot run: ./jmcp could not build it, or no JSON provider is on its module path
                  7  read --if-changed: the resource still has that version; nothing was written
                  130, 143  stopped by SIGINT or SIGTERM (watch, serve --http)
                """);
        return text.toString();
    }
}
