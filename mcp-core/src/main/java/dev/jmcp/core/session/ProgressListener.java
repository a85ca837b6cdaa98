package dev.jmcp.core.session;

import dev.jmcp.schema.lifecycle.ProgressNotificationParams;

/**
 * Receives the {@code notifications/progress} that the peer sends for one outbound request.
 * Called on the transport's delivery thread, in arrival order and before the request's future
 * completes: it must return quickly and must not block.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface ProgressListener {

    /** @param progress the notification's params; never null */
    void onProgress(ProgressNotificationParams progress);
}
