package dev.jmcp.core.spi;

import java.util.Map;

/**
 * Makes a {@link ResourceProvider} from named settings: what {@link java.util.ServiceLoader} finds
 * when a server is asked to discover its providers ({@code McpServer.Builder.discoverResourceProviders()},
 * {@code jmcp serve --discover}), as JSON-P's provider is made from a config map. A module declares
 * {@code provides dev.jmcp.core.spi.ResourceProviderFactory with ...}; a jar on the class path lists
 * the class in {@code META-INF/services/dev.jmcp.core.spi.ResourceProviderFactory}. Each path reads
 * only its own declaration.
 *
 * <p>Discovery makes one provider per factory and server; the server closes it. A factory that
 * cannot make its provider (a setting missing or wrong) throws, and the server is not built: the
 * message names the factory and, through {@link ProviderSettings#require}, the setting.
 *
 * @since 0.1
 */
public interface ResourceProviderFactory {

    /** @return the id of the providers it makes, and the prefix of its settings ({@code ID.NAME}); never blank */
    String id();

    /**
     * @return the settings this factory reads, by name, each with a line saying what it is and
     *         whether it is required: shown by {@code jmcp serve --help} and in discovery's errors;
     *         empty by default
     */
    default Map<String, String> settings() {
        return Map.of();
    }

    /**
     * @param settings the settings given for this factory's id; never null
     * @return a new provider, not yet started; never null
     * @throws IllegalArgumentException when a setting is missing or wrong, saying which and why
     */
    ResourceProvider create(ProviderSettings settings);
}
