package dev.jmcp.core.internal.spi;

import dev.jmcp.core.spi.ProviderSettings;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.spi.ResourceProviderFactory;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Makes the providers a server discovers: one from each {@link ResourceProviderFactory} found,
 * with the settings given for its id. Discovery says what it found, and fails loudly rather than
 * serving an empty server: when it finds no factory, when settings name an id no factory has, and
 * when a factory cannot make its provider.
 */
public final class ProviderDiscovery {
    private static final System.Logger LOG = System.getLogger(ProviderDiscovery.class.getName());

    private ProviderDiscovery() {
    }

    /**
     * @param factories the factories found, ordered
     * @param given     the ids of providers given in code: their factories are not asked
     * @param settings  settings by factory id, then by name
     * @return a new provider of each factory not given in code, in the factories' order
     * @throws IllegalStateException as said above; providers made before a failure are closed again
     */
    public static List<ResourceProvider> discover(List<ResourceProviderFactory> factories, Set<String> given,
                                                  Map<String, Map<String, String>> settings) {
        Set<String> ids = new TreeSet<>();
        factories.forEach(factory -> ids.add(factory.id()));
        if (factories.isEmpty()) {
            throw new IllegalStateException("discovering resource providers found no ResourceProviderFactory on the module"
                    + " path or class path: a provider module declares 'provides dev.jmcp.core.spi.ResourceProviderFactory"
                    + " with ...' (a class-path jar lists it in META-INF/services/dev.jmcp.core.spi.ResourceProviderFactory)");
        }
        for (String id : settings.keySet()) {
            if (!ids.contains(id)) {
                throw new IllegalStateException("settings were given for resource provider '" + id
                        + "', but no factory found has that id; found: " + ids);
            }
        }
        List<ResourceProvider> made = new ArrayList<>();
        for (ResourceProviderFactory factory : factories) {
            if (given.contains(factory.id())) {
                LOG.log(Level.INFO, "resource provider ''{0}'' was given in code; its factory {1} is not used",
                        factory.id(), factory.getClass().getName());
                continue;
            }
            ProviderSettings own = ProviderSettings.of(factory.id(), settings.getOrDefault(factory.id(), Map.of()));
            ResourceProvider provider;
            try {
                provider = factory.create(own);
                if (provider == null) {
                    throw new IllegalStateException("it returned null");
                }
                if (!factory.id().equals(provider.id())) {
                    provider.close();
                    throw new IllegalStateException("it made a provider with the id '" + provider.id() + "'");
                }
            } catch (RuntimeException e) {
                made.forEach(ResourceProvider::close);
                throw new IllegalStateException("resource provider factory '" + factory.id() + "' ("
                        + factory.getClass().getName() + ") could not make its provider: " + e.getMessage()
                        + (factory.settings().isEmpty() ? "" : "; its settings: " + new TreeSet<>(factory.settings().keySet())), e);
            }
            LOG.log(Level.INFO, "discovered resource provider ''{0}'' ({1}) with settings {2}", provider.id(),
                    provider.getClass().getName(), own.asMap().keySet());
            made.add(provider);
        }
        return made;
    }
}
