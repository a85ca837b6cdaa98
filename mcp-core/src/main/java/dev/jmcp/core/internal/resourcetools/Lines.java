package dev.jmcp.core.internal.resourcetools;

import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.util.function.Supplier;

/** How an answer shows a resource or template to a model, one line each; and the resources' refusals as tool failures. */
final class Lines {
    private Lines() {
    }

    static String of(Resource resource) {
        StringBuilder line = new StringBuilder("- ").append(resource.uri());
        String name = resource.title() != null ? resource.title() : resource.name();
        if (name != null && !name.equals(resource.uri())) {
            line.append(" | ").append(name);
        }
        if (resource.collection()) {
            line.append(" | collection (list it with uri)");
        } else if (resource.mimeType() != null) {
            line.append(" | ").append(resource.mimeType());
        }
        if (resource.size() != null) {
            line.append(" | ").append(resource.size()).append(" bytes");
        }
        if (resource.description() != null) {
            line.append(" | ").append(resource.description());
        }
        return line.toString();
    }

    static String of(ResourceTemplate template) {
        StringBuilder line = new StringBuilder("- ").append(template.uriTemplate()).append(" | ").append(template.name());
        if (template.mimeType() != null) {
            line.append(" | ").append(template.mimeType());
        }
        if (template.description() != null) {
            line.append(" | ").append(template.description());
        }
        return line.toString();
    }

    /** Runs a call of the resources feature; what it refuses becomes a tool failure, with its message. */
    static <T> T refusalsAsFailures(Supplier<T> call) {
        try {
            return call.get();
        } catch (ProtocolException refused) {
            throw new ToolFailure(refused.getMessage());
        }
    }
}
