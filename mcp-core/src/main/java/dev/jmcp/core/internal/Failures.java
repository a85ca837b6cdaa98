package dev.jmcp.core.internal;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** What futures wrap a failure in, taken off again. */
public final class Failures {
    private Failures() {
    }

    /** @return the failure inside any {@link CompletionException} and {@link ExecutionException} layers */
    public static Throwable unwrap(Throwable failure) {
        Throwable current = failure;
        while ((current instanceof CompletionException || current instanceof ExecutionException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
