package dev.jmcp.schema.resources;

import java.util.List;

/** Validation shared by the records of this package. */
final class Checks {
    private Checks() {
    }

    /** Throws unless {@code resource} has a name; {@code path} names it in the message. */
    static void requireName(Resource resource, String path) {
        if (resource.name() == null) {
            throw new IllegalArgumentException(path + ".name is required");
        }
    }

    /**
     * Throws unless every element has a name, naming the first one that has none. The path is
     * built only for that one: a listing page checks thousands of elements.
     */
    static void requireNames(List<Resource> resources, String field) {
        for (int i = 0; i < resources.size(); i++) {
            if (resources.get(i).name() == null) {
                requireName(resources.get(i), field + "[" + i + "]");
            }
        }
    }

    /** Throws unless {@code ttlMs} is null or not negative. */
    static void checkTtl(Long ttlMs) {
        if (ttlMs != null && ttlMs < 0) {
            throw new IllegalArgumentException("ttlMs must be >= 0, was " + ttlMs);
        }
    }
}
