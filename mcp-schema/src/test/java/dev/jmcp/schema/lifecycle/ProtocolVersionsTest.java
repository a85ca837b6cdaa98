package dev.jmcp.schema.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProtocolVersionsTest {

    @Test
    void supportedListsNewestFirst() {
        List<String> sorted = new ArrayList<>(ProtocolVersions.SUPPORTED);
        sorted.sort(Comparator.reverseOrder());
        assertEquals(sorted, ProtocolVersions.SUPPORTED);
        assertEquals(ProtocolVersions.LATEST, ProtocolVersions.SUPPORTED.get(0));
    }

    @Test
    void supportedHoldsTheFiveRevisions() {
        assertEquals(List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"),
                ProtocolVersions.SUPPORTED);
    }

    @Test
    void supportedIsImmutable() {
        assertThrows(UnsupportedOperationException.class, () -> ProtocolVersions.SUPPORTED.add("2099-01-01"));
    }

    @Test
    void unknownAndNullVersionsAreNotSupported() {
        assertFalse(ProtocolVersions.isSupported("1900-01-01"));
        assertFalse(ProtocolVersions.isSupported(null));
        assertTrue(ProtocolVersions.isSupported("2025-03-26"));
    }

    @Test
    void onlyRevisionsBefore20260728UseTheHandshake() {
        assertTrue(ProtocolVersions.usesHandshake(ProtocolVersions.V2025_11_25));
        assertTrue(ProtocolVersions.usesHandshake(ProtocolVersions.V2024_11_05));
        assertFalse(ProtocolVersions.usesHandshake(ProtocolVersions.V2026_07_28));
    }
}
