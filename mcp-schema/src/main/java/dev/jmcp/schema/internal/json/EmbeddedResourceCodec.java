package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.EmbeddedResource;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonObject;
import jakarta.json.stream.JsonParser.Event;
import java.io.IOException;

/**
 * An embedded resource: {@code type: "resource"}, the contents, and {@code _meta}. SEP-2093 moves
 * annotations into the contents; annotations that arrive at the top level (from peers that predate
 * it) are moved into {@code resource.annotations}, unless the contents carry their own.
 */
final class EmbeddedResourceCodec implements ValueCodec<EmbeddedResource> {
    static final String TYPE = "resource";

    private final ValueCodec<ResourceContents> contents;
    private final ValueCodec<Annotations> annotations;

    EmbeddedResourceCodec(Codecs registry) {
        this.contents = registry.forClass(ResourceContents.class);
        this.annotations = registry.forClass(Annotations.class);
    }

    @Override
    public EmbeddedResource read(JsonInput in) {
        in.expect(Event.START_OBJECT, "an object");
        ResourceContents resource = null;
        Annotations topLevel = null;
        JsonObject meta = null;
        while (in.next() == Event.KEY_NAME) {
            String name = in.text();
            in.enter(name);
            in.next();
            if (in.current() == Event.VALUE_NULL) {
                in.exit();
                continue;
            }
            switch (name) {
                case "type" -> {
                    String type = in.string();
                    if (!type.equals(TYPE)) {
                        throw in.rule("expected \"" + TYPE + "\", was \"" + type + "\"");
                    }
                }
                case "resource" -> resource = contents.read(in);
                case "annotations" -> topLevel = annotations.read(in);
                case "_meta" -> meta = ScalarCodecs.JSON_OBJECT.read(in);
                default -> in.skipValue();
            }
            in.exit();
        }
        if (resource == null) {
            throw in.rule("missing required member \"resource\"");
        }
        if (topLevel != null && resource.resource().annotations() == null) {
            resource = withAnnotations(resource, topLevel);
        }
        return new EmbeddedResource(resource, meta);
    }

    private static ResourceContents withAnnotations(ResourceContents contents, Annotations annotations) {
        Resource moved = contents.resource().toBuilder().annotations(annotations).build();
        if (contents instanceof TextResourceContents text) {
            return new TextResourceContents(moved, text.text());
        }
        if (contents instanceof StreamedTextResourceContents text) {
            return new StreamedTextResourceContents(moved, text.utf8());
        }
        return new BlobResourceContents(moved, ((BlobResourceContents) contents).blob());
    }

    @Override
    public void write(JsonOutput out, EmbeddedResource value) throws IOException {
        out.beginObject();
        out.name("type").string(TYPE);
        out.name("resource");
        contents.write(out, value.resource());
        if (value.meta() != null) {
            out.name("_meta").value(value.meta());
        }
        out.endObject();
    }
}
