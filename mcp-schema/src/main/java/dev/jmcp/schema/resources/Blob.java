package dev.jmcp.schema.resources;

import dev.jmcp.schema.internal.blobs.AnnouncedLength;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * The bytes of a binary resource: in memory, in a file, from a stream, or as the base64 text that
 * arrived on the wire. The codec base64-encodes a blob from its source in small fixed chunks, so
 * a blob never needs to be held whole as a String.
 *
 * @since 0.1
 */
public sealed interface Blob permits Blob.InMemory, Blob.OfFile, Blob.OfStream, Blob.Encoded {

    /** Opens the bytes of a {@link OfStream} blob; called once per write. */
    @FunctionalInterface
    interface Source {
        /** @return a new stream of the blob's bytes; the caller closes it */
        InputStream open() throws IOException;
    }

    /** @return a blob over {@code bytes}, which are not copied and must not change afterwards */
    static Blob of(byte[] bytes) {
        return new InMemory(bytes);
    }

    /** @return a blob that reads {@code file} each time it is written */
    static Blob ofFile(Path file) {
        return new OfFile(file);
    }

    /**
     * @return a blob read from {@code source}; {@code length} is its byte count, or -1 when unknown.
     *         A known length is checked each time the blob is read: a stream that ends before it,
     *         or has bytes left after it, fails the read with an {@link IOException} naming both
     *         counts, so the message carrying the blob fails instead of going out truncated or wrong.
     */
    static Blob ofStream(Source source, long length) {
        return new OfStream(source, length);
    }

    /** @return a blob given as base64 text, as it arrives on the wire; it is decoded lazily */
    static Blob ofBase64(String base64) {
        return new Encoded(base64);
    }

    /** @return the number of bytes, or -1 when it is not known before reading */
    long length();

    /** @return a new stream of the raw (decoded) bytes; the caller closes it */
    InputStream open() throws IOException;

    /** Copies the raw bytes to {@code out}. @return the number of bytes copied */
    default long transferTo(OutputStream out) throws IOException {
        try (InputStream in = open()) {
            return in.transferTo(out);
        }
    }

    /** @return all the raw bytes in one array; meant for small blobs and tests */
    default byte[] toByteArray() {
        try (InputStream in = open()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Bytes in memory. Two are equal when their bytes are. */
    record InMemory(byte[] bytes) implements Blob {
        public InMemory {
            Objects.requireNonNull(bytes, "bytes");
        }

        @Override
        public long length() {
            return bytes.length;
        }

        @Override
        public InputStream open() {
            return new java.io.ByteArrayInputStream(bytes);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof InMemory that && Arrays.equals(bytes, that.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Blob.InMemory[" + bytes.length + " bytes]";
        }
    }

    /** The bytes of a file, read each time the blob is written. */
    record OfFile(Path file) implements Blob {
        public OfFile {
            Objects.requireNonNull(file, "file");
        }

        @Override
        public long length() {
            try {
                return Files.size(file);
            } catch (IOException e) {
                return -1;
            }
        }

        @Override
        public InputStream open() throws IOException {
            return Files.newInputStream(file);
        }
    }

    /**
     * Bytes from a stream.
     *
     * @param source opens the stream; never null
     * @param length the byte count, or -1 when unknown; when known, {@link #open()} holds the
     *               stream to it (see {@link Blob#ofStream})
     */
    record OfStream(Source source, long length) implements Blob {
        public OfStream {
            Objects.requireNonNull(source, "source");
            if (length < -1) {
                throw new IllegalArgumentException("length must be >= -1, was " + length);
            }
        }

        /**
         * @return the source's stream, giving exactly {@link #length()} bytes when that is known:
         *         reading fails with an {@link IOException} naming the announced and the actual count
         *         when the stream ends early or has more (at most one byte past the length is read)
         */
        @Override
        public InputStream open() throws IOException {
            return AnnouncedLength.of(source.open(), length);
        }
    }

    /**
     * Base64 text as it arrived on the wire. Written back unchanged; decoded only when read.
     *
     * @param base64 standard base64 with padding; never null
     */
    record Encoded(String base64) implements Blob {
        public Encoded {
            Objects.requireNonNull(base64, "base64");
        }

        @Override
        public long length() {
            int n = base64.length();
            if (n == 0) {
                return 0;
            }
            int padding = base64.charAt(n - 1) == '=' ? (base64.charAt(n - 2) == '=' ? 2 : 1) : 0;
            return (long) n / 4 * 3 - padding;
        }

        @Override
        public InputStream open() {
            return new Base64TextInputStream(base64);
        }

        @Override
        public String toString() {
            return "Blob.Encoded[" + base64.length() + " base64 chars]";
        }
    }
}
