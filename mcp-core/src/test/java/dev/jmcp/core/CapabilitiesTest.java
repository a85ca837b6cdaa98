package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.lifecycle.ResourcesCapability;
import org.junit.jupiter.api.Test;

class CapabilitiesTest {

    private static ResourcesCapability advertised(Harness harness) {
        return harness.client().serverCapabilities().resources();
    }

    @Test
    void providersThatReportNothingGiveAPlainResourcesCapability() throws Exception {
        try (Harness harness = new Harness(new StaticProvider("still", 0, "x"))) {
            assertEquals(ResourcesCapability.of(false, false), advertised(harness));
            // without subscribe, resources/subscribe is not a method of this server
            McpClient client = harness.sessionClient();
            assertEquals(ErrorCodes.METHOD_NOT_FOUND, Harness.protocolError(() -> client.session()
                    .sendRequest("resources/subscribe", dev.jmcp.schema.resources.SubscribeRequestParams.of("still://x"),
                            Object.class).join()).code());
        }
    }

    @Test
    void aProviderThatReportsChangesTurnsOnSubscribeAndListChanged() throws Exception {
        try (Harness harness = new Harness(new StaticProvider("still", 0, "x"), InMemoryResourceProvider.create("m"))) {
            assertEquals(ResourcesCapability.of(true, true), advertised(harness));
        }
    }

    @Test
    void updatesAndListChangesAreDeclaredSeparately() throws Exception {
        StaticProvider updatesOnly = new StaticProvider("updates", 0, "x") {
            @Override
            public boolean reportsUpdates() {
                return true;
            }
        };
        try (Harness harness = new Harness(updatesOnly)) {
            assertEquals(ResourcesCapability.of(true, false), advertised(harness));
        }
    }

    @Test
    void aServerWithoutProvidersDeclaresNoResources() throws Exception {
        try (Harness harness = new Harness()) {
            assertNull(advertised(harness));
        }
    }
}
