package dev.jmcp.core.internal.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.ProviderSettings;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.spi.ResourceProviderFactory;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ProviderDiscoveryTest {

    /** Makes {@link ProvidersTest.FirstX}es of its id, from a required setting {@code name}; counts what it closed. */
    static final class Factory implements ResourceProviderFactory {
        final String id;
        final AtomicInteger closed = new AtomicInteger();

        Factory(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public Map<String, String> settings() {
            return Map.of("name", "required: what the provider is called");
        }

        @Override
        public ResourceProvider create(ProviderSettings settings) {
            String name = settings.require("name");
            return new ProvidersTest.FirstX(id, name.length()) {
                @Override
                public void close() {
                    closed.incrementAndGet();
                }
            };
        }
    }

    @Test
    void eachFactoryMakesOneProviderFromItsOwnSettings() {
        List<ResourceProvider> made = ProviderDiscovery.discover(List.of(new Factory("a"), new Factory("b")), Set.of(),
                Map.of("a", Map.of("name", "x"), "b", Map.of("name", "yyy")));
        assertEquals(List.of("a", "b"), made.stream().map(ResourceProvider::id).toList());
        assertEquals(List.of(1, 3), made.stream().map(ResourceProvider::priority).toList());
    }

    @Test
    void aProviderGivenInCodeTakesThePlaceOfItsFactory() {
        List<ResourceProvider> made = ProviderDiscovery.discover(List.of(new Factory("a"), new Factory("b")), Set.of("a"),
                Map.of("b", Map.of("name", "x")));
        assertEquals(List.of("b"), made.stream().map(ResourceProvider::id).toList());
    }

    @Test
    void findingNothingFailsClearly() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ProviderDiscovery.discover(List.of(), Set.of(), Map.of()));
        assertTrue(e.getMessage().contains("found no ResourceProviderFactory"), e.getMessage());
    }

    @Test
    void aMissingSettingFailsNamingTheFactoryAndTheSettingAndClosesWhatWasMade() {
        Factory first = new Factory("a");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ProviderDiscovery.discover(
                List.of(first, new Factory("b")), Set.of(), Map.of("a", Map.of("name", "x"))));
        assertTrue(e.getMessage().contains("factory 'b'"), e.getMessage());
        assertTrue(e.getMessage().contains("needs the setting b.name"), e.getMessage());
        assertTrue(e.getMessage().contains("its settings: [name]"), e.getMessage());
        assertEquals(1, first.closed.get(), "the provider made before the failure is closed again");
    }

    @Test
    void settingsForAnIdNoFactoryHasAreRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ProviderDiscovery.discover(
                List.of(new Factory("a")), Set.of(), Map.of("a", Map.of("name", "x"), "zip", Map.of("file", "f"))));
        assertTrue(e.getMessage().contains("'zip'") && e.getMessage().contains("[a]"), e.getMessage());
    }
}
