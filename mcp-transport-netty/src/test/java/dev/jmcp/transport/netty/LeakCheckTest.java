package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Proves that the leak hook works: a buffer that is never released is reported to {@link LeakCheck}. */
@ExtendWith(LeakCheck.class)
class LeakCheckTest {

    @Test
    void aBufferThatIsNeverReleasedIsReported() throws InterruptedException {
        leak();
        List<String> found = List.of();
        for (int attempt = 0; attempt < 50 && found.isEmpty(); attempt++) {
            found = LeakCheck.collect();
        }
        assertTrue(found.stream().anyMatch(report -> report.contains("ByteBuf")), found::toString);
    }

    private static void leak() {
        ByteBuf buffer = ByteBufAllocator.DEFAULT.buffer(64);
        buffer.writeInt(42);
    }
}
