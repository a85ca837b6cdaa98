package dev.jmcp.core;

import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/** A fixed list of top-level text leaves under {@code <id>://}, with a priority, counting reads and recording skips. */
class StaticProvider implements ResourceProvider {
    final AtomicInteger reads = new AtomicInteger();
    /** The {@code skip} of every {@link #list(long)}, in order. */
    final List<Long> skips = new CopyOnWriteArrayList<>();
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
    public Stream<Resource> list() {
        return resources.stream();
    }

    @Override
    public Stream<Resource> list(long skip) {
        skips.add(skip);
        return list().skip(skip);
    }

    @Override
    public Optional<Resource> metadata(String uri) {
        return resources.stream().filter(r -> r.uri().equals(uri)).findFirst();
    }

    @Override
    public List<ResourceContents> read(String uri, ReadContext context) {
        reads.incrementAndGet();
        return metadata(uri).<List<ResourceContents>>map(r -> List.of(TextResourceContents.of(uri, null, "text of " + r.name())))
                .orElse(List.of());
    }
}
