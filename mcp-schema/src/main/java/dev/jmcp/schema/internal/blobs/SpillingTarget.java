package dev.jmcp.schema.internal.blobs;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.resources.Blob;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;

/** Holds a blob in memory up to a threshold, then moves it to a new file in a directory. */
public final class SpillingTarget implements BlobSink.Target {
    private static final System.Logger LOG = System.getLogger(SpillingTarget.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path directory;
    private final int inMemoryBytes;
    private MemoryTarget memory = new MemoryTarget();
    private Path file;
    private OutputStream out;

    public SpillingTarget(Path directory, int inMemoryBytes) {
        this.directory = directory;
        this.inMemoryBytes = inMemoryBytes;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        if (out == null && memory.length() + length > inMemoryBytes) {
            out = createFile();
            memory.writeTo(out);
            memory = null;
        }
        if (out != null) {
            out.write(bytes, offset, length);
        } else {
            memory.write(bytes, offset, length);
        }
    }

    /** A new file with the permissions of any new file there: the directory is the caller's choice. */
    private OutputStream createFile() throws IOException {
        for (int attempt = 0; ; attempt++) {
            file = directory.resolve(".jmcp-blob-" + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".bin");
            try {
                return Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) {
                    throw e;
                }
            }
        }
    }

    @Override
    public Blob finish() throws IOException {
        if (out == null) {
            return memory.finish();
        }
        out.close();
        return Blob.ofFile(file);
    }

    @Override
    public void abort() {
        memory = null;
        if (file == null) {
            return;
        }
        try {
            if (out != null) {
                out.close();
            }
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "could not delete the blob file " + file + " of an unreadable message", e);
        }
    }
}
