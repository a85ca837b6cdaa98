package dev.jmcp.transport.netty.internal.legacy;

import dev.jmcp.core.spi.Budget;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.transport.netty.internal.session.RegisteredSession;
import dev.jmcp.transport.netty.internal.session.SessionInbox;
import dev.jmcp.transport.netty.internal.session.SessionRegistry;
import dev.jmcp.transport.netty.internal.sse.SseEvent;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.LastHttpContent;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A session of the HTTP+SSE transport of 2024-11-05: one SSE connection carries everything the
 * server sends, and the client POSTs to the endpoint it was told in the first event. The
 * connection is the session: when it closes, the session ends. Nothing is replayed.
 */
public final class LegacySession implements McpTransport, RegisteredSession {
    private static final System.Logger LOG = System.getLogger(LegacySession.class.getName());

    private final String id;
    private final SessionRegistry registry;
    private final SessionInbox inbound;
    private final Budget answers;
    private volatile Channel channel;
    private volatile boolean closed;
    private volatile long lastActivity = System.nanoTime();

    /**
     * @param id       the session id
     * @param registry where the session is registered; never null
     * @param answers  the server's {@code maxResponseBytesInMemory}; never null
     */
    public LegacySession(String id, SessionRegistry registry, Budget answers) {
        this.id = Objects.requireNonNull(id, "id");
        this.answers = Objects.requireNonNull(answers, "answers");
        this.registry = Objects.requireNonNull(registry, "registry");
        this.inbound = new SessionInbox("legacy session " + id, () -> closed);
    }

    /** Makes {@code sse}, whose response head and endpoint event are written, the session's stream. */
    void attach(Channel sse) {
        this.channel = sse;
        sse.closeFuture().addListener(future -> close());
    }

    /** @return the server's {@code maxResponseBytesInMemory}, which answers take from while they are made and written */
    @Override
    public Budget answerBudget() {
        return answers;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public long lastActivity() {
        return lastActivity;
    }

    @Override
    public boolean hasOpenStream() {
        Channel current = channel;
        return current != null && current.isActive();
    }

    @Override
    public void start(Listener value) {
        inbound.start(value);
    }

    /** @return what the session's own requests called, for reading the client's responses */
    PendingRequests pendingRequests() {
        return inbound.pendingRequests();
    }

    /** Hands a message of the client to the session, with whom its POST was authenticated as (null for none). */
    void deliver(JsonRpcPayload payload, Principal principal) {
        lastActivity = System.nanoTime();
        inbound.deliver(payload, principal);
    }

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        Objects.requireNonNull(payload, "payload");
        Channel current = channel;
        if (closed || current == null || !current.isActive()) {
            return CompletableFuture.failedFuture(new McpException("legacy session " + id + " has ended"));
        }
        CompletableFuture<Void> taken = new CompletableFuture<>();
        current.writeAndFlush(SseEvent.message(null, payload, null)).addListener(future -> {
            if (future.isSuccess()) {
                taken.complete(null);
            } else {
                taken.completeExceptionally(new McpException("legacy session " + id + ": the write failed",
                        future.cause()));
            }
        });
        return taken;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        registry.remove(this);
        Channel current = channel;
        if (current != null && current.isActive()) {
            current.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
        }
        inbound.closed();
        LOG.log(Level.DEBUG, "legacy session {0} ended", id);
    }

    @Override
    public String toString() {
        return "LegacySession[" + id + "]";
    }
}
