package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.ResourceProviderFactory;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * Runs on the module path (surefire's default here), as a user of the modules sees them. Core
 * provides no resource provider factory of its own (the file-system provider is configured in code
 * or by {@code jmcp serve --root}), so discovery here finds none, and says so; discovery of a real
 * factory on the module path is tested end to end with the example provider ({@code examples/}).
 */
class ModulePathDiscoveryTest {

    @Test
    void theModuleRunsOnTheModulePath() {
        assertTrue(McpServer.class.getModule().isNamed(), "tests should run in the named module dev.jmcp.core");
        assertEquals("dev.jmcp.core", McpServer.class.getModule().getName());
    }

    @Test
    void coreProvidesNoFactoryOfItsOwn() {
        assertEquals(0, ServiceLoader.load(ResourceProviderFactory.class).stream().count());
    }

    @Test
    void discoveryThatFindsNothingFailsTheBuildSayingWhatToDeclare() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> McpServer.builder().serverInfo("s", "1").discoverResourceProviders().build());
        assertTrue(e.getMessage().contains("found no ResourceProviderFactory"), e.getMessage());
        assertTrue(e.getMessage().contains("provides dev.jmcp.core.spi.ResourceProviderFactory with"), e.getMessage());
        assertTrue(e.getMessage().contains("META-INF/services/dev.jmcp.core.spi.ResourceProviderFactory"), e.getMessage());
    }

    @Test
    void providerSettingsWithoutDiscoveryAreRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> McpServer.builder()
                .serverInfo("s", "1").providerSetting("zip", "file", "/x.zip").build());
        assertTrue(e.getMessage().contains("[zip]") && e.getMessage().contains("discoverResourceProviders()"),
                e.getMessage());
    }
}
