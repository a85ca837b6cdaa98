package dev.jmcp.core.session;

import dev.jmcp.schema.McpException;
import java.util.List;

/**
 * The server chose a protocol revision that this client does not speak. The client session closes,
 * as the lifecycle asks ("the client SHOULD disconnect").
 *
 * @since 0.1
 */
public final class UnsupportedProtocolVersionException extends McpException {
    private static final long serialVersionUID = 1L;

    private final String requested;
    private final String offered;
    private final List<String> supported;

    /**
     * @param requested the revision the client asked for; never null
     * @param offered   the revision the server answered with; may be null when it sent none
     * @param supported the revisions the client speaks; never null
     */
    public UnsupportedProtocolVersionException(String requested, String offered, List<String> supported) {
        super("server chose protocol version " + offered + ", which this client does not support (it requested "
                + requested + " and supports " + supported + ")");
        this.requested = requested;
        this.offered = offered;
        this.supported = List.copyOf(supported);
    }

    /** @return the revision the client asked for */
    public String requested() {
        return requested;
    }

    /** @return the revision the server chose; may be null */
    public String offered() {
        return offered;
    }

    /** @return the revisions the client speaks */
    public List<String> supported() {
        return supported;
    }
}
