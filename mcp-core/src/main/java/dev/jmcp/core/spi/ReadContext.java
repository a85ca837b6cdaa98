package dev.jmcp.core.spi;

import java.util.Map;
import java.util.Objects;

/**
 * What a {@link ResourceProvider} knows about the read it serves.
 *
 * @since 0.1
 */
public interface ReadContext {

    /** @return who reads; never null */
    Caller caller();

    /** @return true once the client has cancelled the read; a slow provider checks it and stops */
    boolean isCancelled();

    /** @return the variables of the template the URI matched; empty when it matched none; never null */
    Map<String, String> templateVariables();

    /** @return a context for reads outside a request, such as tests: {@link Caller#none()}, never cancelled, no variables */
    static ReadContext none() {
        return of(Caller.none(), Map.of());
    }

    /**
     * @param caller    who reads; never null
     * @param variables the template's variables; never null
     * @return a context that is never cancelled: for calls outside a request, such as tests
     */
    static ReadContext of(Caller caller, Map<String, String> variables) {
        Objects.requireNonNull(caller, "caller");
        Map<String, String> copy = Map.copyOf(variables);
        return new ReadContext() {
            @Override
            public Caller caller() {
                return caller;
            }

            @Override
            public boolean isCancelled() {
                return false;
            }

            @Override
            public Map<String, String> templateVariables() {
                return copy;
            }
        };
    }
}
