package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.internal.transport.NamedSettings;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The settings {@code jmcp serve --set} takes over stdio are the builder's setters, so the two cannot drift. */
class StdioServeSettingsTest {
    @Test
    void theSetTableHasExactlyTheBuildersSettersButTheCodec() {
        Set<String> setters = NamedSettings.setters(StdioSettings.Builder.class).stream().map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        setters.remove("codec"); // its limits are ServeOptions.limits
        Map<String, String> settings = new StdioTransportProvider().serveSettings();
        assertEquals(setters, settings.keySet());
        assertEquals(Set.of("closeTimeout", "drainTimeout", "maxResponseBytesInMemory", "writeBufferBytes"), settings.keySet());
        assertEquals("a duration (default 10s)", settings.get("drainTimeout"));
        assertEquals("a whole number (default 65536)", settings.get("writeBufferBytes"));
    }
}
