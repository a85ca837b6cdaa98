package dev.jmcp.benchmarks;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The codec's share of a listing, for {@link CollectionBenchmark}: one {@code resources/list}
 * response of {@code resources} file-like resources (URI, name, MIME type, size, isCollection,
 * lastModified), written by jmcp's codec and by Parsson's {@link JsonGenerator} walking the same
 * records, into a sink that only counts bytes. The trial setup checks that both write the same JSON.
 */
@State(Scope.Benchmark)
public class CodecPage {
    /** Resources on the page. */
    @Param({"1000"})
    public int resources;

    private JsonRpcResultResponse message;
    private List<Resource> page;
    private String nextCursor;
    private JsonGeneratorFactory generators;
    private final CountingSink sink = new CountingSink();

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        String modified = Instant.parse("2026-07-28T12:00:00Z").toString();
        List<Resource> built = new ArrayList<>(resources);
        for (int i = 0; i < resources; i++) {
            String name = String.format("entry-%05d.txt", i);
            built.add(Resource.builder("file:///srv/bench/all/" + name, name).mimeType("text/plain")
                    .size((long) (20 + i % 7)).isCollection(false).annotations(Annotations.lastModified(modified))
                    .build());
        }
        page = List.copyOf(built);
        nextCursor = "eyJzY29wZSI6ImNoaWxkcmVuIiwib2Zmc2V0IjoxMDAwfQ";
        message = new JsonRpcResultResponse(RequestId.of(1), ListResourcesResult.of(page, nextCursor));
        generators = JsonProvider.provider().createGeneratorFactory(Map.of());
        verify();
    }

    long writeJmcp() throws IOException {
        sink.reset();
        McpCodec.defaults().write(message, sink);
        return sink.count();
    }

    long writeParsson() {
        sink.reset();
        writeParsson(sink);
        return sink.count();
    }

    private void writeParsson(OutputStream out) {
        try (JsonGenerator json = generators.createGenerator(out)) {
            json.writeStartObject().write("jsonrpc", "2.0").write("id", 1).writeStartObject("result")
                    .writeStartArray("resources");
            for (Resource resource : page) {
                json.writeStartObject();
                json.write("uri", resource.uri());
                optional(json, "name", resource.name());
                optional(json, "title", resource.title());
                optional(json, "description", resource.description());
                optional(json, "mimeType", resource.mimeType());
                if (resource.size() != null) {
                    json.write("size", resource.size());
                }
                if (resource.isCollection() != null) {
                    json.write("isCollection", resource.isCollection());
                }
                Annotations annotations = resource.annotations();
                if (annotations != null) {
                    json.writeStartObject("annotations");
                    if (annotations.priority() != null) {
                        json.write("priority", annotations.priority());
                    }
                    optional(json, "lastModified", annotations.lastModified());
                    json.writeEnd();
                }
                json.writeEnd();
            }
            json.writeEnd();
            optional(json, "nextCursor", nextCursor);
            json.writeEnd().writeEnd();
        }
    }

    private static void optional(JsonGenerator json, String name, String value) {
        if (value != null) {
            json.write(name, value);
        }
    }

    /** Fails unless both writers produce the same JSON value (member order aside). */
    private void verify() throws IOException {
        ByteArrayOutputStream jmcp = new ByteArrayOutputStream();
        McpCodec.defaults().write(message, jmcp);
        ByteArrayOutputStream parsson = new ByteArrayOutputStream();
        writeParsson(parsson);
        JsonValue a = JsonProvider.provider().createReader(new ByteArrayInputStream(jmcp.toByteArray())).readValue();
        JsonValue b = JsonProvider.provider().createReader(new ByteArrayInputStream(parsson.toByteArray())).readValue();
        if (!a.equals(b)) {
            throw new IllegalStateException("the codec and Parsson write different pages; jmcp starts "
                    + jmcp.toString().substring(0, 300) + ", Parsson starts " + parsson.toString().substring(0, 300));
        }
        if (!page.stream().allMatch(r -> r.title() == null && r.description() == null && r.icons() == null
                && r.meta() == null && r.annotations().audience() == null)) {
            throw new IllegalStateException("the Parsson writer leaves out title, description, icons, _meta and audience");
        }
    }
}
