package dev.jmcp.schema.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnnotationsTest {

    @Test
    void priorityAboveOneIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Annotations(null, 1.01, null));
        assertTrue(e.getMessage().contains("priority"), e.getMessage());
    }

    @Test
    void priorityBelowZeroIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Annotations(null, -0.1, null));
    }

    @Test
    void priorityNaNIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Annotations(null, Double.NaN, null));
    }

    @Test
    void priorityBoundsAreAccepted() {
        assertEquals(0.0, new Annotations(null, 0.0, null).priority());
        assertEquals(1.0, new Annotations(null, 1.0, null).priority());
    }

    @Test
    void audienceIsCopiedAndImmutable() {
        List<Role> audience = new ArrayList<>(List.of(Role.USER));
        Annotations annotations = new Annotations(audience, null, null);
        audience.add(Role.ASSISTANT);
        assertEquals(List.of(Role.USER), annotations.audience());
        assertThrows(UnsupportedOperationException.class, () -> annotations.audience().add(Role.ASSISTANT));
    }
}
