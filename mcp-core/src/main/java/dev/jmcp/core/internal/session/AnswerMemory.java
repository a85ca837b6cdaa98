package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.RequestContext;

/**
 * How the code that makes an answer (the resources feature, the file-system provider) charges what
 * it makes to the transport's answer budget ({@link dev.jmcp.core.spi.McpTransport#answerBudget()}):
 * from the moment it is made until the answer has been written, so that answers waiting to be
 * encoded or written count as much as those being encoded. A context of another kind (a test's, a
 * request handled outside a session) counts nothing: a context that serves requests must own an
 * {@link AnswerHold} ({@link AnswerHolder}) and release it once the answer is written, as {@link HandlerContext}
 * does, or once a task's result is dropped.
 */
public final class AnswerMemory {
    private AnswerMemory() {
    }

    /**
     * Takes {@code bytes} for {@code request} until its answer has been written.
     *
     * @param what names what needs them in the refusal, such as "the text of file:///a.txt"
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32603} naming the budget's setting
     *         when they do not fit
     */
    public static void hold(RequestContext request, long bytes, String what) {
        if (request instanceof AnswerHolder context) {
            context.answerHold().hold(bytes, what);
        }
    }

    /** @return whether {@code bytes} were taken for {@code request} (true when nothing is counted) */
    public static boolean tryHold(RequestContext request, long bytes) {
        return !(request instanceof AnswerHolder context) || context.answerHold().tryHold(bytes);
    }

    /** Gives back up to {@code bytes} that {@code request} holds, when what they were for is gone. */
    public static void giveBack(RequestContext request, long bytes) {
        if (request instanceof AnswerHolder context) {
            context.answerHold().giveBack(bytes);
        }
    }

    /**
     * @return a new hold on the budget that {@code request}'s answer takes from, for what outlives
     *         the answer (a task's result); one that counts nothing for a context that holds nothing
     */
    public static AnswerHold newHold(RequestContext request) {
        return new AnswerHold(request instanceof AnswerHolder context ? context.answerHold().budget() : null);
    }

    /** @return about the heap a {@code String} of {@code text} takes: a byte per char when all are Latin-1, else two */
    public static long textBytes(String text) {
        int n = text.length();
        for (int i = 0; i < n; i++) {
            if (text.charAt(i) > 0xFF) {
                return 2L * n;
            }
        }
        return n;
    }
}
