package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IsoInstantsTest {
    @Test
    void aFileTimeIsWrittenAsInstantWritesIt() {
        List<Instant> edges = List.of(Instant.EPOCH, Instant.ofEpochSecond(-1), Instant.ofEpochSecond(0, 1),
                Instant.ofEpochSecond(1, 120_000_000), Instant.ofEpochSecond(1, 123_456_000), Instant.ofEpochSecond(1, 999_999_999),
                Instant.parse("0000-01-01T00:00:00Z"), Instant.parse("-0001-12-31T23:59:59Z"),
                Instant.parse("9999-12-31T23:59:59.5Z"), Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("2024-02-29T12:34:56.789Z"), Instant.parse("1969-07-20T20:17:40Z"));
        for (Instant instant : edges) {
            assertEquals(instant.toString(), IsoInstants.format(FileTime.from(instant)));
        }
        SplittableRandom random = new SplittableRandom(12);
        for (int i = 0; i < 100_000; i++) {
            long seconds = random.nextLong(-70_000_000_000L, 260_000_000_000L);
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(seconds, nanos);
            assertEquals(instant.toString(), IsoInstants.format(FileTime.from(instant)), instant::toString);
        }
    }
}
