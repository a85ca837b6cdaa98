package dev.jmcp.schema.codec;

import dev.jmcp.schema.internal.blobs.MemoryTarget;
import dev.jmcp.schema.internal.blobs.SpillingTarget;
import dev.jmcp.schema.resources.Blob;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the codec puts the bytes of the blobs it reads. A blob arrives as a base64 string inside a
 * message; the codec decodes it as it reads, one fixed chunk at a time, and hands the raw bytes to
 * a {@link Target} that this sink opens, so the text is never held. The {@link Blob} that the
 * target returns is what the read record holds.
 *
 * <p>A blob's bytes count against {@link CodecLimits#maxMessageBytes()} as part of their message,
 * but not against {@link CodecLimits#maxStringLength()}: they are not held as a string. A client
 * that reads large blobs raises {@code maxMessageBytes} and picks a sink that does not keep them in
 * memory, such as {@link #spillToFiles}.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface BlobSink {

    /** Keeps every blob in memory, as a {@link Blob.InMemory}: the default. */
    BlobSink IN_MEMORY = MemoryTarget::new;

    /**
     * Starts a blob. Called on the thread that reads the message, once per blob.
     *
     * @return where its bytes go; never null
     */
    Target open() throws IOException;

    /**
     * Keeps blobs of up to {@code inMemoryBytes} in memory and writes bigger ones to new files in
     * {@code directory}, as {@link Blob.OfFile}. The files belong to the caller, who moves or
     * deletes them; a message that cannot be read leaves none behind.
     *
     * @param directory     an existing directory; files are named {@code .jmcp-blob-*.bin} and get
     *                      the permissions of any new file there
     * @param inMemoryBytes 0 to write every blob to a file
     */
    static BlobSink spillToFiles(Path directory, int inMemoryBytes) {
        Objects.requireNonNull(directory, "directory");
        if (inMemoryBytes < 0) {
            throw new IllegalArgumentException("inMemoryBytes must be >= 0, was " + inMemoryBytes);
        }
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("not a directory: " + directory);
        }
        return () -> new SpillingTarget(directory, inMemoryBytes);
    }

    /**
     * The bytes of one blob, as they are decoded. Used by one thread.
     *
     * @since 0.1
     */
    interface Target {

        /** Takes the next raw bytes of the blob; {@code bytes} is valid only during the call. */
        void write(byte[] bytes, int offset, int length) throws IOException;

        /** @return the blob, once all its bytes are written; never null */
        Blob finish() throws IOException;

        /**
         * Releases what the target holds, also after {@link #finish}: the message the blob was in
         * could not be read. Never throws.
         */
        void abort();
    }
}
