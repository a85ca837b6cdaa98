package dev.jmcp.core.providers;

import dev.jmcp.core.internal.template.UriTemplate;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * Resources registered in code: text and blob leaves, collections that hold them, and URI
 * templates whose reads are computed. Listings come in the order of registration: an entry's
 * position is the count of additions when it was added, so a page starts right after the last
 * entry of the page before, and entries removed or added in between make nothing skip or repeat.
 * Every change is reported to the sinks {@linkplain #start started} with: adding or removing a
 * resource is {@code listChanged()} (plus {@code updated(collection)} for the collection that
 * holds it), a new body or format is {@code updated(uri)}. Thread-safe.
 *
 * <p>It implements {@link ResourceProvider} itself rather than extend {@link TreeResourceProvider}:
 * its URIs are whatever a program registers, each with an explicit parent, not paths below one
 * root, and its listings keep the order of registration, not of names.
 *
 * <pre>{@code
 * InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
 *         .addCollection(Resource.of("mem://docs", "docs"))
 *         .addText("mem://docs", Resource.builder("mem://docs/a", "a").mimeType("text/markdown").build(), "# A")
 *         .addFormat("mem://docs/a", "text/html", "<h1>A</h1>");
 * }</pre>
 *
 * <p>A leaf's metadata gets {@code isCollection: false} and, unless given, the size of its first
 * format, and its {@linkplain #version version} in {@code _meta}; a collection's gets
 * {@code isCollection: true}. Each read element carries the metadata
 * with the MIME type and size of its own format. {@link #describe} never reads a body.
 *
 * @since 0.1
 */
public final class InMemoryResourceProvider implements ResourceProvider {
    private static final System.Logger LOG = System.getLogger(InMemoryResourceProvider.class.getName());

    private record Template(ResourceTemplate template, UriTemplate uriTemplate, TemplateReader reader) {
    }

    private final String id;
    private final MemoryStore store;
    private final List<Template> templates = new CopyOnWriteArrayList<>();
    private final List<ResourceChanges> sinks = new CopyOnWriteArrayList<>();
    private volatile CacheHint cacheHint;
    /** Tells this provider's versions from those of an earlier run, whose counts started at 1 too. */
    private final String epoch = Long.toUnsignedString(new SecureRandom().nextLong(), 36);
    private final AtomicLong changes = new AtomicLong();

    private InMemoryResourceProvider(String id) {
        this.id = id;
        this.store = new MemoryStore(id);
    }

    /**
     * @param id the provider's unique id; not blank
     * @return an empty provider
     */
    public static InMemoryResourceProvider create(String id) {
        if (Objects.requireNonNull(id, "id").isBlank()) {
            throw new IllegalArgumentException("id must not be blank");
        }
        return new InMemoryResourceProvider(id);
    }

    /** Adds a top-level text leaf, in the resource's MIME type. @return this */
    public InMemoryResourceProvider addText(Resource resource, String text) {
        return addText(null, resource, text);
    }

    /**
     * Adds a text leaf inside a collection.
     *
     * @param parentUri a registered collection, or null for the top level
     * @return this
     * @throws IllegalArgumentException when the URI is taken, the parent is not a registered
     *                                  collection, or the resource says it is a collection
     */
    public InMemoryResourceProvider addText(String parentUri, Resource resource, String text) {
        return add(MemoryEntry.leaf(resource, parentUri, MemoryEntry.text(resource, resource.mimeType(), text)));
    }

    /** Adds a top-level blob leaf, in the resource's MIME type. @return this */
    public InMemoryResourceProvider addBlob(Resource resource, Blob blob) {
        return addBlob(null, resource, blob);
    }

    /** Adds a blob leaf inside a collection; see {@link #addText(String, Resource, String)}. @return this */
    public InMemoryResourceProvider addBlob(String parentUri, Resource resource, Blob blob) {
        return add(MemoryEntry.leaf(resource, parentUri, MemoryEntry.blob(resource, resource.mimeType(), blob)));
    }

    /** Adds a top-level collection. @return this */
    public InMemoryResourceProvider addCollection(Resource resource) {
        return addCollection(null, resource);
    }

    /**
     * Adds a collection inside another. URIs that start with its URI and a {@code /} belong to this
     * provider even when they are not registered, so that reading one is "not found", not "no provider".
     *
     * @param parentUri a registered collection, or null for the top level
     * @return this
     * @throws IllegalArgumentException when the URI is taken, the parent is not a registered
     *                                  collection, or the resource says {@code isCollection: false}
     */
    public InMemoryResourceProvider addCollection(String parentUri, Resource resource) {
        return add(MemoryEntry.collection(resource, parentUri));
    }

    /** Adds another format of a registered leaf, as text. Fires {@code updated(uri)}. @return this */
    public InMemoryResourceProvider addFormat(String uri, String mimeType, String text) {
        Objects.requireNonNull(mimeType, "mimeType");
        return replace(uri, entry -> entry.withFormat(MemoryEntry.text(entry.metadata(), mimeType, text)));
    }

    /** Adds another format of a registered leaf, as a blob. Fires {@code updated(uri)}. @return this */
    public InMemoryResourceProvider addFormat(String uri, String mimeType, Blob blob) {
        Objects.requireNonNull(mimeType, "mimeType");
        return replace(uri, entry -> entry.withFormat(MemoryEntry.blob(entry.metadata(), mimeType, blob)));
    }

    /**
     * Replaces every format of a registered leaf with {@code text}, in the resource's MIME type.
     * Fires {@code updated(uri)}.
     *
     * @return this
     * @throws IllegalArgumentException when {@code uri} is not a registered leaf
     */
    public InMemoryResourceProvider update(String uri, String text) {
        return replace(uri, entry -> entry.withBody(MemoryEntry.text(entry.declared(), entry.declared().mimeType(), text)));
    }

    /** Replaces every format of a registered leaf with {@code blob}; see {@link #update(String, String)}. @return this */
    public InMemoryResourceProvider update(String uri, Blob blob) {
        return replace(uri, entry -> entry.withBody(MemoryEntry.blob(entry.declared(), entry.declared().mimeType(), blob)));
    }

    /**
     * Removes a resource, and everything inside it when it is a collection. Fires
     * {@code listChanged()}, and {@code updated(parent)} when it was inside a collection.
     *
     * @return true when it was registered
     */
    public boolean remove(String uri) {
        MemoryEntry removed = store.remove(uri);
        if (removed == null) {
            return false;
        }
        fire(ResourceChanges::listChanged);
        if (removed.parent() != null) {
            fire(sink -> sink.updated(removed.parent()));
        }
        return true;
    }

    /**
     * Adds a template: reads of the URIs it matches are answered by {@code reader}. Registered
     * resources come before templates, and earlier templates before later ones.
     *
     * @throws IllegalArgumentException when the template text is not a valid level 1 to 3 template
     * @return this
     */
    public InMemoryResourceProvider addTemplate(ResourceTemplate template, TemplateReader reader) {
        templates.add(new Template(template, UriTemplate.parse(template.uriTemplate()), Objects.requireNonNull(reader, "reader")));
        return this;
    }

    @Override
    public String id() {
        return id;
    }

    /** @return true for a registered URI, a URI under a registered collection, or one a template matches */
    @Override
    public boolean owns(String uri) {
        return store.covers(uri) || matchTemplate(uri).isPresent();
    }

    /** Lists a collection's children, or the top level, in the order they were added: a page costs its own size. */
    @Override
    public Stream<ListingEntry> list(Listing listing) {
        return store.children(listing.collection().orElse(null), listing.after().orElse(null), listing.limit(),
                listing.versions());
    }

    /** @return a registered resource's metadata, or what a template's reader says of a URI it matches */
    @Override
    public Optional<Resource> describe(String uri, Caller caller) {
        MemoryEntry entry = store.get(uri);
        if (entry != null) {
            return Optional.of(entry.metadata());
        }
        return matchTemplate(uri).flatMap(match -> match.getKey().reader().metadata(uri, match.getValue()));
    }

    /**
     * Reads a leaf, or a URI one of the templates matches, with the variables of the read's context
     * (or, outside a request, of matching the template here).
     *
     * @throws IllegalArgumentException when the resource is a collection: the engine lists a
     *                                  collection's children and never reads the collection itself
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@link ResourceErrors#notFound} when it went away
     */
    @Override
    public List<ResourceContents> read(Resource resource, ReadContext context) {
        String uri = resource.uri();
        MemoryEntry entry = store.get(uri);
        if (entry != null) {
            if (entry.isCollection()) {
                throw new IllegalArgumentException(uri + " is a collection: list its children, it has no content to read");
            }
            return entry.contents();
        }
        List<ResourceContents> computed = matchTemplate(uri).map(match -> {
            Map<String, String> variables = context.templateVariables().isEmpty() ? match.getValue() : context.templateVariables();
            return List.copyOf(match.getKey().reader().read(uri, variables));
        }).orElse(List.of());
        if (computed.isEmpty()) {
            throw ResourceErrors.notFound(uri);
        }
        return computed;
    }

    /**
     * The version of a registered leaf: this provider's count of changes when the leaf was added
     * or last changed (a new body or format), after a random tag of this provider instance, so
     * that a leaf removed and added again, or served by a restarted program, never repeats a
     * version with other content. A resource read through a template has none.
     *
     * @return {@code TAG-COUNT}; empty for a collection, a template's resource or one not registered
     */
    @Override
    public Optional<String> version(Resource resource) {
        MemoryEntry entry = store.get(resource.uri());
        return entry == null ? Optional.empty() : Optional.ofNullable(entry.version());
    }

    /** @return {@code TAG-COUNT} for the next change */
    private String nextVersion() {
        return epoch + "-" + changes.incrementAndGet();
    }

    @Override
    public List<ResourceTemplate> templates() {
        return templates.stream().map(Template::template).toList();
    }

    /** @return the collection a resource was registered in; empty at the top level and for a URI not registered */
    @Override
    public Optional<String> parentOf(String uri) {
        MemoryEntry entry = store.get(uri);
        return entry == null ? Optional.empty() : Optional.ofNullable(entry.parent());
    }

    /**
     * Sets the caching hints of this provider's results for stateless clients: a program whose
     * resources never change can say so with a long, public hint.
     *
     * @param value the hint; null for the server's default
     * @return this provider
     */
    public InMemoryResourceProvider cacheHint(CacheHint value) {
        this.cacheHint = value;
        return this;
    }

    /** @return the hint set with {@link #cacheHint(CacheHint)}; empty (the server's default) until then */
    @Override
    public Optional<CacheHint> cacheHint() {
        return Optional.ofNullable(cacheHint);
    }

    /** @return true */
    @Override
    public boolean reportsUpdates() {
        return true;
    }

    /** @return true */
    @Override
    public boolean reportsListChanges() {
        return true;
    }

    /** Reports every later change to {@code changes} until {@link #close()}. */
    @Override
    public void start(ResourceChanges changes) {
        sinks.add(Objects.requireNonNull(changes, "changes"));
    }

    /** Stops reporting changes to every sink given to {@link #start}; the resources stay registered. */
    @Override
    public void close() {
        sinks.clear();
    }

    private InMemoryResourceProvider add(MemoryEntry entry) {
        store.add(entry.withVersion(nextVersion()));
        fire(ResourceChanges::listChanged);
        if (entry.parent() != null) {
            fire(sink -> sink.updated(entry.parent()));
        }
        return this;
    }

    private InMemoryResourceProvider replace(String uri, UnaryOperator<MemoryEntry> change) {
        store.replace(uri, entry -> change.apply(entry).withVersion(nextVersion()));
        fire(sink -> sink.updated(uri));
        return this;
    }

    private Optional<Map.Entry<Template, Map<String, String>>> matchTemplate(String uri) {
        for (Template template : templates) {
            Optional<Map<String, String>> variables = template.uriTemplate().match(uri);
            if (variables.isPresent()) {
                return Optional.of(Map.entry(template, variables.get()));
            }
        }
        return Optional.empty();
    }

    private void fire(Consumer<ResourceChanges> event) {
        for (ResourceChanges sink : sinks) {
            try {
                event.accept(sink);
            } catch (RuntimeException e) { // a sink never throws, says its contract; a broken one must not stop the others
                LOG.log(System.Logger.Level.WARNING, "a change sink of provider " + id + " failed", e);
            }
        }
    }
}
