package dev.jmcp.cli;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.core.spi.StdioTargets;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * The server a client command talks to: an {@code http(s)} URL given right after the command's
 * name, or a stdio server's command line given after {@code --} at the end. With a {@code --}, every
 * positional is the command's own (so a resource URI may itself be an {@code http} URL); without
 * one, the first positional must name the server ({@code http:}, {@code https:} or a
 * {@code stdio:} URI).
 *
 * @param uri     what {@link McpClient#connect(URI, ClientOptions)} gets; never null
 * @param display how messages name the server: the URL, or the command line; never null
 */
record Target(URI uri, String display) {
    static final String HELP = """
            SERVER is an http(s) URL right after the command name (jmcp ls http://127.0.0.1:8765/mcp),
            or a stdio server's command line after -- at the end (jmcp ls -- ./jmcp serve --root .).

              --max-message-bytes N  the longest message the server may send, in bytes (default
                                     4294967296, 4 GiB, for read; 16777216, 16 MiB, otherwise);
                                     a longer one fails its request at once
              --dialect ID           the server speaks another resources protocol: gomcp (a Go MCP
                                     library's: initialize at 2025-03-26, resources/read with a
                                     version, uris[] subscriptions); default: MCP's own

            """ + CliAuth.HELP;

    /**
     * What a command reads from the server, which sets how long a message and a string other than a
     * blob may be unless {@code --max-message-bytes} says otherwise. A blob is decoded to disk as it
     * arrives; every other string is held whole, so its bound is a bound on the heap.
     */
    enum Reads {
        /**
         * Names, descriptions, URIs and metadata ({@code ls}, {@code tree}, {@code meta},
         * {@code watch}): 16 MiB messages, as the library's default, and strings of 1 Mi characters,
         * 8 times the longest URI or description a server has a reason to send.
         */
        LISTINGS(CodecLimits.DEFAULT_MAX_MESSAGE_BYTES, 1 << 20),
        /**
         * A resource's contents ({@code read}): 4 GiB messages, since blobs go to disk, and text of
         * 64 Mi characters, which is held whole (at most 128 MiB of heap as UTF-16); larger contents
         * come as a blob.
         */
        CONTENTS(4L << 30, 64 << 20);

        final long maxMessageBytes;
        final int maxStringLength;

        Reads(long maxMessageBytes, int maxStringLength) {
            this.maxMessageBytes = maxMessageBytes;
            this.maxStringLength = maxStringLength;
        }
    }

    /** @return {@code spec} with the options of commands that connect to a server */
    static Args.Spec options(Args.Spec spec) {
        return CliAuth.options(spec.option("--max-message-bytes").option("--dialect"));
    }

    /**
     * @return {@code options} with the dialect that {@code --dialect} names, found through
     *         {@link java.util.ServiceLoader}; unchanged without the option
     * @throws CliException ({@link Exit#USAGE}) when no dialect has that id, naming the known ones
     */
    static ClientOptions.Builder dialect(Args args, ClientOptions.Builder options) {
        String id = args.value("--dialect").orElse(null);
        if (id == null) {
            return options;
        }
        try {
            return options.dialect(id);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--dialect " + Text.printable(id) + ": " + e.getMessage());
        }
    }

    /**
     * @return the codec limits for what the server sends: {@code --max-message-bytes} (by default
     *         that of {@code reads}), and strings up to that length, at most {@code reads}' string length
     * @throws CliException ({@link Exit#USAGE}) when {@code --max-message-bytes} is not a whole number
     *                      from 1024 to {@link Long#MAX_VALUE}
     */
    static CodecLimits limits(Args args, Reads reads) {
        long max = args.longValue("--max-message-bytes", reads.maxMessageBytes, 1024, Long.MAX_VALUE);
        return CodecLimits.builder().maxMessageBytes(max)
                .maxStringLength((int) Math.min(max, reads.maxStringLength)).build();
    }

    /**
     * The target and the command's own positionals.
     *
     * @param target      never null
     * @param positionals the positionals that remain for the command; never null
     */
    record Resolved(Target target, List<String> positionals) {
        /** @return the one optional positional called {@code what}, or null */
        String optional(String what, String command) {
            if (positionals.size() > 1) {
                throw CliException.usage("jmcp " + command + " takes at most one " + what + "; got " + positionals);
            }
            return positionals.isEmpty() ? null : positionals.get(0);
        }

        /** @return the one required positional called {@code what} */
        String required(String what, String command) {
            if (positionals.size() != 1) {
                throw CliException.usage("jmcp " + command + " takes one " + what
                        + (positionals.isEmpty() ? "" : "; got " + positionals) + " (see jmcp " + command + " --help)");
            }
            return positionals.get(0);
        }
    }

    /**
     * @throws CliException ({@link Exit#USAGE}) when the arguments name no server
     */
    static Resolved resolve(Args args, String command) {
        return resolve(args, args.positionals(), command);
    }

    /**
     * As {@link #resolve(Args, String)}, over {@code positionals} instead of all the arguments' (a
     * command with a subcommand, such as {@code skills ls}, passes those after it).
     */
    static Resolved resolve(Args args, List<String> positionals, String command) {
        if (args.command() != null) {
            if (args.command().isEmpty()) {
                throw CliException.usage("nothing after --: name the stdio server's command, such as -- ./jmcp serve");
            }
            return new Resolved(stdio(args.command()), positionals);
        }
        if (!positionals.isEmpty() && isServerUri(positionals.get(0))) {
            String first = positionals.get(0);
            URI uri;
            try {
                uri = new URI(first);
            } catch (URISyntaxException e) {
                throw CliException.usage("not a valid server URL: " + first + " (" + e.getReason() + ")");
            }
            return new Resolved(new Target(uri, first), positionals.subList(1, positionals.size()));
        }
        throw CliException.usage("jmcp " + command + " needs a server: an http(s) URL right after '" + command
                + "', or -- COMMAND [ARGS...] at the end for a stdio server");
    }

    private static boolean isServerUri(String value) {
        String lower = value.toLowerCase(Locale.ROOT);
        return lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("stdio:");
    }

    /**
     * @param command a program and its arguments
     * @return the target that starts it, named by its {@code stdio:} URI
     */
    static Target stdio(List<String> command) {
        return new Target(StdioTargets.uriOf(command), String.join(" ", command));
    }

    /**
     * Connects and chooses the protocol revision ({@code server/discover}, then {@code initialize}
     * for an older server).
     *
     * @throws CliException ({@link Exit#CONNECT}) when no transport serves the scheme, or the server
     *                      cannot be started or reached, ends before it has answered
     *                      {@code server/discover} or {@code initialize}, or refuses them
     */
    McpClient connect(ClientOptions options) {
        Transports.require(uri.getScheme() == null ? "" : uri.getScheme(), "cannot connect to " + display);
        try {
            return McpClient.connect(uri, options);
        } catch (RuntimeException e) {
            String reason;
            if (e instanceof ProtocolException protocol) {
                reason = "it refused " + (options.dialect() != null ? "initialize" : "server/discover and initialize")
                        + ": " + Text.printable(protocol.getMessage()) + " (" + protocol.code() + ")";
            } else if (e instanceof SessionClosedException && e.getCause() == null) {
                reason = "the server closed the connection before it answered server/discover or initialize";
            } else {
                String unreachable = Failures.unreachable(e, uri);
                reason = unreachable != null ? unreachable : Failures.innermostMessage(e);
            }
            throw new CliException(Exit.CONNECT, "cannot connect to " + display + ": " + reason, e);
        }
    }
}
