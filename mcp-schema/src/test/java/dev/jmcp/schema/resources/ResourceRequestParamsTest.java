package dev.jmcp.schema.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResourceRequestParamsTest {

    @Test
    void readWithoutUriIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> ReadResourceRequestParams.of(null));
        assertEquals("uri", e.getMessage());
    }

    @Test
    void inputResponsesKeepTheirOrderAndAreImmutable() {
        Map<String, JsonObject> responses = new LinkedHashMap<>();
        for (String key : List.of("q9", "q1", "q5", "q2", "q7")) {
            responses.put(key, JsonValue.EMPTY_JSON_OBJECT);
        }
        ReadResourceRequestParams params = new ReadResourceRequestParams("file:///a", responses, "s", null);
        responses.clear();
        assertEquals(List.of("q9", "q1", "q5", "q2", "q7"), List.copyOf(params.inputResponses().keySet()));
        assertThrows(UnsupportedOperationException.class, () -> params.inputResponses().clear());
    }

    @Test
    void childrenListingRequiresTheCollectionUri() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> ListResourcesRequestParams.children(null, null));
        assertEquals("uri", e.getMessage());
    }

    @Test
    void plainListingHasNoCollectionUri() {
        assertNull(ListResourcesRequestParams.page("c").uri());
        assertEquals("c", ListResourcesRequestParams.page("c").cursor());
    }

    @Test
    void subscriptionParamsRequireTheUri() {
        assertEquals("uri", assertThrows(NullPointerException.class, () -> SubscribeRequestParams.of(null))
                .getMessage());
        assertEquals("uri", assertThrows(NullPointerException.class, () -> UnsubscribeRequestParams.of(null))
                .getMessage());
        assertEquals("uri", assertThrows(NullPointerException.class,
                () -> ResourceUpdatedNotificationParams.of(null)).getMessage());
    }

    @Test
    void embeddedResourceRequiresItsContents() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> EmbeddedResource.of(null));
        assertEquals("resource", e.getMessage());
    }
}
