package dev.jmcp.transport.netty.internal.body;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.ScriptedSource;
import dev.jmcp.transport.netty.internal.Wire;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.HttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A body encoded off the event loop, read the way {@link io.netty.handler.stream.ChunkedWriteHandler}
 * reads it: a read that gets nothing waits for the wake before it asks again.
 */
@ExtendWith(LeakCheck.class)
class ProducedInputTest {
    private static final ByteBufAllocator ALLOCATOR = ByteBufAllocator.DEFAULT;
    private static final int CHUNK = 1024;

    private final BodyProducers producers = new BodyProducers(2);
    private final Semaphore wakes = new Semaphore(0);

    @AfterEach
    void stop() {
        producers.close();
    }

    private ProducedInput input(InputStream source, boolean last) {
        return new ProducedInput(out -> {
            try (source) {
                source.transferTo(out);
            }
        }, producers, CHUNK, last, wakes::release, "a test body");
    }

    /** Reads the whole body as the handler would; asks again only once woken. */
    private Wire readAll(ProducedInput input) throws Exception {
        Wire wire = Wire.empty();
        while (!input.isEndOfInput()) {
            HttpContent content = input.readChunk(ALLOCATOR);
            if (content == null) {
                assertTrue(wakes.tryAcquire(10, TimeUnit.SECONDS), "the producer woke the reader");
            } else {
                wire.record(content);
            }
        }
        return wire;
    }

    @Test
    void aReadGetsNothingInsteadOfWaitingForAStalledSource() throws Exception {
        ScriptedSource source = ScriptedSource.stallingAt(0, 10_000);
        ProducedInput input = input(source, true);
        long started = System.nanoTime();
        assertNull(input.readChunk(ALLOCATOR));
        assertTrue(source.opened().await(5, TimeUnit.SECONDS), "the producer reads the source");
        assertNull(input.readChunk(ALLOCATOR));
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) < 1000, "the reads did not wait");
        assertFalse(input.isEndOfInput());
        assertTrue(source.reader().getName().startsWith("jmcp-http-body-"), source.reader().getName());

        source.release();
        Wire wire = readAll(input);
        assertArrayEquals(ScriptedSource.bytes(10_000), wire.body.toByteArray());
        assertEquals(1, wire.lasts);
        input.close();
    }

    /** Waits, at most 10 s, until {@code producer} is parked in {@link BodyPipe}'s put: the pipe is full. */
    private static void awaitWaitingInPut(Thread producer) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (producer.getState() != Thread.State.WAITING || java.util.Arrays.stream(producer.getStackTrace())
                .noneMatch(frame -> frame.getClassName().equals(BodyPipe.class.getName()) && frame.getMethodName().equals("put"))) {
            assertTrue(System.nanoTime() < deadline, "the producer never waited in the full pipe: " + producer.getState());
            Thread.sleep(5); // the poll's interval: a thread's state has nothing to wait on
        }
    }

    @Test
    void theProducerWaitsWhileNoChunkIsTaken() throws Exception {
        ScriptedSource source = ScriptedSource.of(64L * 1024 * 1024);
        ProducedInput input = input(source, false);
        ReferenceCountUtil.release(input.readChunk(ALLOCATOR));
        assertTrue(source.opened().await(5, TimeUnit.SECONDS));
        // the barrier: the producer waits in the full pipe, where nothing takes a chunk
        awaitWaitingInPut(source.reader());
        long ahead = source.position();
        // the queue, the chunk being filled, and transferTo's own buffer
        assertTrue(ahead <= (ProducedInput.QUEUED_CHUNKS + 1) * CHUNK + 16 * 1024, "read ahead: " + ahead);
        assertEquals(Thread.State.WAITING, source.reader().getState(), "the producer waits for the connection");
        assertEquals(ahead, source.position(), "the producer waits for the connection");
        input.close();
        assertTrue(source.closed().await(5, TimeUnit.SECONDS), "closing stopped the producer, which closed the source");
    }

    @Test
    void closingWhileTheSourceStallsInterruptsTheProducer() throws Exception {
        ScriptedSource source = ScriptedSource.stallingAt(3000, 10_000);
        ProducedInput input = input(source, true);
        ReferenceCountUtil.release(input.readChunk(ALLOCATOR));
        assertTrue(source.stalled().await(5, TimeUnit.SECONDS), "the producer waits in the source");
        input.close();
        assertTrue(source.closed().await(5, TimeUnit.SECONDS), "the producer stopped and closed the source");
        assertTrue(source.interrupted(), "the stalled read was interrupted");
    }

    @Test
    void aFailingSourceFailsTheRead() throws Exception {
        ScriptedSource source = ScriptedSource.failingAt(5000, 10_000);
        ProducedInput input = input(source, true);
        IOException failure = assertThrows(IOException.class, () -> readAll(input));
        assertTrue(failure.getMessage().contains("the source failed at byte 5000"), failure.getMessage());
        input.close();
        assertTrue(source.closed().await(5, TimeUnit.SECONDS));
    }

    @Test
    void aBodyOfWholeChunksEndsOnceInPiecesOfChunkBytes() throws Exception {
        ProducedInput input = input(ScriptedSource.of(4 * CHUNK), true);
        Wire wire = readAll(input);
        assertArrayEquals(ScriptedSource.bytes(4 * CHUNK), wire.body.toByteArray());
        assertTrue(wire.chunkSizes.stream().allMatch(size -> size <= CHUNK), wire.chunkSizes.toString());
        assertEquals(1, wire.lasts, "the response ends once");
        assertNull(input.readChunk(ALLOCATOR), "nothing follows the end");
        input.close();
    }

    @Test
    void aBodyThatDoesNotEndTheResponseEndsWithoutLastContent() throws Exception {
        ProducedInput input = input(ScriptedSource.of(2 * CHUNK + 5), false);
        Wire wire = readAll(input);
        assertArrayEquals(ScriptedSource.bytes(2 * CHUNK + 5), wire.body.toByteArray());
        assertEquals(0, wire.lasts);
        input.close();
    }

    @Test
    void aStoppedServerFailsTheBody() throws Exception {
        producers.close();
        ScriptedSource source = ScriptedSource.of(10);
        ProducedInput input = input(source, true);
        IOException failure = assertThrows(IOException.class, () -> readAll(input));
        assertTrue(failure.getMessage().contains("the server is stopping"), failure.getMessage());
        input.close();
    }

    @Test
    void aBodyClosedBeforeItsFirstReadStartsNoProducer() throws Exception {
        ScriptedSource source = ScriptedSource.of(10);
        ProducedInput input = input(source, true);
        input.close();
        // nothing to wait for: only readChunk starts a producer, on this thread, and it was never called
        assertEquals(1, source.opened().getCount(), "the source was never read");
        assertEquals(0, producers.active());
    }
}
