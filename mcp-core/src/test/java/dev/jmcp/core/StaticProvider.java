package dev.jmcp.core;

import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * A fixed list of top-level text leaves under {@code <id>://}, with a priority, counting reads and
 * recording where each listing started. Positions are the leaves' indexes.
 */
class StaticProvider implements ResourceProvider {
    final AtomicInteger reads = new AtomicInteger();
    /** The position each {@link #list} started after ("" for the first page), in order. */
    final List<String> afters = new CopyOnWriteArrayList<>();
    private final String id;
    private final int priority;
    private final List<Resource> resources;

    StaticProvider(String id, int priority, String... names) {
        this.id = id;
        this.priority = priority;
        this.resources = Stream.of(names)
                .map(name -> Resource.builder(id + "://" + name, name).mimeType("text/plain").isCollection(false)
                        .title("the " + name).build())
                .toList();
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public int priority() {
        return priority;
    }

    @Override
    public boolean owns(String uri) {
        return uri.startsWith(id + "://");
    }

    @Override
    public Stream<ListingEntry> list(Listing listing) {
        afters.add(listing.after().orElse(""));
        if (listing.collection().isPresent()) {
            return Stream.empty();
        }
        int from = listing.after().map(after -> Integer.parseInt(after, 36) + 1).orElse(0);
        return IntStream.range(from, resources.size())
                .mapToObj(i -> ListingEntry.of(resources.get(i), ListingEntry.indexPosition(i)));
    }

    @Override
    public Optional<Resource> describe(String uri, Caller caller) {
        return resources.stream().filter(r -> r.uri().equals(uri)).findFirst();
    }

    @Override
    public List<ResourceContents> read(Resource resource, ReadContext context) {
        reads.incrementAndGet();
        return List.of(TextResourceContents.of(resource.uri(), null, "text of " + resource.name()));
    }
}
