package dev.jmcp.core.internal.resources;

import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.lifecycle.ServerMetaKeys;
import dev.jmcp.schema.lifecycle.SubscriptionFilter;
import dev.jmcp.schema.lifecycle.SubscriptionsAcknowledgedNotificationParams;
import dev.jmcp.schema.lifecycle.SubscriptionsListenRequestParams;
import dev.jmcp.schema.lifecycle.SubscriptionsListenResult;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one {@code subscriptions/listen} (2026-07-28) that a stateless client keeps open for its
 * {@code subscribe} and {@code onListChanged} listeners. When what they need changes, a new
 * listen is opened with the new filter and, once the server has acknowledged it, the old one is
 * cancelled; notifications that name another subscription than the acknowledged one are dropped,
 * so that none is delivered twice while the two overlap.
 */
final class ClientListen {
    /** A listen lasts until the client cancels it: its request has no useful timeout. */
    private static final Duration LISTEN_TIMEOUT = Duration.ofDays(3650);

    private final Duration callTimeout;
    private CompletableFuture<SubscriptionsListenResult> open; // guarded by this
    private SubscriptionFilter filter = SubscriptionFilter.none(); // guarded by this
    private volatile CompletableFuture<SubscriptionsAcknowledgedNotificationParams> awaited;
    private volatile JsonValue subscriptionId;

    ClientListen(Duration callTimeout) {
        this.callTimeout = callTimeout;
    }

    /**
     * Makes the open listen cover {@code uris} and, when {@code listChanged}, list changes; no
     * listen when it needs neither.
     *
     * @return what the server acknowledged; the filter asked for when nothing had to change
     * @throws McpException when the server refuses the listen or does not acknowledge it within
     *                      the call timeout
     */
    synchronized SubscriptionFilter update(ClientSession session, boolean listChanged, List<String> uris) {
        SubscriptionFilter wanted = SubscriptionFilter.resources(listChanged, uris);
        if (wanted.equals(filter)) {
            return filter;
        }
        CompletableFuture<SubscriptionsListenResult> previous = open;
        if (!listChanged && uris.isEmpty()) {
            open = null;
            filter = wanted;
            subscriptionId = null;
        } else {
            CompletableFuture<SubscriptionsAcknowledgedNotificationParams> ack = new CompletableFuture<>();
            awaited = ack;
            CompletableFuture<SubscriptionsListenResult> listen = session.sendRequest(
                    McpMethodNames.SUBSCRIPTIONS_LISTEN, SubscriptionsListenRequestParams.of(wanted),
                    SubscriptionsListenResult.class, RequestOptions.timeout(LISTEN_TIMEOUT));
            listen.whenComplete((result, failure) -> ack.completeExceptionally(failure != null ? failure
                    : new McpException("the server ended subscriptions/listen before acknowledging it")));
            SubscriptionsAcknowledgedNotificationParams acknowledged = await(ack, listen);
            open = listen;
            filter = wanted;
            subscriptionId = acknowledged.meta() == null ? null : acknowledged.meta().get(ServerMetaKeys.SUBSCRIPTION_ID);
            if (previous != null) {
                previous.cancel(false);
            }
            return acknowledged.notifications();
        }
        if (previous != null) {
            previous.cancel(false);
        }
        return wanted;
    }

    private SubscriptionsAcknowledgedNotificationParams await(
            CompletableFuture<SubscriptionsAcknowledgedNotificationParams> ack,
            CompletableFuture<SubscriptionsListenResult> listen) {
        try {
            return ack.get(callTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime : new McpException(String.valueOf(cause), cause);
        } catch (TimeoutException e) {
            listen.cancel(false);
            throw new McpException("the server did not acknowledge subscriptions/listen within callTimeout="
                    + callTimeout.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            listen.cancel(false);
            Thread.currentThread().interrupt();
            throw new McpException("interrupted while waiting for subscriptions/listen to be acknowledged", e);
        }
    }

    /** Receives {@code notifications/subscriptions/acknowledged}: the answer to the listen being opened. */
    void acknowledged(Object params) {
        CompletableFuture<SubscriptionsAcknowledgedNotificationParams> ack = awaited;
        if (ack != null && params instanceof SubscriptionsAcknowledgedNotificationParams acknowledged) {
            ack.complete(acknowledged);
        }
    }

    /** @return false for a notification of a listen that has been replaced */
    boolean isCurrent(JsonObject meta) {
        JsonValue id = meta == null ? null : meta.get(ServerMetaKeys.SUBSCRIPTION_ID);
        JsonValue current = subscriptionId;
        return id == null || current == null || Objects.equals(id, current);
    }

    /** Cancels the open listen, if any. */
    synchronized void close() {
        if (open != null) {
            open.cancel(false);
            open = null;
        }
        filter = SubscriptionFilter.none();
    }
}
