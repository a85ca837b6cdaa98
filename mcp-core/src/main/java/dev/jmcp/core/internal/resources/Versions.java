package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Puts providers' content versions into {@code _meta} ({@link ConditionalReads#VERSION}). A version
 * only saves transfers: a provider that fails to give one serves the resource without it; one that
 * breaks the rule that a version is never empty fails the request ({@link Rules}).
 */
public final class Versions {
    private static final System.Logger LOG = System.getLogger(Versions.class.getName());

    private Versions() {
    }

    /**
     * @return the version {@code provider} gives {@code resource}; null for a collection, none, or a failure
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32603} when the provider gives an empty version
     */
    public static String of(ResourceProvider provider, Resource resource) {
        if (resource.collection()) {
            return null;
        }
        Optional<String> version;
        try {
            version = provider.version(resource);
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, "provider ''{0}'' gave no version of {1}: {2}", provider.id(), resource.uri(), e.toString());
            return null;
        }
        return Rules.version(provider, resource.uri(), version);
    }

    /** @return {@code resource} with its version in {@code _meta}, when it has one */
    public static Resource stamped(ResourceProvider provider, Resource resource) {
        String version = of(provider, resource);
        return version == null ? resource : ConditionalReads.withVersion(resource, version);
    }

    /**
     * @return a listed {@code resource} with its version: the one it carries in {@code _meta} when
     *         its provider put one there (the in-memory and tree providers stamp their entries, and
     *         asking each entry's provider again was a lookup by URI per entry of a 10,000-entry
     *         page), else the provider's, as {@link #stamped(ResourceProvider, Resource)} gives it
     */
    public static Resource listed(ResourceProvider provider, Resource resource) {
        String carried = ConditionalReads.version(resource);
        return carried != null && !carried.isEmpty() ? resource : stamped(provider, resource);
    }

    /**
     * Whether a listing's entries carry their versions: for a client that declared the extension
     * ({@link ConditionalReads#EXTENSION} among its capabilities' extensions), which is the one that
     * asks to use them. A version is about a quarter of a listed entry's bytes, and a client that
     * does not compare versions would decode them all for nothing; a read, {@code resources/metadata}
     * and a change notification carry the version whoever asks, as one resource's costs little.
     */
    public static boolean wantedInListings(Caller caller) {
        Map<String, ?> extensions = caller.clientCapabilities().extensions();
        return extensions != null && extensions.containsKey(ConditionalReads.EXTENSION);
    }

    /** @return {@code resource} without a version in its {@code _meta}; itself when it carries none */
    static Resource without(Resource resource) {
        JsonObject meta = resource.meta();
        if (meta == null || !meta.containsKey(ConditionalReads.VERSION)) {
            return resource;
        }
        JsonObject rest = null;
        if (meta.size() > 1) {
            JsonObjectBuilder kept = JsonRuntime.provider().createObjectBuilder(meta);
            rest = kept.remove(ConditionalReads.VERSION).build();
        }
        return resource.toBuilder().meta(rest).build();
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
