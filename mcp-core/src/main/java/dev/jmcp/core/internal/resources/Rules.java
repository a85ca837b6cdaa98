package dev.jmcp.core.internal.resources;

import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Optional;

/**
 * The contract of {@link ResourceProvider} that the engine can check, checked in one place. A
 * provider that breaks a rule fails the request with {@code -32603} naming the provider and the
 * rule, and a WARNING in the log: never a listing cut short, an entry repeated, or a value dropped
 * without a word.
 */
final class Rules {
    private static final System.Logger LOG = System.getLogger(Rules.class.getName());

    /** Positions of a listing sort after the position asked from, and after each other. */
    static final String POSITIONS_ADVANCE = "positions advance";
    /** {@code describe} answers with an Optional holding a resource of the URI asked for. */
    static final String DESCRIBES_THE_URI = "describe answers for the URI asked";
    /** {@code read} answers with at least one element. */
    static final String READ_IS_NOT_EMPTY = "a read is never empty";
    /** A version, when there is one, is not empty. */
    static final String VERSION_IS_NOT_EMPTY = "a version is never empty";

    private Rules() {
    }

    /** @return the failure of {@code provider} to keep {@code rule}, logged at WARNING */
    static ProtocolException broken(ResourceProvider provider, String rule, String what) {
        String message = "resource provider '" + provider.id() + "' (" + provider.getClass().getName()
                + ") broke the rule '" + rule + "': " + what;
        LOG.log(Level.WARNING, message);
        return new ProtocolException(ErrorCodes.INTERNAL_ERROR, message);
    }

    /** @return {@code described}, checked to be an Optional of a resource with {@code uri} */
    static Optional<Resource> described(ResourceProvider provider, String uri, Optional<Resource> described) {
        if (described == null) {
            throw broken(provider, DESCRIBES_THE_URI, "describe(" + uri + ") returned null instead of Optional.empty()");
        }
        if (described.isPresent() && !uri.equals(described.get().uri())) {
            throw broken(provider, DESCRIBES_THE_URI, "describe(" + uri + ") answered with a resource of "
                    + described.get().uri());
        }
        return described;
    }

    /**
     * @param previous the position before {@code entry}: the last one listed, or the one the listing
     *                 started after; null at the start of a listing
     * @return {@code entry}, checked
     */
    static ListingEntry advancing(ResourceProvider provider, String previous, ListingEntry entry) {
        if (entry == null) {
            throw broken(provider, POSITIONS_ADVANCE, "its listing holds null");
        }
        if (previous != null && entry.position().compareTo(previous) <= 0) {
            throw broken(provider, POSITIONS_ADVANCE, "after position '" + previous + "' it listed " + entry.resource().uri()
                    + " at position '" + entry.position() + "', which does not sort after it (String.compareTo);"
                    + " a listing that does not advance would repeat or lose entries");
        }
        return entry;
    }

    /** @return {@code elements}, checked to hold at least one */
    static List<ResourceContents> read(ResourceProvider provider, String uri, List<ResourceContents> elements) {
        if (elements == null || elements.isEmpty()) {
            throw broken(provider, READ_IS_NOT_EMPTY, "read(" + uri + ") returned " + (elements == null ? "null" : "no element")
                    + "; a resource gone since it was described is ResourceErrors.notFound(uri)");
        }
        return elements;
    }

    /** @return {@code version}, checked not to be empty; null when absent */
    static String version(ResourceProvider provider, String uri, Optional<String> version) {
        if (version == null) {
            throw broken(provider, VERSION_IS_NOT_EMPTY, "version(" + uri + ") returned null instead of Optional.empty()");
        }
        if (version.isPresent() && version.get().isEmpty()) {
            throw broken(provider, VERSION_IS_NOT_EMPTY, "version(" + uri + ") is an empty string; return Optional.empty()"
                    + " when there is none");
        }
        return version.orElse(null);
    }
}
