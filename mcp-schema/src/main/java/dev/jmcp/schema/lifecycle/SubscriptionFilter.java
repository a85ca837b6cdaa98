package dev.jmcp.schema.lifecycle;

import java.util.List;

/**
 * Which change notifications a {@code subscriptions/listen} stream carries (2026-07-28): what the
 * client asks for, and in the acknowledgement what the server agreed to send. An absent member
 * means not subscribed.
 *
 * @param toolsListChanged      {@code notifications/tools/list_changed}; may be null
 * @param promptsListChanged    {@code notifications/prompts/list_changed}; may be null
 * @param resourcesListChanged  {@code notifications/resources/list_changed}; may be null
 * @param resourceSubscriptions the URIs to receive {@code notifications/resources/updated} for;
 *                              may be null
 * @since 0.1
 */
public record SubscriptionFilter(
        Boolean toolsListChanged,
        Boolean promptsListChanged,
        Boolean resourcesListChanged,
        List<String> resourceSubscriptions) {

    public SubscriptionFilter {
        resourceSubscriptions = resourceSubscriptions == null ? null : List.copyOf(resourceSubscriptions);
    }

    /** @return a filter that subscribes to nothing: {@code {}} */
    public static SubscriptionFilter none() {
        return new SubscriptionFilter(null, null, null, null);
    }

    /**
     * @param listChanged whether to receive {@code notifications/resources/list_changed}
     * @param uris        the resources to receive updates for; never null, may be empty
     * @return a filter for the resource notifications only
     */
    public static SubscriptionFilter resources(boolean listChanged, List<String> uris) {
        return new SubscriptionFilter(null, null, listChanged ? Boolean.TRUE : null, uris);
    }

    /** @return true when the filter covers updates of {@code uri} */
    public boolean subscribes(String uri) {
        return resourceSubscriptions != null && resourceSubscriptions.contains(uri);
    }
}
