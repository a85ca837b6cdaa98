package dev.jmcp.core.providers;

import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Computes the contents of a URI that matched a template of an {@link InMemoryResourceProvider}.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface TemplateReader {
    /**
     * @param uri       the URI that matched; every element must carry it
     * @param variables the template's variables; never null
     * @return one element per format; empty when nothing exists at {@code uri}
     */
    List<ResourceContents> read(String uri, Map<String, String> variables);

    /**
     * @return the metadata of {@code uri}, empty when nothing exists there. By default this
     *         reads the contents and takes the first element's: override it when that is costly.
     */
    default Optional<Resource> metadata(String uri, Map<String, String> variables) {
        return read(uri, variables).stream().findFirst().map(ResourceContents::resource);
    }
}
