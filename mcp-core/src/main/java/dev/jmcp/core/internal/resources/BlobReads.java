package dev.jmcp.core.internal.resources;

import dev.jmcp.core.internal.session.AnswerMemory;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.UnaryOperator;

/**
 * What the blob bodies of one {@code resources/read} go through before the answer is sent.
 *
 * <p>Every blob that is not already in memory is wrapped in a {@link CancellableInputStream}: once
 * the request is cancelled, its source is read no further. When the request carries a
 * {@code progressToken}, each such blob is read here, while the request is still open, with a
 * {@code notifications/progress} every {@link ResourceSettings#progressIntervalBytes()} bytes: it is
 * <em>staged</em> (held in memory, answered without reading its source again) when it fits
 * {@link ResourceSettings#maxStagedBlobBytes()} per read and what the transport's answer budget can
 * still hold; otherwise it is <em>counted</em>: read through a fixed buffer, nothing kept, and read
 * again while the answer is written. Progress cannot come from that write: the transport writes the
 * answer after the session has finished with the request, so a notification sent then would arrive
 * after the answer (a message cannot be interleaved into another), and the session no longer
 * delivers cancellation; so it comes from a read before the answer, which without staging costs a
 * second read of the source instead of memory.
 * A body that streams while the answer is written is handed to {@code bodies} when it is opened, so
 * that the server closes its provider only after it. Not thread-safe: one per read.
 */
final class BlobReads {
    private static final System.Logger LOG = System.getLogger(BlobReads.class.getName());
    private static final int BUFFER = 64 * 1024;
    private static final int CHUNK = 1 << 20;

    private final RequestContext request;
    private final UnaryOperator<InputStream> bodies;
    private final boolean progress;
    private final boolean staging;
    private final long maxStaged;
    private final long interval;
    private final Double total;
    private long staged;
    private long done;
    private long reported;

    /**
     * @param total the bytes all blobs read for progress will add up to, for the progress notifications; null
     *              when not known
     */
    BlobReads(RequestContext request, ResourceSettings settings, Long total, UnaryOperator<InputStream> bodies) {
        this.bodies = bodies;
        this.request = request;
        this.progress = request.progressToken() != null;
        this.staging = progress && settings.maxStagedBlobBytes() > 0;
        this.maxStaged = settings.maxStagedBlobBytes();
        this.interval = settings.progressIntervalBytes();
        this.total = total == null ? null : total.doubleValue();
    }

    /** @return the bytes that the blobs of {@code elements} will be read for progress, or null when one is not known */
    static Long stagedTotal(List<ResourceContents> elements) {
        long sum = 0;
        for (ResourceContents element : elements) {
            if (element instanceof BlobResourceContents blob && !inMemory(blob.blob())) {
                long length = blob.blob().length();
                if (length < 0) {
                    return null;
                }
                sum += length;
            }
        }
        return sum;
    }

    /**
     * @return the element, its blob wrapped or staged
     * @throws CancellationException when the request was cancelled while the blob was staged
     */
    ResourceContents prepare(ResourceContents element) {
        if (element instanceof StreamedTextResourceContents text && !inMemory(text.utf8())) {
            // never staged: a text's progress is not asked for, and staging it would hold it whole
            return Contents.withBlob(element, streaming(text.utf8(), element.uri(), text.utf8().length()));
        }
        if (!(element instanceof BlobResourceContents contents) || inMemory(contents.blob())) {
            return element;
        }
        Blob blob = contents.blob();
        String uri = element.uri();
        long length = blob.length();
        long before = done;
        if (staging && (length < 0 || length <= maxStaged - staged)) {
            if (length >= 0 && !AnswerMemory.tryHold(request, length)) {
                // the server's answers hold their budget already: this one is counted, not held
                LOG.log(Level.DEBUG, "{0} is not staged for progress: the answer budget cannot hold {1} bytes more",
                        uri, String.valueOf(length));
            } else {
                Blob held = stage(blob, uri, length < 0);
                if (held != null) {
                    return Contents.withBlob(element, held);
                }
            }
        }
        if (progress) {
            countThrough(blob, uri, done - before);
        }
        return Contents.withBlob(element, streaming(blob, uri, length));
    }

