package dev.jmcp.core.internal.spi;

import dev.jmcp.core.spi.ResourceDialect;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.spi.ResourceProviderFactory;
import dev.jmcp.core.spi.TransportProvider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Finds {@link ResourceProviderFactory}s, {@link TransportProvider}s and {@link ResourceDialect}s through {@link ServiceLoader}:
 * once per JVM (the first caller pays; everyone after gets the same instances), ordered by
 * priority then id, and refusing two providers with the same id, naming both classes. Builders
 * call this only when asked to discover; providers given to them explicitly never come here.
 */
public final class Providers {

    private Providers() {
    }

    /**
     * @return the resource provider factories on the module path (or class path), ordered by id; never null
     * @throws IllegalStateException when two have the same id; thrown again on every call
     */
    public static List<ResourceProviderFactory> resourceProviderFactories() {
        return FactoryHolder.LOADED.get();
    }

    /**
     * @return the transport providers on the module path (or class path), ordered; never null
     * @throws IllegalStateException when two have the same id; thrown again on every call
     */
    public static List<TransportProvider> transportProviders() {
        return TransportHolder.LOADED.get();
    }

    /**
     * @return the resource dialects on the module path (or class path), ordered by id; never null
     * @throws IllegalStateException when two have the same id; thrown again on every call
     */
    public static List<ResourceDialect> resourceDialects() {
        return DialectHolder.LOADED.get();
    }

    /**
     * @param id a dialect's id, such as {@code gomcp}; compared exactly
     * @return the dialect found through {@link ServiceLoader} with that id
     * @throws IllegalArgumentException when none has it, naming the ids there are
     */
    public static ResourceDialect dialect(String id) {
        Objects.requireNonNull(id, "id");
        List<ResourceDialect> known = resourceDialects();
        return known.stream().filter(dialect -> dialect.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no resource dialect has the id '" + id + "'; known: "
                        + (known.isEmpty() ? "none (add a dialect module such as dev.jmcp.dialect.gomcp)"
                                : known.stream().map(ResourceDialect::id).toList())));
    }

    /**
     * @param scheme     a URI scheme such as {@code stdio} or {@code http}; compared without case
     * @param candidates providers in order
     * @return the first of {@code candidates} that serves {@code scheme}
     * @throws IllegalArgumentException when none does, naming the schemes that are served
     */
    public static TransportProvider forScheme(String scheme, List<TransportProvider> candidates) {
        Objects.requireNonNull(scheme, "scheme (the address has none)");
        List<String> served = new ArrayList<>();
        for (TransportProvider provider : candidates) {
            for (String own : provider.schemes()) {
                if (own.equalsIgnoreCase(scheme)) {
                    return provider;
                }
                served.add(own);
            }
        }
        throw new IllegalArgumentException("no transport provider serves the scheme '" + scheme + "'; served: "
                + (served.isEmpty() ? "none (add a transport module such as dev.jmcp.transport.stdio)" : served));
    }

    /** Orders resource providers, refusing duplicate ids. @see #order */
    public static List<ResourceProvider> orderResourceProviders(Iterable<? extends ResourceProvider> providers) {
        return order(providers, ResourceProvider::id, ResourceProvider::priority, "resource provider");
    }

    /** Orders transport providers, refusing duplicate ids. @see #order */
    public static List<TransportProvider> orderTransportProviders(Iterable<? extends TransportProvider> providers) {
        return order(providers, TransportProvider::id, TransportProvider::priority, "transport provider");
    }

    /**
     * @param kind what the providers are, for the message: {@code "resource provider"}
     * @return the providers ordered by priority (lower first), then id; unmodifiable
     * @throws IllegalStateException when two share an id: {@code "resource provider id 'x' is
     *                               provided by both a.B and c.D"}; or when an id is null or blank
     */
    static <T> List<T> order(Iterable<? extends T> providers, Function<T, String> id, ToIntFunction<T> priority,
                             String kind) {
        Map<String, T> byId = new HashMap<>();
        List<T> all = new ArrayList<>();
        for (T provider : providers) {
            String name = id.apply(provider);
            if (name == null || name.isBlank()) {
                throw new IllegalStateException(kind + " " + provider.getClass().getName() + " has no id");
            }
            T other = byId.putIfAbsent(name, provider);
            if (other != null) {
                throw new IllegalStateException(kind + " id '" + name + "' is provided by both "
                        + other.getClass().getName() + " and " + provider.getClass().getName());
            }
            all.add(provider);
        }
        all.sort(Comparator.comparingInt(priority).thenComparing(id));
        return List.copyOf(all);
    }

    /** The outcome of loading once: the providers, or the failure to repeat to every caller. */
    private static final class Loaded<T> {
        private final List<T> providers;
        private final RuntimeException failure;

        Loaded(java.util.function.Supplier<List<T>> load) {
            List<T> found = null;
            RuntimeException failed = null;
            try {
                found = load.get();
            } catch (RuntimeException | java.util.ServiceConfigurationError e) {
                failed = e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getMessage(), e);
            }
            this.providers = found;
            this.failure = failed;
        }

        List<T> get() {
            if (failure != null) {
                IllegalStateException again = new IllegalStateException(failure.getMessage(), failure);
                throw again;
            }
            return providers;
        }
    }

    // holders: each ServiceLoader runs when its list is first asked for, once

    private static final class FactoryHolder {
        static final Loaded<ResourceProviderFactory> LOADED = new Loaded<>(() -> order(
                ServiceLoader.load(ResourceProviderFactory.class), ResourceProviderFactory::id, factory -> 0,
                "resource provider factory"));
    }

    private static final class DialectHolder {
        static final Loaded<ResourceDialect> LOADED = new Loaded<>(() -> order(ServiceLoader.load(ResourceDialect.class),
                ResourceDialect::id, dialect -> 0, "resource dialect"));
    }

    private static final class TransportHolder {
        static final Loaded<TransportProvider> LOADED =
                new Loaded<>(() -> orderTransportProviders(ServiceLoader.load(TransportProvider.class)));
    }
}
