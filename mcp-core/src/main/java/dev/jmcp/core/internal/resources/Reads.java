package dev.jmcp.core.internal.resources;

import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.stream.Stream;

/**
 * {@code resources/read} after routing, per SEP-2093 section 4: a resource that is not a collection
 * is read by its provider and answers with its own URI only; a collection answers with some of its
 * children, each with its own metadata and body, within {@link ResourceSettings#maxCollectionReadEntries()}
 * and {@link ResourceSettings#maxCollectionReadBytes()}.
 */
public final class Reads {
    private static final System.Logger LOG = System.getLogger(Reads.class.getName());

    private final ResourceSettings settings;

    public Reads(ResourceSettings settings) {
        this.settings = settings;
    }

    /**
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} when the resource vanished after its
     *                                                    metadata was read
     */
    public List<ResourceContents> leaf(ResourceProvider provider, Resource metadata, Map<String, String> variables,
                                RequestContext request) {
        List<ResourceContents> elements = provider.read(metadata.uri(), context(request, variables));
        if (elements == null || elements.isEmpty()) {
            throw ResourceErrors.notFound(metadata.uri());
        }
        List<ResourceContents> completed = Contents.complete(provider, metadata, elements);
        BlobReads blobs = new BlobReads(request, settings, BlobReads.stagedTotal(completed));
        List<ResourceContents> prepared = new ArrayList<>(completed.size());
        for (ResourceContents element : completed) {
            prepared.add(blobs.prepare(element));
        }
        blobs.finish();
        return prepared;
    }

    /**
     * Children in listing order. Left out: nested collections (they have no body of their own), a
     * child whose {@code size} (or, once read, body) would overflow the byte budget (smaller ones
     * after it still come), a blob of unknown length (it cannot be budgeted without reading it
     * whole), and a child that vanished or failed to read. Stops at the entry budget.
     *
     * @throws CancellationException when the request is cancelled between children
     */
    List<ResourceContents> collection(ResourceProvider provider, Resource metadata, RequestContext request) {
        List<ResourceContents> contents = new ArrayList<>();
        long remaining = settings.maxCollectionReadBytes();
        ReadContext context = context(request, Map.of());
        BlobReads blobs = new BlobReads(request, settings, null);
        try (Stream<Resource> children = provider.children(metadata.uri())) {
            Iterator<Resource> it = children.iterator();
            while (it.hasNext() && contents.size() < settings.maxCollectionReadEntries()) {
                if (request.isCancelled()) {
                    throw new CancellationException("resources/read of " + metadata.uri() + " was cancelled");
                }
                Resource child = it.next();
                if (child.collection() || (child.size() != null && child.size() > remaining)) {
                    continue;
                }
                for (ResourceContents element : readChild(provider, child, context)) {
                    long bytes = Contents.bodyBytes(element);
                    if (bytes < 0 || bytes > remaining || contents.size() >= settings.maxCollectionReadEntries()) {
                        continue;
                    }
                    remaining -= bytes;
                    contents.add(blobs.prepare(element));
                }
            }
        }
        blobs.finish();
        return contents;
    }

    private static List<ResourceContents> readChild(ResourceProvider provider, Resource child, ReadContext context) {
        String version = Versions.of(provider, child); // before the content: see ResourceProvider.version
        List<ResourceContents> elements;
        try {
            elements = provider.read(child.uri(), context);
        } catch (UncheckedIOException e) {
            LOG.log(Level.DEBUG, "left {0} out of a collection read: {1}", child.uri(), e.getMessage());
            return List.of();
        }
        if (elements == null || elements.isEmpty()) {
            return List.of(); // removed since it was listed
        }
        return Versions.stamped(Contents.complete(provider, child, elements), version);
    }

    static ReadContext context(RequestContext request, Map<String, String> variables) {
        Map<String, String> copy = Map.copyOf(variables);
        return new ReadContext() {
            @Override
            public boolean isCancelled() {
                return request.isCancelled();
            }

            @Override
            public Map<String, String> templateVariables() {
                return copy;
            }
        };
    }
}
