package dev.jmcp.core.internal.fs;

import dev.jmcp.core.internal.resources.CountableSource;
import dev.jmcp.core.providers.ResourceErrors;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Blob;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A regular file under the root, opened once per read: everything the read sends (its type sniffed
 * from the head, its size, its bytes) comes from this one open channel, never from the file's name
 * again, so that a file swapped for a link or a pipe after the check cannot change what is sent.
 * Not thread-safe: one per read.
 *
 * <p>How the open is tied to the checked file: its attributes are read without following links
 * and it must be a regular file (a pipe or device is refused before it is opened, since opening a
 * pipe blocks until a writer comes); it is opened with {@code O_NOFOLLOW}; its attributes are read
 * again and must show a regular file with the same file key, and its path must still be its real
 * path. Java 17 can neither {@code fstat} an open channel nor open with {@code O_NONBLOCK}, so two
 * races remain, both needing someone who can write to the root: a file swapped for a pipe in the
 * microseconds between the check and the open blocks that handler thread until the pipe gets a
 * writer, and a folder on the path swapped for a link and back around the open goes unseen.
 */
public final class OpenedFile implements Closeable {
    /** The longest array a JVM reliably makes. */
    private static final long MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;
    private static final Cleaner CLEANER = Cleaner.create();

    private final String uri;
    private final FileChannel channel;
    private final BasicFileAttributes attributes;
    private final long size;
    private boolean handedOver;

    private OpenedFile(String uri, FileChannel channel, BasicFileAttributes attributes, long size) {
        this.uri = uri;
        this.channel = channel;
        this.attributes = attributes;
        this.size = size;
    }

