package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.internal.transport.NamedSettings;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The settings {@code jmcp serve --set} takes over HTTP are the builder's setters, so the two cannot drift. */
class HttpServeSettingsTest {
    private static final Map<String, String> SETTINGS = new StreamableHttpTransportProvider().serveSettings();

    @Test
    void theSetTableHasExactlyTheBuildersSettersButThoseServeOptionsCarriesTyped() {
        Set<String> setters = NamedSettings.setters(HttpServerSettings.Builder.class).stream().map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        setters.removeAll(Set.of("codec", "allowRemoteBind"));
        assertEquals(setters, SETTINGS.keySet());
        assertTrue(SETTINGS.keySet().containsAll(Set.of("maxSessions", "sseHeadHold", "legacyPaths", "allowedHosts")),
                SETTINGS::toString);
    }

    @Test
    void eachSettingSaysItsTypeAndDefault() {
        SETTINGS.forEach((name, description) -> assertTrue(description.contains(" (default "), name + ": " + description));
        assertEquals("a whole number (default 1024)", SETTINGS.get("maxSessions"));
        assertEquals("a duration (default 30m)", SETTINGS.get("sessionIdleTimeout"));
        assertEquals("a duration (default 50ms)", SETTINGS.get("sseHeadHold"));
        assertEquals("a comma-separated list (default /sse,/messages)", SETTINGS.get("legacyPaths"));
        assertEquals("true or false (default false)", SETTINGS.get("jsonResponses"));
    }

    @Test
    void aSettingByNameIsTheBuildersSetting() {
        HttpServerSettings settings = HttpServeSettings.NAMES.apply(Map.of("sseHeadHold", "PT0.2S",
                "sessionIdleTimeout", "2m", "legacyPaths", ""), HttpServerSettings.builder()).build();
        assertEquals(Duration.ofMillis(200), settings.sseHeadHold());
        assertEquals(Duration.ofMinutes(2), settings.sessionIdleTimeout());
        assertNull(settings.legacySsePath());
    }

    @Test
    void theLegacyPathsAreTwoOrNone() {
        HttpServerSettings settings = HttpServerSettings.builder().legacyPaths(List.of("/a", "/b")).build();
        assertEquals(List.of("/a", "/b"), settings.legacyPaths());
        assertEquals("/a", settings.legacySsePath());
        assertEquals(List.of(), HttpServerSettings.builder().legacyPaths(List.of()).build().legacyPaths());
        assertEquals("legacyPaths takes two paths (SSE,messages), or none; was [/a]", assertThrows(
                IllegalArgumentException.class, () -> HttpServerSettings.builder().legacyPaths(List.of("/a")))
                .getMessage());
    }
}
