package dev.jmcp.core.spi;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The named settings given to one {@link ResourceProviderFactory}: strings by name, as
 * {@code jmcp serve --provider-setting ID.NAME=VALUE} or {@code McpServer.Builder.providerSetting}
 * give them. Immutable.
 *
 * @since 0.1
 */
public final class ProviderSettings {
    private final String providerId;
    private final Map<String, String> values;

    private ProviderSettings(String providerId, Map<String, String> values) {
        this.providerId = Objects.requireNonNull(providerId, "providerId");
        this.values = Map.copyOf(values);
    }

    /**
     * @param providerId the factory's id, for messages; never null
     * @param values     the settings by name; never null
     * @return the settings
     */
    public static ProviderSettings of(String providerId, Map<String, String> values) {
        return new ProviderSettings(providerId, values);
    }

    /** @return the id of the factory these settings are for */
    public String providerId() {
        return providerId;
    }

    /** @return every setting given, by name, sorted; unmodifiable */
    public Map<String, String> asMap() {
        return new TreeMap<>(values);
    }

    /** @return the value of setting {@code name}; empty when it was not given */
    public Optional<String> get(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /**
     * @return the value of setting {@code name}
     * @throws IllegalArgumentException when it was not given: "resource provider 'zip' needs the
     *         setting zip.file (--provider-setting zip.file=VALUE)"
     */
    public String require(String name) {
        String value = values.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("resource provider '" + providerId + "' needs the setting " + providerId
                    + "." + name + " (--provider-setting " + providerId + "." + name + "=VALUE)");
        }
        return value;
    }

    /**
     * @return the value of setting {@code name} as a whole number; {@code otherwise} when not given
     * @throws IllegalArgumentException when it is not a whole number, naming the setting
     */
    public long longValue(String name, long otherwise) {
        String value = values.get(name);
        if (value == null) {
            return otherwise;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("setting " + providerId + "." + name + " of resource provider '"
                    + providerId + "' is a whole number, was '" + value + "'");
        }
    }

    @Override
    public String toString() {
        return "ProviderSettings[" + providerId + " " + asMap() + "]";
    }
}
