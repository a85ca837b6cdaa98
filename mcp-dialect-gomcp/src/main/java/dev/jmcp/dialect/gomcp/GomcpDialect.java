package dev.jmcp.dialect.gomcp;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.spi.ResourceDialect;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.dialect.gomcp.internal.client.GomcpClient;
import dev.jmcp.dialect.gomcp.internal.server.GomcpServerFeature;
import dev.jmcp.schema.Experimental;
import java.util.List;

/**
 * gomcp's resources protocol: {@code Resource} with {@code kind}, {@code version} and {@code metadata};
 * {@code resources/list} with a {@code filter}; {@code resources/get} (also {@code resources/read}) with
 * an optional {@code version} and one {@code contents} object; {@code uris[]} subscriptions; the whole
 * updated {@code Resource} in {@code notifications/resources/content_changed} (also
 * {@code notifications/resources/updated}).
 *
 * @since 0.1
 */
@Experimental
public final class GomcpDialect implements ResourceDialect {

    /** The dialect's id. */
    public static final String ID = "gomcp";

    @Override
    public String id() {
        return ID;
    }

    /** @return {@code resources/list} with the jmcp filter member {@code parent}, gomcp's only way down a tree */
    @Override
    public String childrenListing() {
        return "resources/list and params.filter.parent set to its uri";
    }

    @Override
    public ServerFeature serverFeature(List<ResourceProvider> providers, ResourceSettings settings) {
        return new GomcpServerFeature(providers, settings);
    }

    /**
     * The client side: {@code initialize} at 2025-03-26 and the bare {@code initialized}; the read as
     * {@code resources/read}, then {@code resources/get} for good when the server does not know it;
     * {@code version} sent by {@code readIfChanged}, its Not Modified answer ({@code -32050}) the
     * empty not-modified result of jmcp's conditional reads; {@code -32040} (or {@code -32602} with
     * {@code data.uri}) a {@link dev.jmcp.core.resources.ResourceNotFoundException}. A collection's
     * children are filtered from the flat listing; metadata is a read whose content is dropped.
     */
    @Override
    public Client client(ClientOptions options) {
        return new GomcpClient(options.callTimeout());
    }
}
