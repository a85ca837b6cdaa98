package dev.jmcp.schema.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InputRequiredResultTest {

    @Test
    void missingResultTypeIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new InputRequiredResult(null, null, null, null));
        assertEquals("resultType", e.getMessage());
    }

    @Test
    void inputRequestsKeepTheirOrderAndAreImmutable() {
        Map<String, JsonObject> requests = new LinkedHashMap<>();
        for (String key : List.of("z", "a", "m", "b", "y")) {
            requests.put(key, JsonValue.EMPTY_JSON_OBJECT);
        }
        InputRequiredResult result = InputRequiredResult.of(requests, null);
        requests.clear();
        assertEquals(List.of("z", "a", "m", "b", "y"), List.copyOf(result.inputRequests().keySet()));
        assertThrows(UnsupportedOperationException.class,
                () -> result.inputRequests().put("c", JsonValue.EMPTY_JSON_OBJECT));
    }

    @Test
    void nullInputRequestValueIsRejected() {
        Map<String, JsonObject> requests = new LinkedHashMap<>();
        requests.put("k", null);
        assertThrows(NullPointerException.class, () -> InputRequiredResult.of(requests, null));
    }
}
