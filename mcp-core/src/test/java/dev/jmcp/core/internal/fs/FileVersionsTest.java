package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.resources.Resource;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When a size-and-time version is given: only for a time settled well before now. */
class FileVersionsTest {
    private static final long NOW = Instant.parse("2026-11-24T01:00:10.500Z").toEpochMilli();

    private static String iso(long millis) {
        return IsoInstants.format(FileTime.fromMillis(millis));
    }

    @Test
    void aTimeIsSettledOnlyWhenItsSecondEndedMoreThanTheSettlingTimeBeforeNow() {
        assertTrue(FileVersions.settled(iso(NOW - 10_000), NOW));
        assertTrue(FileVersions.settled("2026-11-24T01:00:06.999999999Z", NOW), "its second ended 3.5 s ago");
        assertFalse(FileVersions.settled("2026-11-24T01:00:07.5Z", NOW), "the bound's own second: not yet");
        assertFalse(FileVersions.settled(iso(NOW - 1_000), NOW));
        assertFalse(FileVersions.settled(iso(NOW + 60_000), NOW), "a time in the future");
    }

    @Test
    void timesOutsideTheTextOrderAreParsed() {
        assertTrue(FileVersions.settled("-0001-01-01T00:00:00Z", NOW));
        assertFalse(FileVersions.settled("+10000-01-01T00:00:00Z", NOW));
        assertFalse(FileVersions.settled("not a time", NOW));
    }

    @Test
    void theVersionIsSizeAtTime() {
        Resource file = Resource.builder("file:///a", "a").size(3L)
                .annotations(Annotations.lastModified("2026-11-24T00:00:00Z")).build();
        assertEquals(Optional.of("3@2026-11-24T00:00:00Z"), FileVersions.sizeAndTime(file));
        assertEquals(Optional.empty(), FileVersions.sizeAndTime(Resource.builder("file:///a", "a").size(3L).build()));
    }
}