    /**
     * @param uri  the URI the file is read as, for error messages
     * @param real the file's path with its links resolved, under the root
     * @return the open file; empty when nothing is there
     * @throws ProtocolException {@code -32602} when it is not a regular file or changed while it was
     *                           opened; {@code -32603} naming the reason when it cannot be read
     */
    public static Optional<OpenedFile> open(String uri, Path real) {
        BasicFileAttributes before;
        FileChannel channel;
        try {
            before = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!before.isRegularFile()) {
                throw ResourceErrors.invalidUri(uri, "it names something that is not a regular file (a folder, pipe,"
                        + " device, socket or link): it has no content to read");
            }
            channel = FileChannel.open(real, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) {
            return Optional.empty();
        } catch (IOException e) {
            throw unreadable(uri, e);
        }
        try {
            BasicFileAttributes after = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!after.isRegularFile() || !Objects.equals(before.fileKey(), after.fileKey())
                    || !real.toRealPath().equals(real)) {
                throw ResourceErrors.invalidUri(uri, "the file changed while it was opened (replaced by another file"
                        + " or a link): it is not served; read it again");
            }
            return Optional.of(new OpenedFile(uri, channel, after, channel.size()));
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            throw e instanceof RuntimeException runtime ? runtime : unreadable(uri, (IOException) e);
        }
    }

    /** @return the attributes read right after the open */
    public BasicFileAttributes attributes() {
        return attributes;
    }

    /** @return the size of the open file when it was opened: the number of bytes a read announces */
    public long size() {
        return size;
    }

    /** @return up to {@code n} leading bytes, read without moving the channel */
    public byte[] head(int n) {
        byte[] head = new byte[(int) Math.min(n, size)];
        int filled = 0;
        try {
            while (filled < head.length) {
                int read = channel.read(ByteBuffer.wrap(head, filled, head.length - filled), filled);
                if (read < 0) {
                    break;
                }
                filled += read;
            }
        } catch (IOException e) {
            throw unreadable(uri, e);
        }
        return filled == head.length ? head : Arrays.copyOf(head, filled);
    }

    /**
     * @return exactly {@link #size()} bytes
     * @throws ProtocolException {@code -32603} when the file shrank since it was opened
     */
    public byte[] readAll() {
        try (InputStream in = new Body()) {
            if (size > MAX_ARRAY_BYTES) {
                throw new IOException(uri + " has " + size + " bytes, more than one array holds");
            }
            // the size is known: one array of it, not readAllBytes' 8 KiB pieces and their copy
            byte[] all = new byte[(int) size];
            in.readNBytes(all, 0, all.length); // Body fails if the file shrank, and stops at size
            return all;
        } catch (IOException e) {
            throw unreadable(uri, e);
        }
    }

    /**
     * @return whether the file's {@link #size()} bytes are well-formed UTF-8; read through a small
     *         buffer and not kept, so that a text of any size can be checked before it is streamed
     * @throws ProtocolException {@code -32603} when the file shrank since it was opened
     */
    public boolean isUtf8() {
        CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        char[] chars = new char[8192];
        Body body = new Body() {
            @Override
            public void close() {
                // the channel stays open for the read that follows the check
            }
        };
        try (Reader in = new InputStreamReader(body, strict)) {
            while (in.read(chars) >= 0) {
                // decoded only to be checked
            }
            return true;
        } catch (CharacterCodingException notUtf8) {
            return false;
        } catch (IOException e) {
            throw unreadable(uri, e);
        }
    }

    /** Receives a file's bytes a chunk at a time. */
    @FunctionalInterface
    public interface Chunks {
        void accept(byte[] chunk, int offset, int length);
    }

    /**
     * Passes exactly {@link #size()} bytes to {@code sink} in chunks of 8 KiB, without holding the file.
     *
     * @throws ProtocolException {@code -32603} when the file shrank since it was opened
     */
    public void feed(Chunks sink) {
        byte[] chunk = new byte[8192];
        try (InputStream in = new Body()) {
            for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
                sink.accept(chunk, 0, n);
            }
        } catch (IOException e) {
            throw unreadable(uri, e);
        }
    }

    /**
     * Hands the open channel to a blob that can be read once: it sends exactly {@link #size()}
     * bytes, stops there if the file grew, and fails if the file shrank. A second read fails rather
     * than open the file again by name: a transport that replays a message must keep the bytes it sent.
     * Before that read, its bytes can be read through from the same channel to count them for
     * progress ({@link CountableSource}), which sends nothing.
     * If the blob is never read, the channel is closed when the blob is collected.
     */
    public Blob toBlob() {
        handedOver = true;
        FileChannel owned = channel;
        Cleaner.Cleanable closer = CLEANER.register(this, () -> closeQuietly(owned));
        AtomicBoolean read = new AtomicBoolean();
        return Blob.ofStream(new CountableSource() {
            @Override
            public InputStream open() throws IOException {
                if (!read.compareAndSet(false, true)) {
                    throw new IOException(uri + " was already read: a file is opened once per read and never again "
                            + "by name, so its blob cannot be read twice");
                }
                return new Body() {
                    @Override
                    public void close() {
                        closer.clean();
                    }
                };
            }

            @Override
            public InputStream openToCount() {
                return new Body() {
                    @Override
                    public void close() {
                        // the channel stays open for the read that sends the bytes
                    }
                };
            }
        }, size);
    }

    /** Closes the channel, unless a blob took it. */
    @Override
    public void close() {
        if (!handedOver) {
            closeQuietly(channel);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was written: a failed close loses nothing
        }
    }

    /**
     * @return {@code -32603} saying why the file, which exists, cannot be read: the request was
     *         valid, the server cannot serve it ({@code data.uri}, {@code data.reason})
     */
    static ProtocolException unreadable(String uri, IOException e) {
        // a FileSystemException's message is the server's own path: never sent, only its reason or kind
        String reason = e instanceof AccessDeniedException ? "permission denied"
                : e instanceof NotDirectoryException ? "not a folder"
                : e instanceof FileSystemException fs ? (fs.getReason() != null ? fs.getReason() : fs.getClass().getSimpleName())
                : String.valueOf(e.getMessage());
        return ResourceErrors.unreadable(uri, reason, e);
    }

    /** The bytes from the start of the file, exactly {@link #size()} of them or an error. */
    private class Body extends InputStream {
        private long position;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            Objects.checkFromIndexSize(offset, length, buffer.length);
            if (position == size) {
                return -1;
            }
            if (length == 0) {
                return 0;
            }
            int n = channel.read(ByteBuffer.wrap(buffer, offset, (int) Math.min(length, size - position)), position);
            if (n < 0) {
                throw new IOException(uri + " shrank while it was read: " + position + " of " + size
                        + " announced bytes; the message is not sent");
            }
            position += n;
            return n;
        }

        /**
         * Moves the position without reading: the reads are positional, so a ranged read that skips
         * to its offset costs nothing (InputStream's own skip would read the skipped bytes, 2 KiB a
         * call, and a download resumed at 1 GiB would read that gigabyte again for each range).
         */
        @Override
        public long skip(long n) {
            long skipped = Math.max(0, Math.min(n, size - position));
            position += skipped;
            return skipped;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
