package dev.jmcp.cli;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.resources.Resource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@code jmcp tree [SERVER] [URI]}: walks collections depth first and draws them.
 *
 * <p>Two guards keep a walk finite. A collection whose URI was already shown is not listed again
 * (the seen set). But a server may reach one folder under ever longer URIs, as jmcp's file-system
 * provider does with a link back to an ancestor ({@code a/up/up/up...}), and a client cannot see
 * that two URIs name one folder. So a collection whose listing is the same as that of one of its
 * ancestors (the same children's names, kinds, sizes, types and modification times) is taken for
 * a link back to it and not followed; and {@code --max-depth} bounds everything else.
 */
final class TreeCommand implements Command {
    static final int DEFAULT_MAX_DEPTH = 10;

    @Override
    public String name() {
        return "tree";
    }

    @Override
    public String summary() {
        return "draw the resources as a tree, walking collections depth first";
    }

    @Override
    public String help() {
        return """
                usage: jmcp tree [SERVER] [URI] [--max-depth N] [--max-pages N]

                Draws the server's resources (or the collection URI and what lies under it) as a tree,
                collections ending with /. Each collection is listed once: one shown before is marked
                (already shown), one that lists the same entries as a collection above it (a link
                back to it) is marked (cycle), and one at the depth bound is marked (not listed).
                With --json, each resource of the walk as one JSON line, in the order of the walk.

                  --max-depth N   how many levels to show below the top (default 10)
                  --max-pages N   the most pages to fetch for one collection (default 100)

                """ + Target.HELP;
    }

    @Override
    public Args.Spec spec() {
        return Target.options(new Args.Spec().option("--max-depth").option("--max-pages"));
    }

    @Override
    public int run(Context context) throws Exception {
        Target.Resolved resolved = Target.resolve(context.args(), name());
        String uri = resolved.optional("URI", name());
        int maxDepth = context.args().intValue("--max-depth", DEFAULT_MAX_DEPTH, 1, 10_000);
        int maxPages = context.args().intValue("--max-pages", LsCommand.DEFAULT_MAX_PAGES, 1, 1_000_000);
        try (McpClient client = context.connect(resolved.target())) {
            Walk walk = new Walk(client, context, maxDepth, maxPages);
            List<Resource> top = uri == null ? client.resources().listAll(maxPages)
                    : client.resources().listAllChildren(uri, maxPages);
            String label = uri != null ? uri
                    : Objects.requireNonNullElse(client.serverInfo().title(), client.serverInfo().name());
            if (!context.json()) {
                context.out().println(Text.printable(label));
            }
            if (uri != null) {
                walk.seen.add(key(uri));
            }
            walk.ancestors.push(new Ancestor(label, signature(top)));
            walk.walk(top, new ArrayList<>(), 1);
            context.out().flush();
            if (walk.failures > 0) {
                throw new CliException(Exit.PROTOCOL, walk.failures + (walk.failures == 1 ? " collection" : " collections")
                        + " could not be listed (marked in the tree)");
            }
        }
        return Exit.OK;
    }

    /** A collection on the way down, with what identifies its listing. */
    private record Ancestor(String label, List<List<Object>> signature) {
    }

    private static final class Walk {
        final McpClient client;
        final Context context;
        final int maxDepth;
        final int maxPages;
        final Set<String> seen = new HashSet<>();
        final Deque<Ancestor> ancestors = new ArrayDeque<>();
        int failures;

        Walk(McpClient client, Context context, int maxDepth, int maxPages) {
            this.client = client;
            this.context = context;
            this.maxDepth = maxDepth;
            this.maxPages = maxPages;
        }

        void walk(List<Resource> children, List<Boolean> ancestorsLast, int depth) throws Exception {
            for (int i = 0; i < children.size(); i++) {
                Resource child = children.get(i);
                boolean last = i == children.size() - 1;
                if (context.json()) {
                    Json.writeLine(child, context.out());
                }
                String label = Objects.requireNonNullElse(child.name(), child.uri()) + (child.collection() ? "/" : "");
                if (!child.collection()) {
                    print(ancestorsLast, last, label);
                    continue;
                }
                if (!seen.add(key(child.uri()))) {
                    print(ancestorsLast, last, label + "  (already shown)");
                    continue;
                }
                if (depth >= maxDepth) {
                    print(ancestorsLast, last, label + "  (not listed: --max-depth " + maxDepth + ")");
                    continue;
                }
                if (context.out().checkError()) {
                    return; // nothing reads the tree any more (tree | head): list no further
                }
                List<Resource> grandchildren;
                try {
                    grandchildren = client.resources().listAllChildren(child.uri(), maxPages);
                } catch (SessionClosedException e) {
                    throw e;
                } catch (McpException e) {
                    failures++;
                    print(ancestorsLast, last, label + "  (cannot list: " + Failures.describe(e).message() + ")");
                    continue;
                }
                List<List<Object>> signature = signature(grandchildren);
                Ancestor same = grandchildren.isEmpty() ? null
                        : ancestors.stream().filter(a -> a.signature().equals(signature)).findFirst().orElse(null);
                if (same != null) {
                    print(ancestorsLast, last, label + "  (cycle: lists the same entries as " + same.label() + ")");
                    continue;
                }
                print(ancestorsLast, last, label);
                ancestors.push(new Ancestor(child.uri(), signature));
                ancestorsLast.add(last);
                walk(grandchildren, ancestorsLast, depth + 1);
                ancestorsLast.remove(ancestorsLast.size() - 1);
                ancestors.pop();
            }
        }

        private void print(List<Boolean> ancestorsLast, boolean last, String label) {
            if (!context.json()) {
                context.out().println(TreePrinter.line(ancestorsLast, last, label));
            }
        }
    }

    /** @return a URI as the seen set keeps it: without a trailing slash */
    static String key(String uri) {
        return uri.endsWith("/") && uri.length() > 1 ? uri.substring(0, uri.length() - 1) : uri;
    }

    /** @return what identifies a listing without its URIs: each child's name, kind, size, type and modification time */
    static List<List<Object>> signature(List<Resource> listing) {
        List<List<Object>> signature = new ArrayList<>(listing.size());
        for (Resource r : listing) {
            signature.add(java.util.Arrays.asList(r.name(), r.isCollection(), r.size(), r.mimeType(),
                    r.annotations() == null ? null : r.annotations().lastModified()));
        }
        return signature;
    }
}
