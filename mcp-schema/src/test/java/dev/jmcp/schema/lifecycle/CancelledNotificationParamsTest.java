package dev.jmcp.schema.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.jsonrpc.RequestId;
import org.junit.jupiter.api.Test;

class CancelledNotificationParamsTest {

    @Test
    void paramsFromA20251125PeerMayLackTheRequestId() {
        assertNull(new CancelledNotificationParams(null, "task", null).requestId());
    }

    @Test
    void factoryRequiresTheRequestId() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> CancelledNotificationParams.of(null, "why"));
        assertEquals("requestId", e.getMessage());
    }

    @Test
    void factoryKeepsIdAndReason() {
        CancelledNotificationParams params = CancelledNotificationParams.of(RequestId.of("123"), "user");
        assertEquals(RequestId.of("123"), params.requestId());
        assertEquals("user", params.reason());
    }
}
