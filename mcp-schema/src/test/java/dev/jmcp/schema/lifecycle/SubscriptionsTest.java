package dev.jmcp.schema.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SubscriptionsTest {

    @Test
    void resourceSubscriptionsAreCopiedAndImmutable() {
        List<String> uris = new ArrayList<>(List.of("file:///a"));
        SubscriptionFilter filter = SubscriptionFilter.resources(false, uris);
        uris.add("file:///b");
        assertEquals(List.of("file:///a"), filter.resourceSubscriptions());
        assertThrows(UnsupportedOperationException.class, () -> filter.resourceSubscriptions().add("file:///c"));
    }

    @Test
    void resourcesFilterLeavesListChangedAbsentWhenNotWanted() {
        assertNull(SubscriptionFilter.resources(false, List.of()).resourcesListChanged());
        assertEquals(Boolean.TRUE, SubscriptionFilter.resources(true, List.of()).resourcesListChanged());
    }

    @Test
    void filterKnowsWhichUrisItCovers() {
        SubscriptionFilter filter = SubscriptionFilter.resources(false, List.of("file:///a"));
        assertTrue(filter.subscribes("file:///a"));
        assertFalse(filter.subscribes("file:///b"));
        assertFalse(SubscriptionFilter.none().subscribes("file:///a"));
    }

    @Test
    void listenWithoutFilterIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> SubscriptionsListenRequestParams.of(null));
        assertEquals("notifications", e.getMessage());
    }

    @Test
    void acknowledgementWithoutFilterIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new SubscriptionsAcknowledgedNotificationParams(null, null));
        assertEquals("notifications", e.getMessage());
    }

    @Test
    void listenResultWithoutResultTypeIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new SubscriptionsListenResult(null, null));
        assertEquals("resultType", e.getMessage());
    }
}
