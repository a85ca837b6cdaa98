package dev.jmcp.benchmarks;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Large collections, end to end: a client lists every child of a 10,000-entry collection (page
 * by page, following {@code nextCursor}) and reads the collection, through {@link McpServer} and
 * {@link McpClient} over {@link InMemoryTransport#pair()}, for the in-memory provider and the
 * file-system provider (a temp folder of small {@code .txt} files, made once per trial), the
 * latter also with its cache of sorted folder names turned off ({@code filesystem-uncached}:
 * every page reads the folder's names, as a folder that keeps changing is read).
 * <ul>
 *   <li>{@code listAllPage100} and {@code listAllPage1000}: {@code listAll(collection)} against a
 *       server whose {@link ResourceSettings#pageSize()} is 100, and one whose is 1000;</li>
 *   <li>{@code collectionRead}: {@code resources/read} of the collection, which answers with its
 *       first {@value #READ_ENTRIES} children and their bodies
 *       ({@code maxCollectionReadEntries} = {@value #READ_ENTRIES}; {@code maxCollectionReadBytes}
 *       stays at its 1 MiB default, which {@value #READ_ENTRIES} bodies of ~20 bytes do not reach).</li>
 * </ul>
 * The in-memory transport hands over message records, never bytes, so these measure providers,
 * paging and the session, not the codec. {@link CodecPage} is the codec's share: writing a page
 * of {@value #PAGE} resources, against Parsson's generator writing the same objects.
 *
 * <p>Every method adds the entries it got to the {@code entries} counter, which JMH reports as
 * entries per second; bench/run divides the allocation per operation by the entries per operation.
 * Short by default; {@code bench/run --full} for real numbers.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class CollectionBenchmark {
    static final int READ_ENTRIES = 1000;
    static final int PAGE = 1000;
    private static final int MAX_PAGES = 10_000;

    /** Counts the entries each operation got; JMH reports it as a rate (entries/s). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Entries {
        public long entries;

        @Setup(Level.Iteration)
        public void reset() {
            entries = 0;
        }
    }

    /** A server over one of the two providers, serving a collection of {@code entries} text leaves. */
    @State(Scope.Benchmark)
    public static class Served {
        /** {@code memory}, {@code filesystem} or {@code filesystem-uncached}. */
        @Param({"memory", "filesystem", "filesystem-uncached"})
        public String provider;

        /** Children of the collection. */
        @Param({"10000"})
        public int entries;

        String collection;
        private Path folder;
        private McpServer page100;
        private McpServer page1000;
        McpClient client100;
        McpClient client1000;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            if (provider.startsWith("filesystem")) {
                folder = writeFolder();
            }
            ResourceSettings settings = ResourceSettings.builder().maxCollectionReadEntries(READ_ENTRIES).build();
            // a provider belongs to the server it is given to, which starts and closes it: one each
            page100 = McpServer.builder().serverInfo("bench", "1").resourceProvider(newProvider())
                    .resourceSettings(settings.toBuilder().pageSize(100).build()).build();
            page1000 = McpServer.builder().serverInfo("bench", "1").resourceProvider(newProvider())
                    .resourceSettings(settings.toBuilder().pageSize(1000).build()).build();
            client100 = connect(page100);
            client1000 = connect(page1000);
            verify();
        }

        private ResourceProvider memory() {
            collection = "mem://all";
            InMemoryResourceProvider memory = InMemoryResourceProvider.create("bench")
                    .addCollection(Resource.of(collection, "all"));
            for (int i = 0; i < entries; i++) {
                String name = name(i);
                memory.addText(collection, Resource.builder(collection + "/" + name, name).mimeType("text/plain").build(),
                        body(i));
            }
            return memory;
        }

        private ResourceProvider newProvider() {
            return switch (provider) {
                case "memory" -> memory();
                case "filesystem" -> filesystem();
                case "filesystem-uncached" -> filesystem().withMaxCachedNames(0);
                default -> throw new IllegalArgumentException(
                        "provider must be memory, filesystem or filesystem-uncached, was " + provider);
            };
        }

        private Path writeFolder() throws IOException {
            Path made = Files.createTempDirectory("jmcp-collection-bench-");
            Path all = Files.createDirectory(made.resolve("all"));
            for (int i = 0; i < entries; i++) {
                Files.writeString(all.resolve(name(i)), body(i));
            }
            return made;
        }

        private FileSystemResourceProvider filesystem() {
            FileSystemResourceProvider files = FileSystemResourceProvider.of(folder);
            try (Stream<ListingEntry> top = files.list(Listing.top(null, 1, Caller.none()))) {
                collection = top.findFirst().orElseThrow().resource().uri(); // the provider's own URI for the folder
            }
            return files;
        }

        private static String name(int i) {
            return String.format("entry-%05d.txt", i);
        }

        private static String body(int i) {
            return "the body of entry " + i + "\n";
        }

        private static McpClient connect(McpServer server) {
            InMemoryTransport.Pair pair = InMemoryTransport.pair();
            server.serve(pair.server());
            return McpClient.connect(pair.client());
        }

        private void verify() {
            for (McpClient client : List.of(client100, client1000)) {
                List<Resource> all = client.resources().listAllChildren(collection, MAX_PAGES);
                if (all.size() != entries || !all.get(entries - 1).name().equals(name(entries - 1))) {
                    throw new IllegalStateException(provider + ": listed " + all.size() + " children, expected " + entries);
                }
            }
            ReadResourceResult read = client100.resources().read(collection);
            if (read.contents().size() != READ_ENTRIES
                    || !(read.contents().get(READ_ENTRIES - 1) instanceof TextResourceContents last)
                    || !last.text().equals(body(READ_ENTRIES - 1))) {
                throw new IllegalStateException(provider + ": a collection read gave " + read.contents().size()
                        + " elements, expected " + READ_ENTRIES + " text elements");
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            client100.close();
            client1000.close();
            page100.close();
            page1000.close();
            if (folder != null) {
                try (Stream<Path> walk = Files.walk(folder)) {
                    for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(path);
                    }
                }
            }
        }
    }

    @Benchmark
    public List<Resource> listAllPage100(Served served, Entries counted) {
        List<Resource> all = served.client100.resources().listAllChildren(served.collection, MAX_PAGES);
        counted.entries += all.size();
        return all;
    }

    @Benchmark
    public List<Resource> listAllPage1000(Served served, Entries counted) {
        List<Resource> all = served.client1000.resources().listAllChildren(served.collection, MAX_PAGES);
        counted.entries += all.size();
        return all;
    }

    @Benchmark
    public ReadResourceResult collectionRead(Served served, Entries counted) {
        ReadResourceResult read = served.client100.resources().read(served.collection);
        counted.entries += read.contents().size();
        return read;
    }

    @Benchmark
    public long codecWrite(CodecPage page, Entries counted) throws IOException {
        counted.entries += page.resources;
        return page.writeJmcp();
    }

    @Benchmark
    public long parssonGeneratorBaseline(CodecPage page, Entries counted) {
        counted.entries += page.resources;
        return page.writeParsson();
    }
}
