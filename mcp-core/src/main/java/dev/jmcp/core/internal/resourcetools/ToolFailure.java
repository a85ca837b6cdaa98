package dev.jmcp.core.internal.resourcetools;

/**
 * What the resources refused (a URI not found or hidden, a stale cursor): told to the model as a tool
 * result with {@code isError}, so that it can correct its call, as the spec asks of tool errors.
 */
final class ToolFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ToolFailure(String message) {
        super(message, null, false, false);
    }
}
