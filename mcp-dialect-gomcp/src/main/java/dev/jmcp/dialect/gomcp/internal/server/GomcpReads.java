package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.HeldTexts;
import dev.jmcp.core.internal.resources.Reads;
import dev.jmcp.core.internal.resources.Router;
import dev.jmcp.core.internal.resources.Versions;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpContents;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpReadResult;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonObject;

/**
 * gomcp's {@code resources/get} and {@code resources/read}, answered alike: the version is taken
 * before the content is read (as MCP's conditional reads take it); a client that holds it gets
 * {@code -32050} Not Modified and no content, one that holds another gets the whole answer. The
 * read is MCP's leaf read (cancellation, a binary body streamed as base64 while it is written);
 * of several elements (formats) the first, the provider's primary one, is sent, since gomcp's
 * {@code contents} is one object. A collection has no content of its own: {@code -32602} saying
 * how to list it.
 */
final class GomcpReads {
    private final Router router;
    private final Reads reads;

    GomcpReads(Router router, Reads reads) {
        this.router = router;
        this.reads = reads;
    }

    GomcpReadResult read(Object params, RequestContext context) {
        String method = context.method();
        JsonObject p = JsonParams.object(params, method);
        String uri = JsonParams.requiredString(p, "uri", method);
        String held = JsonParams.optionalString(p, "version", method);
        Caller caller = Caller.of(context);
        Router.Found found = Lookup.require(router, uri, caller);
        Resource metadata = found.resource();
        if (metadata.collection()) {
            throw JsonParams.invalid(method + ": " + uri + " is a collection, which has no content of its own; list"
                    + " its children with resources/list and params.filter.parent \"" + uri + "\"");
        }
        String version = Versions.of(found.provider(), metadata);
        if (version != null && version.equals(held)) {
            throw GomcpErrors.notModified(uri, version);
        }
        ResourceContents first = reads.leaf(found, caller, context).get(0);
        if (first instanceof StreamedTextResourceContents streamed) {
            first = HeldTexts.held(streamed, context); // gomcp's content is a String: held, bounded by the answer budget
        }
        GomcpContents contents = first instanceof TextResourceContents text
                ? new GomcpContents(text.mimeType(), text.text(), null)
                : new GomcpContents(first.mimeType(), null, ((BlobResourceContents) first).blob());
        return new GomcpReadResult(ResourceViews.of(first.resource(), version), contents);
    }
}
