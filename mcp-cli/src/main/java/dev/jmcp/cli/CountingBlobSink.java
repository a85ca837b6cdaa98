package dev.jmcp.cli;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.resources.Blob;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * A {@link BlobSink} that reports the bytes of every blob of a message as they are decoded, for a
 * progress bar that moves while a large blob arrives: the server's own progress notifications
 * cover its reading of the blob before it answers, and none arrive while the answer itself does.
 */
final class CountingBlobSink implements BlobSink {
    private final BlobSink sink;
    private final LongConsumer received;
    private final AtomicLong bytes = new AtomicLong();

    /**
     * @param sink     where the bytes go
     * @param received told the bytes decoded so far, all blobs together, after each piece
     */
    CountingBlobSink(BlobSink sink, LongConsumer received) {
        this.sink = sink;
        this.received = received;
    }

    @Override
    public Target open() throws IOException {
        Target target = sink.open();
        return new Target() {
            @Override
            public void write(byte[] chunk, int offset, int length) throws IOException {
                target.write(chunk, offset, length);
                received.accept(bytes.addAndGet(length));
            }

            @Override
            public Blob finish() throws IOException {
                return target.finish();
            }

            @Override
            public void abort() {
                target.abort();
            }
        };
    }
}
