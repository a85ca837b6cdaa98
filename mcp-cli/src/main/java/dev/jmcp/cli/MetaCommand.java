package dev.jmcp.cli;

import dev.jmcp.core.McpClient;
import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.common.Icon;
import dev.jmcp.schema.resources.ReadResourceMetadataResult;
import dev.jmcp.schema.resources.Resource;
import java.util.ArrayList;
import java.util.List;

/** {@code jmcp meta [SERVER] URI}: a resource's metadata, without its content ({@code resources/metadata}). */
final class MetaCommand implements Command {

    @Override
    public String name() {
        return "meta";
    }

    @Override
    public String summary() {
        return "show a resource's metadata, without reading it (SEP-2093 resources/metadata)";
    }

    @Override
    public String help() {
        return """
                usage: jmcp meta [SERVER] URI [--max-pages N]

                Shows the metadata of the resource URI, one field a line: uri, name, title,
                description, mimeType, size, isCollection, lastModified, audience, priority, icons,
                _meta; fields the server left out are not shown. With --json, the raw result.
                A server without resources/metadata (-32601) is asked for its listing instead,
                which says so on standard error, and the entry with URI is shown.

                  --max-pages N    how many pages of that listing to look through (default 100)

                """ + Target.HELP;
    }

    @Override
    public Args.Spec spec() {
        return Target.options(new Args.Spec().option("--max-pages"));
    }

    @Override
    public int run(Context context) throws Exception {
        Target.Resolved resolved = Target.resolve(context.args(), name());
        String uri = resolved.required("URI", name());
        int maxPages = context.args().intValue("--max-pages", LsCommand.DEFAULT_MAX_PAGES, 1, 1_000_000);
        Resource resource;
        try (McpClient client = context.connect(resolved.target())) {
            try {
                resource = client.resources().metadata(uri);
            } catch (RuntimeException e) {
                if (!MetaFallback.applies(e)) {
                    throw e;
                }
                context.out().flush();
                resource = MetaFallback.scan(client, uri, maxPages, context.err());
            }
        }
        if (context.json()) {
            Json.writeLine(ReadResourceMetadataResult.of(resource), context.out());
        } else {
            context.out().print(Table.render(null, fields(resource)));
        }
        return Exit.OK;
    }

    /** @return the resource's fields that are set, as (name, value) rows */
    static List<List<String>> fields(Resource resource) {
        List<List<String>> rows = new ArrayList<>();
        add(rows, "uri", resource.uri());
        add(rows, "name", resource.name());
        add(rows, "title", resource.title());
        add(rows, "description", resource.description());
        add(rows, "mimeType", resource.mimeType());
        add(rows, "size", resource.size() == null ? null : resource.size() + " (" + Text.bytes(resource.size()) + ")");
        add(rows, "isCollection", resource.isCollection() == null ? null : resource.isCollection().toString());
        Annotations annotations = resource.annotations();
        if (annotations != null) {
            add(rows, "lastModified", annotations.lastModified());
            add(rows, "audience", annotations.audience() == null ? null
                    : annotations.audience().stream().map(role -> role.name().toLowerCase(java.util.Locale.ROOT)).toList().toString());
            add(rows, "priority", annotations.priority() == null ? null : annotations.priority().toString());
        }
        if (resource.icons() != null) {
            for (Icon icon : resource.icons()) {
                add(rows, "icon", icon.src().length() > 100 ? icon.src().substring(0, 97) + "..." : icon.src());
            }
        }
        add(rows, "_meta", resource.meta() == null ? null : resource.meta().toString());
        return rows;
    }

    private static void add(List<List<String>> rows, String name, String value) {
        if (value != null) {
            rows.add(List.of(name, value));
        }
    }
}
