package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.session.McpSession;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which change notification each session understands, learnt from the read it uses: gomcp's code
 * reads with {@code resources/read} and expects {@code notifications/resources/updated}; the seed's
 * protocol reads with {@code resources/get} and names {@code notifications/resources/content_changed}.
 * A session that has used neither yet gets both; one that has used both gets both.
 */
final class NotificationNames {
    private static final List<String> BOTH = List.of(GomcpProtocol.UPDATED, GomcpProtocol.CONTENT_CHANGED);

    private final Map<McpSession, Set<String>> used = new ConcurrentHashMap<>();

    /** Records that {@code session} read with {@code method}. */
    void read(McpSession session, String method) {
        String name = GomcpProtocol.GET.equals(method) ? GomcpProtocol.CONTENT_CHANGED : GomcpProtocol.UPDATED;
        used.computeIfAbsent(session, s -> ConcurrentHashMap.newKeySet()).add(name);
    }

    /** @return the change notifications to send {@code session}, in a stable order */
    List<String> of(McpSession session) {
        Set<String> names = used.get(session);
        return names == null ? BOTH : BOTH.stream().filter(names::contains).toList();
    }

    void forget(McpSession session) {
        used.remove(session);
    }
}
