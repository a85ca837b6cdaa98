package dev.jmcp.core.spi;

import java.util.Map;

/**
 * What a {@link ResourceProvider} knows about the read it is serving.
 *
 * @since 0.1
 */
public interface ReadContext {

    /** @return true once the client has cancelled the read; a slow provider checks it and stops */
    boolean isCancelled();

    /** @return the variables of the template the URI matched; empty when it matched none; never null */
    Map<String, String> templateVariables();

    /** @return a context for reads outside a request, such as tests: never cancelled, no variables */
    static ReadContext none() {
        return new ReadContext() {
            @Override
            public boolean isCancelled() {
                return false;
            }

            @Override
            public Map<String, String> templateVariables() {
                return Map.of();
            }
        };
    }
}
