package dev.jmcp.cli;

import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.session.RequestTimeoutException;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Turns what went wrong into one line for standard error and an exit code of {@link Exit}. */
final class Failures {
    private Failures() {
    }

    /**
     * @param code    one of {@link Exit}
     * @param message one line, without the {@code jmcp: } prefix
     */
    record Failure(int code, String message) {
    }

    static Failure describe(Throwable thrown) {
        Throwable failure = unwrap(thrown);
        if (failure instanceof CliException cli) {
            return new Failure(cli.exitCode(), cli.getMessage());
        }
        if (failure instanceof ResourceNotFoundException notFound) {
            return new Failure(Exit.PROTOCOL, "resource not found: " + Text.printable(notFound.uri())
                    + " (" + notFound.code() + ")");
        }
        if (failure instanceof ProtocolException protocol) {
            String message = Text.printable(protocol.getMessage());
            String uri = protocol.data() instanceof JsonObject data && data.get("uri") instanceof JsonString value
                    ? value.getString() : null;
            if (uri != null && !message.contains(uri)) {
                message += ": " + Text.printable(uri);
            }
            return new Failure(Exit.PROTOCOL, message + " (" + protocol.code() + ")");
        }
        if (failure instanceof RequestTimeoutException timeout) {
            return new Failure(Exit.PROTOCOL, "the server did not answer " + timeout.method() + " within "
                    + timeout.timeout().toSeconds() + " s (see --timeout)");
        }
        if (failure instanceof SessionClosedException closed) {
            return new Failure(Exit.CONNECT, "the connection to the server was lost: " + innermostMessage(closed));
        }
        if (failure instanceof UncheckedIOException || failure instanceof IOException) {
            return new Failure(Exit.IO, innermostMessage(failure));
        }
        if (failure instanceof McpException mcp) {
            return new Failure(Exit.PROTOCOL, Text.printable(mcp.getMessage()));
        }
        return new Failure(Exit.PROTOCOL, "internal error: " + failure + " (--debug shows where)");
    }

    /**
     * Names why a network server could not be reached, from the types in {@code thrown}'s causes:
     * the HTTP client reports a refused connection and an unresolvable host alike as a
     * {@link ConnectException} without a message.
     *
     * @param target the server's URL; one without a host (a {@code stdio:} URI) is never "unreachable"
     * @return {@code unknown host: NAME}, {@code connection refused: HOST:PORT} (or the connect
     *         failure's own message, such as "No route to host", with the address); null when
     *         {@code thrown} is not about reaching the host
     */
    static String unreachable(Throwable thrown, URI target) {
        String host = target.getHost();
        if (host == null) {
            return null;
        }
        String address = host + ":" + (target.getPort() >= 0 ? target.getPort()
                : "https".equalsIgnoreCase(target.getScheme()) ? 443 : 80);
        ConnectException connect = null;
        int depth = 0;
        for (Throwable t = thrown; t != null && depth < 20; t = t.getCause(), depth++) {
            if (t instanceof UnresolvedAddressException || t instanceof UnknownHostException) {
                return "unknown host: " + Text.printable(host);
            }
            if (connect == null && t instanceof ConnectException found) {
                connect = found;
            }
        }
        if (connect == null) {
            return null;
        }
        String message = connect.getMessage();
        return (message == null || message.isBlank() || message.toLowerCase(Locale.ROOT).contains("refused")
                ? "connection refused" : Text.printable(message)) + ": " + Text.printable(address);
    }

    /** @return {@code thrown} without the wrappers of futures */
    static Throwable unwrap(Throwable thrown) {
        Throwable current = thrown;
        while ((current instanceof CompletionException || current instanceof ExecutionException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }

    /**
     * @return the most specific message of the chain, made printable: the innermost cause's, or an
     *         outer one that repeats it with more ("Cannot run program "x": error=2, No such file or
     *         directory" rather than "error=2, ..." alone, or "could not connect to ...")
     */
    static String innermostMessage(Throwable thrown) {
        List<String> messages = new ArrayList<>();
        int depth = 0;
        for (Throwable t = thrown; t != null && depth < 20; t = t.getCause(), depth++) {
            String message = IoReasons.message(t);
            if (message != null && !message.isBlank()) {
                messages.add(message);
            }
        }
        if (messages.isEmpty()) {
            return thrown.getClass().getSimpleName();
        }
        int best = messages.size() - 1;
        while (best > 0 && messages.get(best - 1).contains(messages.get(best))) {
            best--;
        }
        return Text.printable(messages.get(best));
    }
}
