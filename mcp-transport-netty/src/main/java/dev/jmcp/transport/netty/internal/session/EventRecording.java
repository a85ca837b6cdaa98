package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.core.spi.Budget;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * A copy of one SSE event taken as its bytes are written, so that a resumed stream gets exactly
 * what was sent and nothing is encoded (or read from a provider) twice. The copy takes from the
 * server's {@link Budget} as it grows; it gives up, giving back what it took, once the event
 * is larger than {@code replayBufferBytes} or the budget is spent, and the event is then not kept.
 *
 * <p>Written on the event loop of the connection that carries the event; {@link #discard} may come
 * from any thread (a session that drops the event or ends), hence the lock. Its owner is told once,
 * when the write ends or is abandoned.
 */
public final class EventRecording {
    private final Budget budget;
    private final long maxBytes;
    private final Consumer<EventRecording> onOver;
    private List<byte[]> chunks = new ArrayList<>();
    private long bytes;
    private String refused;
    private boolean complete;
    private boolean started;
    private boolean over;

    /**
     * @param budget   the server's budget for replay
     * @param maxBytes the setting {@code replayBufferBytes}: the most one event may take
     * @param onOver   told once the write has ended or was abandoned; see {@link #complete()}
     */
    public EventRecording(Budget budget, long maxBytes, Consumer<EventRecording> onOver) {
        this.budget = budget;
        this.maxBytes = maxBytes;
        this.onOver = onOver;
    }

    /** Says the body is being read: from now on, a blob in it may have been read from its source. */
    synchronized void reading() {
        started = true;
    }

    /** @return whether the body was read at all, so that a blob's source in it may have been read */
    synchronized boolean started() {
        return started;
    }

    /** Copies {@code content}'s readable bytes, leaving its indexes as they were. */
    synchronized void written(ByteBuf content) {
        int n = content.readableBytes();
        if (admit(n)) {
            byte[] copy = new byte[n];
            content.getBytes(content.readerIndex(), copy);
            add(copy);
        }
    }

    /** Copies {@code length} bytes of {@code bytes} from {@code offset}. */
    synchronized void written(byte[] bytes, int offset, int length) {
        if (admit(length)) {
            add(Arrays.copyOfRange(bytes, offset, offset + length));
        }
    }

    /** @return whether {@code n} more bytes are to be copied: taken from the budget, within the setting */
    private boolean admit(int n) {
        if (over || refused != null || n == 0) {
            return false;
        }
        if (bytes + n > maxBytes) {
            refuse("it is larger than replayBufferBytes=" + maxBytes);
            return false;
        }
        if (!budget.tryTake(n)) {
            refuse("the server's replay budget, " + budget + ", was spent");
            return false;
        }
        return true;
    }

    private void add(byte[] copy) {
        chunks.add(copy);
        bytes += copy.length;
    }

    /** Says the whole event has been written. */
    void ended() {
        synchronized (this) {
            complete = true;
        }
        onOver.accept(this);
    }

    /** Says the write stopped before the end (its connection closed, or the body failed). */
    public void abandoned() {
        onOver.accept(this);
    }

    /** @return whether the whole event was written */
    synchronized boolean complete() {
        return complete;
    }

    /** @return why the event cannot be kept (it names the setting); null when it can */
    synchronized String refused() {
        return refused;
    }

    /**
     * Hands the copy over to the caller, which owns its bytes of the budget from now on.
     *
     * @return the bytes; null when the write is not complete, was refused or discarded (nothing is then owned)
     */
    public synchronized KeptEvent take() {
        if (over || !complete || refused != null) {
            discard();
            return null;
        }
        over = true;
        KeptEvent kept = new KeptEvent(chunks, bytes);
        chunks = null;
        bytes = 0;
        return kept;
    }

    /** Drops the copy and gives back its bytes; later writes are ignored. */
    synchronized void discard() {
        over = true;
        release();
    }

    private void refuse(String reason) {
        refused = reason;
        release();
    }

    private void release() {
        budget.giveBack(bytes);
        bytes = 0;
        chunks = null;
    }
}
