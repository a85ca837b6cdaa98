package dev.jmcp.schema.common;

/**
 * The {@code resultType} values that 2026-07-28 defines. The field is an open string on the wire
 * (extensions may add values), so it stays a {@code String} in the records and these are
 * constants, not an enum.
 *
 * @since 0.1
 */
public final class ResultType {
    /** The request finished and the result holds its final content. */
    public static final String COMPLETE = "complete";
    /**
     * The server needs more input first: the result is an {@link InputRequiredResult} and the
     * client retries the request with its answers.
     */
    public static final String INPUT_REQUIRED = "input_required";

    private ResultType() {
    }

    /**
     * Reads a {@code resultType} the way a client must: an absent value comes from a server of an
     * earlier revision and counts as {@link #COMPLETE}.
     *
     * @param resultType the received value; may be null
     * @return true when the value is absent or {@code "complete"}
     */
    public static boolean isComplete(String resultType) {
        return resultType == null || COMPLETE.equals(resultType);
    }
}
