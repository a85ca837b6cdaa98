package dev.jmcp.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.lifecycle.DiscoverResult;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class McpMethodsTest {

    @Test
    void byNameFindsEveryMethodOfAll() {
        for (McpMethod<?, ?> method : McpMethods.all()) {
            assertSame(method, McpMethods.byName(method.name()), method.name());
        }
    }

    @Test
    void unknownAndNullNamesFindNothing() {
        assertNull(McpMethods.byName("tools/call"));
        assertNull(McpMethods.byName("resources/LIST"));
        assertNull(McpMethods.byName(null));
    }

    @Test
    void readMapsToItsParamsAndResultRecords() {
        McpMethod<?, ?> read = McpMethods.byName("resources/read");
        assertEquals(ReadResourceRequestParams.class, read.paramsType());
        assertEquals(ReadResourceResult.class, read.resultType());
        assertFalse(read.isNotification());
    }

    @Test
    void notificationsHaveNoResultType() {
        for (String name : List.of("notifications/initialized", "notifications/cancelled", "notifications/progress",
                "notifications/message", "notifications/resources/updated", "notifications/resources/list_changed",
                "notifications/subscriptions/acknowledged")) {
            McpMethod<?, ?> method = McpMethods.byName(name);
            assertNotNull(method, name);
            assertTrue(method.isNotification(), name);
        }
    }

    @Test
    void everyMethodNameStartingWithNotificationsIsANotification() {
        for (McpMethod<?, ?> method : McpMethods.all()) {
            assertEquals(method.name().startsWith("notifications/"), method.isNotification(), method.name());
        }
    }

    @Test
    void allHoldsTheNineteenMethodsOnce() {
        Set<String> names = new HashSet<>();
        for (McpMethod<?, ?> method : McpMethods.all()) {
            assertTrue(names.add(method.name()), method.name());
        }
        assertEquals(19, names.size());
    }

    @Test
    void allIsImmutable() {
        assertThrows(UnsupportedOperationException.class, () -> McpMethods.all().add(McpMethods.PING));
    }

    @Test
    void statelessAdditionsAreKnown() {
        assertEquals(DiscoverResult.class, McpMethods.byName("server/discover").resultType());
        assertEquals(EmptyResult.class, McpMethods.byName("ping").resultType());
        assertNotNull(McpMethods.byName("subscriptions/listen"));
        assertNotNull(McpMethods.byName("resources/metadata"));
    }

    @Test
    void requestFactoryRequiresAResultType() {
        assertThrows(NullPointerException.class, () -> McpMethod.request("x/y", Object.class, null));
    }

    @Test
    void methodWithoutNameIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> McpMethod.notification(null, Object.class));
        assertEquals("name", e.getMessage());
    }
}
