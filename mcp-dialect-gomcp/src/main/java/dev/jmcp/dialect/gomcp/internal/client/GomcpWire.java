package dev.jmcp.dialect.gomcp.internal.client;

/**
 * The names, codes and keys of gomcp's resources protocol as this client speaks it: gomcp's code
 * (commit 53ce9f5) and its protocol document, plus the dialect's shared decisions (Not Modified is
 * {@code -32050}; {@code kind} and {@code metadata} travel in jmcp's {@code _meta} under these keys).
 */
final class GomcpWire {
    /** The one revision gomcp's server accepts in {@code initialize}. */
    static final String PROTOCOL_VERSION = "2025-03-26";
    /** gomcp's server waits for this bare name, not MCP's {@code notifications/initialized}. */
    static final String INITIALIZED = "initialized";

    static final String LIST = "resources/list";
    /** The read's name in gomcp's code. */
    static final String READ = "resources/read";
    /** The read's name in gomcp's protocol document. */
    static final String GET = "resources/get";
    static final String SUBSCRIBE = "resources/subscribe";
    static final String UNSUBSCRIBE = "resources/unsubscribe";
    /** The change notification's name in gomcp's code. */
    static final String UPDATED = "notifications/resources/updated";
    /** The change notification's name in gomcp's protocol document. */
    static final String CONTENT_CHANGED = "notifications/resources/content_changed";
    static final String LIST_CHANGED = "notifications/resources/list_changed";

    /** gomcp's "resource not found". */
    static final int RESOURCE_NOT_FOUND = -32040;
    /** The dialect's "Not Modified": the version the client sent is current. */
    static final int NOT_MODIFIED = -32050;
    /** What a lenient client also takes for Not Modified: a message that starts with it. */
    static final String NOT_MODIFIED_MESSAGE = "Not Modified";

    /** The {@code _meta} key of gomcp's {@code kind}. */
    static final String KIND_KEY = "dev.jmcp/kind";
    /** The {@code _meta} key of gomcp's {@code metadata} object. */
    static final String METADATA_KEY = "dev.jmcp/metadata";

    private GomcpWire() {
    }
}
