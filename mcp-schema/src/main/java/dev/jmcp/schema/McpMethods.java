package dev.jmcp.schema;

import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.common.NotificationParams;
import dev.jmcp.schema.common.RequestParams;
import dev.jmcp.schema.lifecycle.CancelledNotificationParams;
import dev.jmcp.schema.lifecycle.DiscoverResult;
import dev.jmcp.schema.lifecycle.InitializeRequestParams;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.schema.lifecycle.LoggingMessageNotificationParams;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.schema.lifecycle.SetLevelRequestParams;
import dev.jmcp.schema.lifecycle.SubscriptionsAcknowledgedNotificationParams;
import dev.jmcp.schema.lifecycle.SubscriptionsListenRequestParams;
import dev.jmcp.schema.lifecycle.SubscriptionsListenResult;
import dev.jmcp.schema.resources.ListResourceTemplatesRequestParams;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.ListResourcesRequestParams;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadDirectoryRequestParams;
import dev.jmcp.schema.resources.ReadResourceMetadataRequestParams;
import dev.jmcp.schema.resources.ReadResourceMetadataResult;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import dev.jmcp.schema.resources.SubscribeRequestParams;
import dev.jmcp.schema.resources.UnsubscribeRequestParams;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The methods whose messages this module has records for: the lifecycle and resources methods of
 * every revision jmcp speaks, plus SEP-2093's {@code resources/metadata}. Some exist only in some
 * revisions (see {@link McpMethodNames}); which ones a session accepts is the session's business.
 *
 * <p>From 2026-07-28 a {@code resources/read} may also be answered with an
 * {@link dev.jmcp.schema.common.InputRequiredResult}; the codec tells the two apart by
 * {@code resultType}.
 *
 * @since 0.1
 */
