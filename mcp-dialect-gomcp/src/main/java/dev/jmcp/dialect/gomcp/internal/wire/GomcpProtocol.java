package dev.jmcp.dialect.gomcp.internal.wire;

/** gomcp's names and codes, and the keys under which jmcp's model carries gomcp's members. */
public final class GomcpProtocol {
    /** gomcp clients speak this revision of the {@code initialize} handshake. */
    public static final String PROTOCOL_VERSION = "2025-03-26";
    /** gomcp's client ends the handshake with this bare name, and its server waits for it, not MCP's {@code notifications/initialized}. */
    public static final String INITIALIZED = "initialized";

    public static final String LIST = "resources/list";
    /** The seed's name of the read. */
    public static final String GET = "resources/get";
    /** gomcp's code's name of the read. */
    public static final String READ = "resources/read";
    public static final String SUBSCRIBE = "resources/subscribe";
    public static final String UNSUBSCRIBE = "resources/unsubscribe";
    /** gomcp's code's change notification: to a session that read with {@link #READ}. */
    public static final String UPDATED = "notifications/resources/updated";
    /** The seed's change notification: to a session that read with {@link #GET}. */
    public static final String CONTENT_CHANGED = "notifications/resources/content_changed";
    public static final String LIST_CHANGED = "notifications/resources/list_changed";

    /** gomcp's "resource not found". */
    public static final int NOT_FOUND = -32040;
    /** jmcp's "not modified" in this dialect (gomcp defines none): data {uri, version}. */
    public static final int NOT_MODIFIED = -32050;
    /** How the message of {@link #NOT_MODIFIED} starts; a lenient client takes any error so worded for it. */
    public static final String NOT_MODIFIED_MESSAGE = "Not Modified";

    /** gomcp's {@code kind} in a jmcp {@code Resource}'s {@code _meta}. */
    public static final String KIND_META = "dev.jmcp/kind";
    /** gomcp's {@code metadata} object in a jmcp {@code Resource}'s {@code _meta}. */
    public static final String METADATA_META = "dev.jmcp/metadata";

    /** {@code kind} of a collection. */
    public static final String KIND_COLLECTION = "collection";
    /** {@code kind} of a leaf of a {@code file:} URI. */
    public static final String KIND_FILE = "file";

    private GomcpProtocol() {
    }
}