    /** @return {@code blob} read while the answer is written: cancellable, and tracked until it is closed */
    private Blob streaming(Blob blob, String uri, long length) {
        return Blob.ofStream(() -> bodies.apply(new CancellableInputStream(blob.open(), request::isCancelled, uri, null)),
                length);
    }

    /** Sends the last progress notification, when bytes were read since the one before. */
    void finish() {
        if (done > reported) {
            report();
        }
    }

    /** @return the blob held in memory; null when it outgrew the staging limit and must be counted instead */
    private Blob stage(Blob blob, String uri, boolean chargeChunks) {
        List<byte[]> chunks = new ArrayList<>();
        long held = 0;
        long charged = 0;
        if (chargeChunks) {
            // before the source is opened: a source that cannot be staged is then opened once, to stream
            if (!AnswerMemory.tryHold(request, CHUNK)) {
                return null;
            }
            charged = CHUNK;
        }
        try (InputStream in = new CancellableInputStream(blob.open(), request::isCancelled, uri, this::counted)) {
            byte[] chunk = new byte[CHUNK];
            int filled = 0;
            while (true) {
                int n = in.read(chunk, filled, Math.min(BUFFER, chunk.length - filled));
                if (n < 0) {
                    break;
                }
                filled += n;
                held += n;
                if (held > maxStaged - staged) {
                    LOG.log(Level.DEBUG, "{0} is longer than maxStagedBlobBytes={1}: it is counted instead", uri,
                            String.valueOf(maxStaged));
                    AnswerMemory.giveBack(request, charged);
                    return null;
                }
                if (filled == chunk.length) {
                    chunks.add(chunk);
                    if (chargeChunks && !AnswerMemory.tryHold(request, CHUNK)) {
                        LOG.log(Level.DEBUG, "{0} is not staged for progress: the answer budget cannot hold it", uri);
                        AnswerMemory.giveBack(request, charged);
                        return null;
                    }
                    charged += chargeChunks ? CHUNK : 0;
                    chunk = new byte[CHUNK];
                    filled = 0;
                }
            }
            if (filled > 0) {
                chunks.add(Arrays.copyOf(chunk, filled));
            }
        } catch (CancellableInputStream.ReadCancelledException e) {
            throw new CancellationException(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the blob of " + uri, e);
        }
        staged += held;
        List<byte[]> body = List.copyOf(chunks);
        return Blob.ofStream(() -> {
            List<InputStream> parts = new ArrayList<>(body.size());
            for (byte[] part : body) {
                parts.add(new ByteArrayInputStream(part));
            }
            return new SequenceInputStream(Collections.enumeration(parts));
        }, held);
    }

    /**
     * Reads the blob through for its progress alone, through one small buffer, keeping nothing: the
     * answer reads it again while it is written (a {@link CountableSource} from what it has open).
     *
     * @param reported the bytes at its start already reported, by a staging that gave up
     * @throws CancellationException when the request was cancelled meanwhile
     */
    private void countThrough(Blob blob, String uri, long reported) {
        try (InputStream source = blob instanceof Blob.OfStream stream && stream.source() instanceof CountableSource once
                        ? once.openToCount() : blob.open();
                InputStream in = new CancellableInputStream(source, request::isCancelled, uri, this::counted)) {
            source.skipNBytes(reported);
            byte[] buffer = new byte[BUFFER];
            while (in.read(buffer) >= 0) {
                // counted by the stream
            }
        } catch (CancellableInputStream.ReadCancelledException e) {
            throw new CancellationException(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the blob of " + uri, e);
        }
    }

    private void counted(long n) {
        done += n;
        if (done - reported >= interval) {
            report();
        }
    }

    private void report() {
        reported = done;
        request.progress(done, total, null);
    }

    private static boolean inMemory(Blob blob) {
        return blob instanceof Blob.InMemory || blob instanceof Blob.Encoded;
    }
}
