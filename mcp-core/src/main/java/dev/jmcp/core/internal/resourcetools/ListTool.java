package dev.jmcp.core.internal.resourcetools;

import dev.jmcp.core.internal.resources.ResourcesFeature;
import dev.jmcp.core.resourcetools.ResourceToolsSettings;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.schema.resources.ListResourceTemplatesRequestParams;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesRequestParams;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import jakarta.json.JsonObject;
import java.util.List;

/**
 * {@code resources_list}: a page of {@code resources/list} cut to {@code maxEntries} lines. Its cursor
 * is the position in the page and the page's own (signed) cursor, {@code <skip>:<cursor>}: a forged
 * one can only skip within a page the caller may see.
 */
final class ListTool {
    private final ResourcesFeature resources;
    private final ResourceToolsSettings settings;

    ListTool(ResourcesFeature resources, ResourceToolsSettings settings) {
        this.resources = resources;
        this.settings = settings;
    }

    JsonObject call(Arguments arguments, RequestContext context) {
        return listing(arguments.string("uri", false), arguments.string("cursor", false), arguments, context);
    }

    /** Also the answer of {@code resources_read} for a collection. */
    JsonObject listing(String uri, String cursor, Arguments arguments, RequestContext context) {
        int skip = 0;
        String page = null;
        if (cursor != null) {
            int colon = cursor.indexOf(':');
            try {
                skip = Integer.parseInt(colon < 0 ? cursor : cursor.substring(0, colon));
            } catch (NumberFormatException e) {
                skip = -1;
            }
            if (skip < 0) {
                throw arguments.invalid("was given a cursor it never gave: '" + cursor + "'");
            }
            page = colon < 0 || colon == cursor.length() - 1 ? null : cursor.substring(colon + 1);
        }
        String from = page;
        ListResourcesResult result = Lines.refusalsAsFailures(() -> resources.list(uri == null
                ? ListResourcesRequestParams.page(from) : ListResourcesRequestParams.children(uri, from), context));
        List<Resource> entries = result.resources();
        int end = (int) Math.min(entries.size(), (long) skip + settings.maxEntries());
        StringBuilder text = new StringBuilder(uri == null ? "Resources" : "Entries of " + uri).append(':');
        for (int i = Math.min(skip, end); i < end; i++) {
            text.append('\n').append(Lines.of(entries.get(i)));
        }
        if (end == Math.min(skip, end)) {
            text.append("\n(none)");
        }
        String next = end < entries.size() ? end + ":" + (page == null ? "" : page)
                : result.nextCursor() != null ? "0:" + result.nextCursor() : null;
        if (uri == null && cursor == null) {
            templates(text, context);
        }
        if (next != null) {
            text.append("\n\nMore entries remain (at most ").append(settings.maxEntries())
                    .append(" per answer, maxEntries). To see them, call ").append(ToolCatalog.LIST).append(" with {")
                    .append(uri == null ? "" : "\"uri\": " + Answers.quoted(uri) + ", ")
                    .append("\"cursor\": ").append(Answers.quoted(next)).append("}.");
        }
        return new Answers().text(text.toString()).result();
    }

    /** The first page of templates, as far as maxEntries allows: a model fills one in and reads the URI. */
    private void templates(StringBuilder text, RequestContext context) {
        ListResourceTemplatesResult result = Lines.refusalsAsFailures(() ->
                resources.templates(ListResourceTemplatesRequestParams.page(null), context));
        List<ResourceTemplate> templates = result.resourceTemplates();
        if (templates.isEmpty()) {
            return;
        }
        text.append("\n\nURI templates (fill in the {variables}, then call ").append(ToolCatalog.READ).append(" with the URI):");
        int shown = Math.min(templates.size(), settings.maxEntries());
        for (int i = 0; i < shown; i++) {
            text.append('\n').append(Lines.of(templates.get(i)));
        }
        if (shown < templates.size() || result.nextCursor() != null) {
            text.append("\n(more templates than one answer shows, maxEntries=").append(settings.maxEntries()).append(")");
        }
    }
}
