package dev.jmcp.schema.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IconTest {

    @Test
    void missingSrcIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new Icon(null, "image/png", null, IconTheme.DARK));
        assertEquals("src", e.getMessage());
    }

    @Test
    void sizesAreCopiedAndImmutable() {
        List<String> sizes = new ArrayList<>(List.of("48x48"));
        Icon icon = new Icon("https://example.com/i.png", null, sizes, null);
        sizes.clear();
        assertEquals(List.of("48x48"), icon.sizes());
        assertThrows(UnsupportedOperationException.class, () -> icon.sizes().add("any"));
    }
}
