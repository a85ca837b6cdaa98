package dev.jmcp.core.internal.resources;

import dev.jmcp.core.internal.session.AnswerMemory;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * {@code resources/read} after routing, per SEP-2093 section 4: a resource that is not a collection
 * is read by its provider and answers with its own URI only; a collection answers with some of its
 * children, each with its own metadata and body, within {@link ResourceSettings#maxCollectionReadEntries()}
 * and {@link ResourceSettings#maxCollectionReadBytes()}.
 */
public final class Reads {
    private static final System.Logger LOG = System.getLogger(Reads.class.getName());

    /** How many children a collection read asks its provider for at a time. */
    private static final int PAGE = 64;

    private final ResourceSettings settings;
    private final UnaryOperator<InputStream> bodies;

    public Reads(ResourceSettings settings) {
        this(settings, UnaryOperator.identity());
    }

    /**
     * @param bodies wraps every blob body opened while an answer is written, so that the server can
     *               wait for it before it closes the provider ({@link ProviderLifecycle#track})
     */
    public Reads(ResourceSettings settings, UnaryOperator<InputStream> bodies) {
        this.settings = settings;
        this.bodies = bodies;
    }

    /**
     * @param found the resource, as its provider described it just now
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} when the resource vanished after it
     *         was described, {@code -32603} when it cannot be read or the provider broke a rule
     */
    public List<ResourceContents> leaf(Router.Found found, Caller caller, RequestContext request) {
        ResourceProvider provider = found.provider();
        Resource metadata = found.resource();
        RequestReadContext context = context(caller, request, found.variables());
        List<ResourceContents> elements = Rules.read(provider, metadata.uri(), provider.read(metadata, context));
        List<ResourceContents> completed = Contents.complete(provider, metadata, elements);
        for (ResourceContents element : completed) {
            charge(element, context);
        }
        BlobReads blobs = new BlobReads(request, settings, BlobReads.stagedTotal(completed), bodies);
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
     * whole), and a child that vanished or failed to read. Stops at the entry budget. The
     * children are listed a page at a time, as a listing would list them.
     *
     * @throws CancellationException when the request is cancelled between children
     */
    List<ResourceContents> collection(ResourceProvider provider, Resource metadata, Caller caller, RequestContext request) {
        List<ResourceContents> contents = new ArrayList<>();
        long remaining = settings.maxCollectionReadBytes();
        int maxEntries = settings.maxCollectionReadEntries();
        RequestReadContext context = context(caller, request, Map.of());
        BlobReads blobs = new BlobReads(request, settings, null, bodies);
        String previous = null;
        boolean more = true;
        while (more && contents.size() < maxEntries) {
            int limit = Math.max(1, Math.min(PAGE, maxEntries - contents.size()));
            int listed = 0;
            try (Stream<ListingEntry> children = provider.list(Listing.children(metadata.uri(), previous, limit, caller))) {
                Iterator<ListingEntry> it = children.iterator();
                while (it.hasNext() && listed < limit) {
                    if (request.isCancelled()) {
                        throw new CancellationException("resources/read of " + metadata.uri() + " was cancelled");
                    }
                    ListingEntry entry = Rules.advancing(provider, previous, it.next());
                    previous = entry.position();
                    listed++;
                    Resource child = entry.resource();
                    if (child.collection() || (child.size() != null && child.size() > remaining)) {
                        continue;
                    }
                    for (ResourceContents element : readChild(provider, child, context)) {
                        long bytes = Contents.bodyBytes(element);
                        if (bytes < 0 || bytes > remaining || contents.size() >= maxEntries
                                || !AnswerMemory.tryHold(request, heldBytes(element, context))) {
                            continue; // a child the answer budget cannot hold is left out, as one over the byte budget
                        }
                        remaining -= bytes;
                        contents.add(blobs.prepare(element));
                    }
                }
            }
            more = listed == limit;
        }
        blobs.finish();
        return contents;
    }

    private static List<ResourceContents> readChild(ResourceProvider provider, Resource child, ReadContext context) {
        String version = Versions.of(provider, child); // before the content: see ResourceProvider.version
        List<ResourceContents> elements;
        try {
            elements = provider.read(child, context);
        } catch (UncheckedIOException | ProtocolException e) {
            LOG.log(Level.DEBUG, "left {0} out of a collection read: {1}", child.uri(), e.getMessage());
            return List.of(); // removed since it was listed, or unreadable
        }
        return Versions.stamped(Contents.complete(provider, child, Rules.read(provider, child.uri(), elements)), version);
    }

    static RequestReadContext context(Caller caller, RequestContext request, Map<String, String> variables) {
        return new RequestReadContext(caller, request, variables);
    }

    /**
     * Charges a body held in memory (a text, a blob's array) to the answer budget until the answer
     * is written, unless its provider charged it while it made it: it stays in memory that long.
     *
     * @throws ProtocolException {@code -32603} naming the budget's setting when it does not fit
     */
    private static void charge(ResourceContents element, RequestReadContext context) {
        AnswerMemory.hold(context.request(), heldBytes(element, context),
                (element instanceof BlobResourceContents ? "the blob of " : "the text of ") + element.uri());
    }

    /**
     * @return the bytes of the body held in memory that no one charged yet; 0 for a body read while
     *         it is written (a streamed text's chunk is charged by whoever made it: the file-system
     *         provider does)
     */
    private static long heldBytes(ResourceContents element, RequestReadContext context) {
        if (element instanceof TextResourceContents text) {
            return context.wasCharged(text.text()) ? 0 : AnswerMemory.textBytes(text.text());
        }
        if (Contents.bytes(element) instanceof Blob.InMemory bytes) {
            return context.wasCharged(bytes.bytes()) ? 0 : bytes.bytes().length;
        }
        return 0;
    }
}
