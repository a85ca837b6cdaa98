package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.stream.JsonParser.Event;
import java.io.IOException;

/**
 * A read result element: on the wire one object holding every {@link Resource} member (SEP-2093)
 * and a {@code text} or {@code blob} body; in Java a Resource plus the body.
 */
final class ResourceContentsCodec implements ValueCodec<ResourceContents> {
    private final ResourceCodec resource;

    ResourceContentsCodec(Codecs registry) {
        this.resource = (ResourceCodec) registry.forClass(Resource.class);
    }

    @Override
    public ResourceContents read(JsonInput in) {
        in.expect(Event.START_OBJECT, "an object");
        Object[] body = new Object[2]; // text, blob
        Object[] members = resource.readMembers(in, (name, input) -> {
            if (name.equals("text")) {
                body[0] = input.current() == Event.VALUE_NULL ? null : input.string();
                return true;
            }
            if (name.equals("blob")) {
                body[1] = input.current() == Event.VALUE_NULL ? null : ScalarCodecs.BLOB.read(input);
                return true;
            }
            return false;
        });
        if (body[0] != null && body[1] != null) {
            throw in.rule("resource contents have both \"text\" and \"blob\"; exactly one is allowed");
        }
        if (body[0] == null && body[1] == null) {
            throw in.rule("resource contents need a \"text\" or a \"blob\" member");
        }
        Resource metadata = resource.construct(members, in);
        return body[0] != null
                ? new TextResourceContents(metadata, (String) body[0])
                : new BlobResourceContents(metadata, (Blob) body[1]);
    }

    @Override
    public void write(JsonOutput out, ResourceContents value) throws IOException {
        out.beginObject();
        resource.writeMembers(out, value.resource());
        if (value instanceof TextResourceContents text) {
            out.name("text").string(text.text());
        } else if (value instanceof BlobResourceContents blob) {
            out.name("blob").blob(blob.blob(), blob.uri());
        } else if (value instanceof StreamedTextResourceContents text) {
            out.name("text").streamedText(text.utf8(), text.uri());
        }
        out.endObject();
    }
}
