package dev.jmcp.core.internal.session;

/**
 * A request context that owns what its answer holds of an answer budget: a request's own
 * ({@link HandlerContext}), or a task's, whose result is kept after its request was answered.
 * {@link AnswerMemory} charges through it.
 */
public interface AnswerHolder {

    /** @return what the answer holds until it has been written or dropped; never null */
    AnswerHold answerHold();
}
