package dev.jmcp.cli;

import dev.jmcp.core.McpClient;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import java.util.ArrayList;
import java.util.List;

/** {@code jmcp ls [SERVER] [URI] [--all]}: a page, or every page, of resources or of a collection's children. */
final class LsCommand implements Command {
    static final int DEFAULT_MAX_PAGES = 100;

    @Override
    public String name() {
        return "ls";
    }

    @Override
    public String summary() {
        return "list the server's resources, or the children of a collection";
    }

    @Override
    public String help() {
        return """
                usage: jmcp ls [SERVER] [URI] [--all] [--cursor CURSOR] [--max-pages N]

                Lists one page of the server's resources, or of the children of the collection URI,
                as a table: NAME, URI, MIME TYPE, SIZE (bytes), COLLECTION (yes, no, or - when the
                server does not say). With --json, each page's raw result, one per line.

                  --all            follow the pages to the end, at most --max-pages of them
                  --cursor CURSOR  start from this page (a nextCursor of an earlier listing)
                  --max-pages N    the bound of --all (default 100); a longer listing prints what
                                   came and exits with 5

                """ + Target.HELP;
    }

    @Override
    public Args.Spec spec() {
        return Target.options(new Args.Spec().flag("--all").option("--cursor").option("--max-pages"));
    }

    @Override
    public int run(Context context) throws Exception {
        Target.Resolved resolved = Target.resolve(context.args(), name());
        String uri = resolved.optional("URI", name());
        boolean all = context.args().flag("--all");
        int maxPages = context.args().intValue("--max-pages", DEFAULT_MAX_PAGES, 1, 1_000_000);
        String cursor = context.args().value("--cursor").orElse(null);
        List<Resource> rows = new ArrayList<>();
        try (McpClient client = context.connect(resolved.target())) {
            int pages = 0;
            do {
                ListResourcesResult page = uri == null ? client.resources().list(cursor)
                        : client.resources().children(uri, cursor);
                pages++;
                if (context.json()) {
                    Json.writeLine(page, context.out());
                } else {
                    rows.addAll(page.resources());
                }
                cursor = page.nextCursor();
            } while (all && cursor != null && pages < maxPages);
        }
        if (!context.json()) {
            context.out().print(Table.resources(rows));
        }
        if (cursor == null) {
            return Exit.OK;
        }
        if (all) {
            throw new CliException(Exit.INCOMPLETE, "the listing did not end within --max-pages=" + maxPages
                    + "; raise it, or go on with --cursor " + cursor);
        }
        if (!context.json()) {
            context.out().flush();
            context.err().println("jmcp: more follow: --all lists them all, --cursor " + cursor + " the next page");
        }
        return Exit.OK;
    }
}