public final class McpMethods {
    /** {@code initialize}: the handshake of the revisions up to 2025-11-25. */
    public static final McpMethod<InitializeRequestParams, InitializeResult> INITIALIZE =
            McpMethod.request(McpMethodNames.INITIALIZE, InitializeRequestParams.class, InitializeResult.class);
    /** {@code notifications/initialized}: the client has finished the handshake. */
    public static final McpMethod<NotificationParams, Void> INITIALIZED =
            McpMethod.notification(McpMethodNames.INITIALIZED, NotificationParams.class);
    /** {@code ping}: checks that the peer is still there (up to 2025-11-25). */
    public static final McpMethod<RequestParams, EmptyResult> PING =
            McpMethod.request(McpMethodNames.PING, RequestParams.class, EmptyResult.class);
    /** {@code notifications/cancelled}: the sender no longer wants an answer. */
    public static final McpMethod<CancelledNotificationParams, Void> CANCELLED =
            McpMethod.notification(McpMethodNames.CANCELLED, CancelledNotificationParams.class);
    /** {@code notifications/progress}: how far a long request has got. */
    public static final McpMethod<ProgressNotificationParams, Void> PROGRESS =
            McpMethod.notification(McpMethodNames.PROGRESS, ProgressNotificationParams.class);
    /** {@code logging/setLevel}: the lowest log level the client wants (up to 2025-11-25). */
    public static final McpMethod<SetLevelRequestParams, EmptyResult> SET_LEVEL =
            McpMethod.request(McpMethodNames.SET_LEVEL, SetLevelRequestParams.class, EmptyResult.class);
    /** {@code notifications/message}: a log message from the server. */
    public static final McpMethod<LoggingMessageNotificationParams, Void> LOGGING_MESSAGE =
            McpMethod.notification(McpMethodNames.LOGGING_MESSAGE, LoggingMessageNotificationParams.class);
    /** {@code resources/list}: a page of resources, or of a collection's children (jmcp). */
    public static final McpMethod<ListResourcesRequestParams, ListResourcesResult> RESOURCES_LIST = McpMethod.request(McpMethodNames.RESOURCES_LIST,
            ListResourcesRequestParams.class, ListResourcesResult.class);
    /** {@code resources/read}: a resource's content. */
    public static final McpMethod<ReadResourceRequestParams, ReadResourceResult> RESOURCES_READ = McpMethod.request(McpMethodNames.RESOURCES_READ,
            ReadResourceRequestParams.class, ReadResourceResult.class);
    /** {@code resources/metadata}: a resource's metadata without its content (SEP-2093). */
    public static final McpMethod<ReadResourceMetadataRequestParams, ReadResourceMetadataResult> RESOURCES_METADATA = McpMethod.request(McpMethodNames.RESOURCES_METADATA,
            ReadResourceMetadataRequestParams.class, ReadResourceMetadataResult.class);
    /** {@code resources/directory/read}: a page of a directory's children (SEP-2640), shaped as resources/list's. */
    @Experimental
    public static final McpMethod<ReadDirectoryRequestParams, ListResourcesResult> RESOURCES_DIRECTORY_READ =
            McpMethod.request(McpMethodNames.RESOURCES_DIRECTORY_READ,
            ReadDirectoryRequestParams.class, ListResourcesResult.class);
    /** {@code resources/templates/list}: a page of resource templates. */
    public static final McpMethod<ListResourceTemplatesRequestParams, ListResourceTemplatesResult> RESOURCES_TEMPLATES_LIST = McpMethod.request(
            McpMethodNames.RESOURCES_TEMPLATES_LIST, ListResourceTemplatesRequestParams.class,
            ListResourceTemplatesResult.class);
    /** {@code resources/subscribe}: updates for one resource (up to 2025-11-25). */
    public static final McpMethod<SubscribeRequestParams, EmptyResult> RESOURCES_SUBSCRIBE = McpMethod.request(McpMethodNames.RESOURCES_SUBSCRIBE,
            SubscribeRequestParams.class, EmptyResult.class);
    /** {@code resources/unsubscribe}: no more updates for one resource (up to 2025-11-25). */
    public static final McpMethod<UnsubscribeRequestParams, EmptyResult> RESOURCES_UNSUBSCRIBE = McpMethod.request(McpMethodNames.RESOURCES_UNSUBSCRIBE,
            UnsubscribeRequestParams.class, EmptyResult.class);
    /** {@code notifications/resources/updated}: a subscribed resource changed. */
    public static final McpMethod<ResourceUpdatedNotificationParams, Void> RESOURCES_UPDATED = McpMethod.notification(McpMethodNames.RESOURCES_UPDATED,
            ResourceUpdatedNotificationParams.class);
    /** {@code notifications/resources/list_changed}: the list of resources changed. */
    public static final McpMethod<NotificationParams, Void> RESOURCES_LIST_CHANGED =
            McpMethod.notification(McpMethodNames.RESOURCES_LIST_CHANGED, NotificationParams.class);
    /** {@code server/discover}: the server's revisions, capabilities and identity (2026-07-28). */
    public static final McpMethod<RequestParams, DiscoverResult> SERVER_DISCOVER =
            McpMethod.request(McpMethodNames.SERVER_DISCOVER, RequestParams.class, DiscoverResult.class);
    /** {@code subscriptions/listen}: opens a stream of change notifications (2026-07-28). */
    public static final McpMethod<SubscriptionsListenRequestParams, SubscriptionsListenResult> SUBSCRIPTIONS_LISTEN = McpMethod.request(McpMethodNames.SUBSCRIPTIONS_LISTEN,
            SubscriptionsListenRequestParams.class, SubscriptionsListenResult.class);
    /** {@code notifications/subscriptions/acknowledged}: what a stream will carry (2026-07-28). */
    public static final McpMethod<SubscriptionsAcknowledgedNotificationParams, Void> SUBSCRIPTIONS_ACKNOWLEDGED = McpMethod.notification(
            McpMethodNames.SUBSCRIPTIONS_ACKNOWLEDGED, SubscriptionsAcknowledgedNotificationParams.class);

    private static final List<McpMethod<?, ?>> ALL = List.of(INITIALIZE, INITIALIZED, PING, CANCELLED, PROGRESS, SET_LEVEL,
            LOGGING_MESSAGE, RESOURCES_LIST, RESOURCES_READ, RESOURCES_METADATA, RESOURCES_DIRECTORY_READ,
            RESOURCES_TEMPLATES_LIST, RESOURCES_SUBSCRIBE, RESOURCES_UNSUBSCRIBE, RESOURCES_UPDATED, RESOURCES_LIST_CHANGED, SERVER_DISCOVER,
            SUBSCRIPTIONS_LISTEN, SUBSCRIPTIONS_ACKNOWLEDGED);

    private static final Map<String, McpMethod<?, ?>> BY_NAME = index();

    private McpMethods() {
    }

    /** @return every method above, in declaration order; immutable */
    public static List<McpMethod<?, ?>> all() {
        return ALL;
    }

    /**
     * @param name a wire method name; may be null
     * @return the method of that name, or null when this module has no records for it
     */
    public static McpMethod<?, ?> byName(String name) {
        return name == null ? null : BY_NAME.get(name);
    }

    private static Map<String, McpMethod<?, ?>> index() {
        Map<String, McpMethod<?, ?>> index = new LinkedHashMap<>();
        for (McpMethod<?, ?> method : ALL) {
            if (index.put(method.name(), method) != null) {
                throw new IllegalStateException("two methods are named " + method.name());
            }
        }
        return Map.copyOf(index);
    }
}
