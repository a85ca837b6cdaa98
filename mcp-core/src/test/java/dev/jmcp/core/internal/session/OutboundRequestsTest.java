package dev.jmcp.core.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.ReadResourceResult;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** What the codec learns from a session's outbound requests. */
class OutboundRequestsTest {
    private final OutboundRequests outbound = new OutboundRequests();

    private RequestId add(Class<?> resultType) {
        RequestId id = outbound.nextId();
        outbound.add(new Pending(id, "resources/read", resultType, new CompletableFuture<>(), null, null,
                Duration.ofSeconds(1)));
        return id;
    }

    @Test
    void aRequestWhoseCallerWantsJsonHasItsResultLeftAsJson() {
        assertEquals("resources/read", outbound.methodOf(add(ReadResourceResult.class)));
        assertNull(outbound.methodOf(add(JsonObject.class)), "the codec reads an unknown method's result as JSON");
    }
}
