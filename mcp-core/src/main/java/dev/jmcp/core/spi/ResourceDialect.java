package dev.jmcp.core.spi;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.internal.spi.Providers;
import dev.jmcp.core.resources.ClientResources;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.schema.Experimental;
import java.util.List;

/**
 * A resources protocol other than MCP's own, such as gomcp's: a server can speak it in place of the
 * standard resources methods, over the same {@link ResourceProvider}s, and a client can read a server
 * that speaks it. Found through {@link java.util.ServiceLoader} (a dialect module declares
 * {@code provides dev.jmcp.core.spi.ResourceDialect with ...}) and chosen by {@link #id()}; a dialect is
 * never chosen by itself: an endpoint speaks the one its server was built with.
 *
 * <p><b>Who implements it.</b> jmcp's own dialect modules. A dialect serves a whole resources
 * protocol and reuses the engine's routing, signed cursors, bounded reads and versions, which
 * {@code dev.jmcp.core} exports only to those modules ({@code exports ... to}); those pieces are not
 * API, since their shape follows MCP's feature. A program that wants methods of its own over the same
 * providers writes a {@link ServerFeature} (and, on the client side, calls them through
 * {@link dev.jmcp.core.session.ClientSession}) instead. This interface may change before 1.0.
 *
 * @since 0.1
 */
@Experimental
public interface ResourceDialect {

    /**
     * The dialect found through {@link java.util.ServiceLoader} (loaded once per JVM) by its id, as
     * {@code McpServer.Builder.dialect(String)} finds it.
     *
     * @param id such as {@code "gomcp"}; never null
     * @return the dialect with that id
     * @throws IllegalArgumentException when no dialect has that id; the message names the known ids
     * @since 0.1
     */
    static ResourceDialect named(String id) {
        return Providers.dialect(id);
    }

    /** @return a short, stable, unique id such as {@code "gomcp"}: what {@code jmcp --dialect} names */
    String id();

    /**
     * How this dialect's clients list the children of a collection, as words a server can put in its
     * instructions after "list one with" ({@code jmcp serve} does), since each dialect walks down a
     * tree its own way: MCP's {@code resources/list} takes the collection's {@code uri}, gomcp's
     * takes a filter.
     *
     * @return such as {@code "resources/list and params.filter.parent set to its uri"}; never null;
     *         by default {@code "this dialect's resources/list"}
     * @since 0.1
     */
    default String childrenListing() {
        return "this dialect's resources/list";
    }

    /**
     * The server side: a feature that declares and answers this dialect's resource methods over
     * {@code providers}, in place of MCP's resources feature. The server closes it when it closes.
     *
     * @param providers the server's providers, in the order the server routes URIs to them; never null
     * @param settings  the server's resource limits (page size, read budgets); never null
     * @return a new feature for one server; never null
     */
    ServerFeature serverFeature(List<ResourceProvider> providers, ResourceSettings settings);

    /**
     * The client side for one connection.
     *
     * @param options the client's options (call timeout, limits); never null
     * @return a new client side; never null
     */
    Client client(ClientOptions options);

    /** What a client needs to read a server of a dialect over one {@link ClientSession}. */
    interface Client {

        /** @return how to agree on a revision with the dialect's servers, such as the handshake at a pinned revision */
        VersionNegotiation negotiation();

        /** Adds the handlers of the dialect's server notifications to a session that is being built. */
        void register(ClientSession.Builder session);

        /**
         * @param session the session built with {@link #register}, not yet negotiated
         * @return the server's resources, read in this dialect; never null
         */
        ClientResources bind(ClientSession session);
    }
}
