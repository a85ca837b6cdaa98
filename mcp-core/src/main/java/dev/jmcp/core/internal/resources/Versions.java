package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Puts providers' content versions into {@code _meta} ({@link ConditionalReads#VERSION}). A version
 * only saves transfers: a provider that fails to give one serves the resource without it.
 */
public final class Versions {
    private static final System.Logger LOG = System.getLogger(Versions.class.getName());

    private Versions() {
    }

    /** @return the version {@code provider} gives {@code resource}; null for a collection, none, or a failure */
    public static String of(ResourceProvider provider, Resource resource) {
        if (resource.collection()) {
            return null;
        }
        try {
            String version = provider.version(resource);
            return version == null || version.isEmpty() ? null : version;
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, "provider ''{0}'' gave no version of {1}: {2}", provider.id(), resource.uri(), e.toString());
            return null;
        }
    }

    /** @return {@code resource} with its version in {@code _meta}, when it has one */
    static Resource stamped(ResourceProvider provider, Resource resource) {
        String version = of(provider, resource);
        return version == null ? resource : ConditionalReads.withVersion(resource, version);
    }

    /** @return the resources of a listing, each with its version */
    static Stream<Resource> stamped(ResourceProvider provider, Stream<Resource> listing) {
        return listing.map(resource -> stamped(provider, resource));
    }

    /** @return the elements of one resource's read, each with {@code version}; as they are when it is null */
    static List<ResourceContents> stamped(List<ResourceContents> elements, String version) {
        if (version == null) {
            return elements;
        }
        List<ResourceContents> stamped = new ArrayList<>(elements.size());
        for (ResourceContents element : elements) {
            stamped.add(Contents.withResource(element, ConditionalReads.withVersion(element.resource(), version)));
        }
        return stamped;
    }
}
