package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceLink;
import jakarta.json.stream.JsonParser.Event;
import java.io.IOException;

/** A resource link: {@code type: "resource_link"} and every {@link Resource} member, in one object. */
final class ResourceLinkCodec implements ValueCodec<ResourceLink> {
    static final String TYPE = "resource_link";

    private final ResourceCodec resource;

    ResourceLinkCodec(Codecs registry) {
        this.resource = (ResourceCodec) registry.forClass(Resource.class);
    }

    @Override
    public ResourceLink read(JsonInput in) {
        in.expect(Event.START_OBJECT, "an object");
        Object[] members = resource.readMembers(in, (name, input) -> {
            if (!name.equals("type")) {
                return false;
            }
            String type = input.string();
            if (!type.equals(TYPE)) {
                throw input.rule("expected \"" + TYPE + "\", was \"" + type + "\"");
            }
            return true;
        });
        Resource linked = resource.construct(members, in);
        try {
            return new ResourceLink(linked);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw in.rule("invalid ResourceLink: " + e.getMessage());
        }
    }

    @Override
    public void write(JsonOutput out, ResourceLink value) throws IOException {
        out.beginObject();
        out.name("type").string(TYPE);
        resource.writeMembers(out, value.resource());
        out.endObject();
    }
}
