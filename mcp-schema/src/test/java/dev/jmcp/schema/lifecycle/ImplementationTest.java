package dev.jmcp.schema.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.common.Icon;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImplementationTest {

    @Test
    void missingNameIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> Implementation.of(null, "1.0"));
        assertEquals("name", e.getMessage());
    }

    @Test
    void missingVersionIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> Implementation.of("jmcp", null));
        assertEquals("version", e.getMessage());
    }

    @Test
    void factoryLeavesOptionalFieldsAbsent() {
        Implementation implementation = Implementation.of("jmcp", "0.1");
        assertNull(implementation.title());
        assertNull(implementation.description());
        assertNull(implementation.icons());
        assertNull(implementation.websiteUrl());
    }

    @Test
    void iconsAreCopiedAndImmutable() {
        List<Icon> icons = new ArrayList<>(List.of(Icon.of("https://example.com/a.png")));
        Implementation implementation = new Implementation("jmcp", null, "0.1", null, icons, null);
        icons.clear();
        assertEquals(1, implementation.icons().size());
        assertThrows(UnsupportedOperationException.class, () -> implementation.icons().clear());
    }
}
