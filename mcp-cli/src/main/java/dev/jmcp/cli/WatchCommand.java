package dev.jmcp.cli;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.resources.Subscription;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code jmcp watch [SERVER] URI}: subscribes to a resource and prints each update as a line until
 * it is stopped. On SIGINT or SIGTERM a shutdown hook unsubscribes (waiting at most
 * {@value #UNSUBSCRIBE_MILLIS} ms) and closes the client, which stops a stdio server.
 */
final class WatchCommand implements Command {
    static final long UNSUBSCRIBE_MILLIS = 2000;

    @Override
    public String name() {
        return "watch";
    }

    @Override
    public String summary() {
        return "print each update of a resource (or of what lies under a collection) until Ctrl-C";
    }

    @Override
    public String help() {
        return """
                usage: jmcp watch [SERVER] URI

                Subscribes to the resource URI and prints the URI of each update on a line of its
                own (with --json, each notification's params) until Ctrl-C; then it unsubscribes
                and closes the connection. For a collection, the server also reports what changes
                under it. It says on standard error when it is watching.

                """ + Target.HELP;
    }

    @Override
    public Args.Spec spec() {
        return Target.options(new Args.Spec());
    }

    @Override
    public int run(Context context) {
        Target.Resolved resolved = Target.resolve(context.args(), name());
        String uri = resolved.required("URI", name());
        McpClient client = context.connect(resolved.target());
        AtomicBoolean stopping = new AtomicBoolean();
        Subscription subscription;
        try {
            subscription = client.resources().subscribe(uri, updated -> print(context, updated));
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping.set(true);
            try {
                CompletableFuture.runAsync(subscription::close).get(UNSUBSCRIBE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                // the server may be gone already (Ctrl-C reaches its whole process group)
            }
            client.close();
        }, "jmcp-watch-shutdown"));
        context.err().println("jmcp: watching " + Text.printable(uri) + " (Ctrl-C to stop)");
        client.session().onClose().join();
        if (stopping.get()) {
            return Exit.INTERRUPTED; // the JVM is exiting anyway, with 130 or 143
        }
        throw new CliException(Exit.CONNECT, "the server closed the connection");
    }

    private static void print(Context context, String updated) {
        if (context.json()) {
            try {
                Json.writeLine(ResourceUpdatedNotificationParams.of(updated), context.out());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else {
            context.out().println(Text.printable(updated));
            context.out().flush();
        }
    }
}
