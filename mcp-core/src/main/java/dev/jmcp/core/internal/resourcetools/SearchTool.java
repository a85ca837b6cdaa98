package dev.jmcp.core.internal.resourcetools;

import dev.jmcp.core.internal.resources.ResourcesFeature;
import dev.jmcp.core.resourcetools.ResourceToolsSettings;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.ListResourceTemplatesRequestParams;
import dev.jmcp.schema.resources.ListResourcesRequestParams;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import jakarta.json.JsonObject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * {@code resources_search}: walks the listings breadth first, as the caller may see them, and keeps
 * the resources whose URI, name, title or description hold every word of the query. Bounded by
 * {@code maxSearchVisited} resources looked at and {@code maxEntries} found; the answer says which
 * bound stopped it. Matching words rather than ranking them: a model refines its query, and a
 * listing has no text to rank by beyond these fields.
 */
final class SearchTool {
    private final ResourcesFeature resources;
    private final ResourceToolsSettings settings;

    SearchTool(ResourcesFeature resources, ResourceToolsSettings settings) {
        this.resources = resources;
        this.settings = settings;
    }

    JsonObject call(Arguments arguments, RequestContext context) {
        String query = arguments.string("query", true).toLowerCase(Locale.ROOT).strip();
        if (query.isEmpty()) {
            throw arguments.invalid("needs a query with at least one word");
        }
        String[] words = query.split("\\s+");
        List<String> found = new ArrayList<>();
        int visited = 0;
        Deque<String> collections = new ArrayDeque<>();
        collections.add(""); // the top level
        boolean more = false;
        walk:
        while (!collections.isEmpty()) {
            String uri = collections.poll();
            String cursor = null;
            do {
                ListResourcesResult page;
                try {
                    page = resources.list(uri.isEmpty() ? ListResourcesRequestParams.page(cursor)
                            : ListResourcesRequestParams.children(uri, cursor), context);
                } catch (ProtocolException gone) {
                    continue walk; // a collection removed (or hidden) since it was listed: the rest still counts
                }
                for (Resource resource : page.resources()) {
                    if (visited == settings.maxSearchVisited() || found.size() == settings.maxEntries()) {
                        more = true;
                        break walk;
                    }
                    visited++;
                    if (matches(words, resource.uri(), resource.name(), resource.title(), resource.description())) {
                        found.add(Lines.of(resource));
                    }
                    if (resource.collection()) {
                        collections.add(resource.uri());
                    }
                }
                cursor = page.nextCursor();
            } while (cursor != null);
        }
        List<String> templates = new ArrayList<>();
        for (ResourceTemplate template : Lines.refusalsAsFailures(() ->
                resources.templates(ListResourceTemplatesRequestParams.page(null), context)).resourceTemplates()) {
            if (templates.size() < settings.maxEntries()
                    && matches(words, template.uriTemplate(), template.name(), template.title(), template.description())) {
                templates.add(Lines.of(template));
            }
        }
        StringBuilder text = new StringBuilder();
        text.append(found.isEmpty() ? "No resource matches '" + query + "'." : "Resources matching '" + query + "':");
        found.forEach(line -> text.append('\n').append(line));
        if (!templates.isEmpty()) {
            text.append("\n\nURI templates matching it (fill in the {variables}, then call ").append(ToolCatalog.READ).append("):");
            templates.forEach(line -> text.append('\n').append(line));
        }
        if (more) {
            text.append("\n\nThe search stopped after ").append(visited).append(" resources looked at and ").append(found.size())
                    .append(" found (at most ").append(settings.maxSearchVisited()).append(" looked at, maxSearchVisited, and ")
                    .append(settings.maxEntries()).append(" found, maxEntries): more may match; use more words,"
                            + " or browse with ").append(ToolCatalog.LIST).append('.');
        }
        return new Answers().text(text.toString()).result();
    }

    private static boolean matches(String[] words, String... fields) {
        StringBuilder haystack = new StringBuilder();
        for (String field : fields) {
            if (field != null) {
                haystack.append(field.toLowerCase(Locale.ROOT)).append('\n');
            }
        }
        for (String word : words) {
            if (haystack.indexOf(word) < 0) {
                return false;
            }
        }
        return true;
    }
}
