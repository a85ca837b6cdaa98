package dev.jmcp.transport.netty.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends the {@link EmbeddedChannel}s of a test, releasing what they still hold, and fails when one
 * held anything. {@code finishAndReleaseAll()} is true when a channel still had inbound or outbound
 * messages: an answer the test never looked at, or a request no handler consumed. Every test reads
 * what it expects, so anything left over is a message nobody checked.
 */
public final class Leftovers {
    private Leftovers() {
    }

    /** Finishes every channel, even after a failure, then fails naming those (by order opened) that held messages. */
    public static void assertNoneLeft(List<EmbeddedChannel> channels) {
        List<Integer> unread = new ArrayList<>();
        for (int i = 0; i < channels.size(); i++) {
            if (channels.get(i).finishAndReleaseAll()) {
                unread.add(i);
            }
        }
        assertEquals(List.of(), unread, "connections (by order opened) left with messages nobody read");
    }

    public static void assertNoneLeft(EmbeddedChannel channel) {
        assertNoneLeft(List.of(channel));
    }
}
