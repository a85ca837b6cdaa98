package dev.jmcp.schema.lifecycle;

/**
 * The {@code _meta} keys a 2026-07-28 server writes into results and notifications.
 *
 * @since 0.1
 */
public final class ServerMetaKeys {
    /** The server's {@link Implementation}, recommended in every result's {@code _meta}. */
    public static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";
    /**
     * The id of the {@code subscriptions/listen} request a message belongs to (a string or an
     * integer): required on every notification of such a stream and on its closing result.
     */
    public static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    private ServerMetaKeys() {
    }
}
