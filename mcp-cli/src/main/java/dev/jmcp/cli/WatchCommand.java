package dev.jmcp.cli;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.resources.Subscription;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code jmcp watch [SERVER] URI}: subscribes to a resource and prints what each notification
 * changed ({@link WatchedResources}, {@link WatchChange}) as a line until it is stopped. On SIGINT
 * or SIGTERM a shutdown hook unsubscribes (waiting at most {@value #UNSUBSCRIBE_MILLIS} ms) and
 * closes the client, which stops a stdio server.
 */
final class WatchCommand implements Command {
    static final long UNSUBSCRIBE_MILLIS = 2000;
    /** The most children of a watched collection that watch lists to tell what was added or removed. */
    static final int DEFAULT_MAX_LISTING = 1000;

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
                usage: jmcp watch [SERVER] URI [--max-listing N]

                Subscribes to the resource URI and prints a line for each change until Ctrl-C;
                then it unsubscribes and closes the connection. For a collection, the server also
                reports what changes under it. It says on standard error when it is watching.

                After each update it asks for the resource's metadata and says what differs from
                what it knew: its size, lastModified and version (_meta "dev.jmcp/version"):
                  changed file:///notes/a.md: size 120 -> 164, lastModified ... -> ...
                  updated file:///notes/a.md          (nothing shows how)
                  removed file:///notes/b.md
                When the list of resources changes, it lists the children of a watched
                collection again and names each one added or removed; for a resource that is
                not a collection, or a collection of more than N children, it prints
                "list changed". With --json, each change is an object:
                  {"change":"changed","uri":...,"before":{"size":120,...},"after":{...}}

                  --max-listing N   the most children of a collection followed (default 1000)

                """ + Target.HELP;
    }

    @Override
    public Args.Spec spec() {
        return Target.options(new Args.Spec().option("--max-listing"));
    }

    @Override
    public int run(Context context) {
        Target.Resolved resolved = Target.resolve(context.args(), name());
        String uri = resolved.required("URI", name());
        int maxListing = context.args().intValue("--max-listing", DEFAULT_MAX_LISTING, 0, 1_000_000);
        McpClient client = context.connect(resolved.target());
        AtomicBoolean stopping = new AtomicBoolean();
        // the changes are worked out by requests, which must not run on the session's notification thread
        ExecutorService worker = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "jmcp-watch");
            thread.setDaemon(true);
            return thread;
        });
        WatchedResources watched = new WatchedResources(uri, new Lookup(client, context.err()),
                () -> children(client, uri, maxListing));
        Subscription subscription;
        try {
            if (!watched.start()) {
                context.err().println("jmcp: " + Text.printable(uri) + " has more than --max-listing=" + maxListing
                        + " children: what is added or removed shows as \"list changed\"");
            }
            subscription = client.resources().subscribe(uri,
                    updated -> worker.execute(() -> report(context, updated, () -> watched.updated(updated))));
            client.resources().onListChanged(() -> worker.execute(() -> report(context, null, watched::listChanged)));
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

    /** Prints what {@code changes} finds; when that fails (the server did not answer), the bare notification. */
    private static void report(Context context, String updated, Supplier<List<WatchChange>> changes) {
        List<WatchChange> found;
        try {
            found = changes.get();
        } catch (RuntimeException e) {
            context.err().println("jmcp: cannot tell what changed: " + Failures.describe(e).message());
            found = List.of(updated == null ? WatchChange.listChanged()
                    : new WatchChange(WatchChange.Kind.UPDATED, updated, null, null));
        }
        print(context, found);
    }

    private static void print(Context context, List<WatchChange> changes) {
        for (WatchChange change : changes) {
            if (context.json()) {
                try {
                    Json.writeLine(change.json(), context.out());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                context.out().println(change.text());
            }
        }
        context.out().flush();
    }

    /**
     * @return the children of {@code uri}, or null when it has more than {@code max} (or the server
     *         cannot list a collection's children)
     */
    private static List<Resource> children(McpClient client, String uri, int max) {
        List<Resource> children = new ArrayList<>();
        String cursor = null;
        try {
            do {
                ListResourcesResult page = client.resources().children(uri, cursor);
                children.addAll(page.resources());
                if (children.size() > max) {
                    return null;
                }
                cursor = page.nextCursor();
            } while (cursor != null);
        } catch (McpException cannotList) {
            return null;
        }
        return children;
    }

    /**
     * A resource's metadata, or null when it is gone: {@code resources/metadata}, or the server's
     * listing when it has no such method ({@link MetaFallback}, which says so once).
     */
    private static final class Lookup implements Function<String, Resource> {
        private final McpClient client;
        private PrintStream note;
        private boolean noMetadata;

        Lookup(McpClient client, PrintStream err) {
            this.client = client;
            this.note = err;
        }

        @Override
        public Resource apply(String uri) {
            if (!noMetadata) {
                try {
                    return client.resources().metadata(uri);
                } catch (ResourceNotFoundException gone) {
                    return null;
                } catch (RuntimeException e) {
                    if (!MetaFallback.applies(e)) {
                        throw e;
                    }
                    noMetadata = true;
                }
            }
            try {
                return MetaFallback.scan(client, uri, LsCommand.DEFAULT_MAX_PAGES, note);
            } catch (CliException notListed) {
                return null;
            } finally {
                note = new PrintStream(OutputStream.nullOutputStream()); // said once
            }
        }
    }
}
