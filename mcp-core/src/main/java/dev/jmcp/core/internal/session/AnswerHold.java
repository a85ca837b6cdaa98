package dev.jmcp.core.internal.session;

import dev.jmcp.core.spi.Budget;

/**
 * What one request holds of its transport's answer budget ({@link dev.jmcp.core.spi.McpTransport#answerBudget()}):
 * taken while its answer is made, given back all at once when the answer has been written or when
 * none will be. After that it takes nothing more. Thread-safe.
 */
public final class AnswerHold {
    private final Budget budget;
    private long held;
    private boolean released;

    /** @param budget what the answers of the request's transport take from; null when nothing is counted */
    public AnswerHold(Budget budget) {
        this.budget = budget;
    }

    /** @return the budget taken from; null when nothing is counted */
    public Budget budget() {
        return budget;
    }

    /** @return false, taking nothing, when {@code bytes} do not fit or the answer is gone; true when taken or nothing is counted */
    public synchronized boolean tryHold(long bytes) {
        if (budget == null || bytes <= 0) {
            return true;
        }
        if (released || !budget.tryTake(bytes)) {
            return false;
        }
        held += bytes;
        return true;
    }

    /**
     * As {@link #tryHold}, failing instead.
     *
     * @param what names what needs the bytes in the refusal
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32603} naming the budget's setting
     */
    public void hold(long bytes, String what) {
        if (!tryHold(bytes)) {
            throw budget.refusal(what + " (" + bytes + " bytes)");
        }
    }

    /** Gives back up to {@code bytes} held, when what they were for is gone. */
    public void giveBack(long bytes) {
        if (budget == null || bytes <= 0) {
            return;
        }
        long back;
        synchronized (this) {
            back = Math.min(bytes, held);
            held -= back;
        }
        budget.giveBack(back);
    }

    /** Gives back all: the answer was written, or none will be; idempotent. */
    public void release() {
        long back;
        synchronized (this) {
            released = true;
            back = held;
            held = 0;
        }
        if (back > 0) {
            budget.giveBack(back);
        }
    }
}
