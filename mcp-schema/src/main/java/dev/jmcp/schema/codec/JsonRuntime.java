package dev.jmcp.schema.codec;

import jakarta.json.spi.JsonProvider;
import java.util.ServiceConfigurationError;

/**
 * The JSON-P provider that jmcp reads and writes JSON with: Eclipse Parsson, or any other
 * implementation of {@code jakarta.json.spi.JsonProvider} on the module path. jmcp resolves it
 * once, through {@link java.util.ServiceLoader}, and fails with a message that says what is missing
 * when there is none, which happens with a {@code jlink} image made without
 * {@code --add-modules org.eclipse.parsson}: JSON-P names the provider only through
 * {@code uses}, which jlink does not follow by itself.
 *
 * @since 0.1
 */
public final class JsonRuntime {
    /** What a failure says: the module to add, and how. */
    public static final String MISSING = "no JSON-P provider (jakarta.json.spi.JsonProvider) is on the module path;"
            + " jmcp needs one, such as Eclipse Parsson (module org.eclipse.parsson; for a jlink image:"
            + " --add-modules org.eclipse.parsson)";

    private static volatile JsonProvider provider;

    private JsonRuntime() {
    }

    /**
     * @return the provider, resolved on the first call
     * @throws IllegalStateException when there is none, with {@link #MISSING} and JSON-P's reason
     */
    public static JsonProvider provider() {
        JsonProvider found = provider;
        if (found == null) {
            try {
                found = JsonProvider.provider();
            } catch (RuntimeException | ServiceConfigurationError e) {
                throw new IllegalStateException(MISSING + " (" + e.getMessage() + ")", e);
            }
            provider = found;
        }
        return found;
    }
}
