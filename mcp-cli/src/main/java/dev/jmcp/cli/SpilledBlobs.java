package dev.jmcp.cli;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.ResourceContents;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The blobs of one {@code jmcp read}, decoded to files as they arrive so that the heap never holds
 * them: next to the output file (so that finishing is a rename), or in a private temporary
 * directory when the output is standard output. Blobs up to {@value #IN_MEMORY_BYTES} bytes stay in
 * memory. Closing deletes every file that was not moved into place, and the temporary directory.
 */
final class SpilledBlobs implements AutoCloseable {
    static final int IN_MEMORY_BYTES = 1024 * 1024;

    private final Path directory;
    private final boolean ownDirectory;
    private final List<Path> files = new ArrayList<>();

    /**
     * @param output the file asked for, or null for standard output
     * @throws CliException ({@link Exit#IO}) when the output's directory does not exist, or the
     *                      temporary directory cannot be made
     */
    SpilledBlobs(Path output) {
        ownDirectory = output == null;
        Path parent = output == null ? null : output.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new CliException(Exit.IO, "cannot write " + output + ": " + parent
                    + (Files.exists(parent) ? " is not a directory" : " does not exist"));
        }
        try {
            directory = ownDirectory ? Files.createTempDirectory("jmcp-read-") : output.toAbsolutePath().getParent();
        } catch (IOException e) {
            throw new CliException(Exit.IO, "cannot make a temporary directory: " + Failures.innermostMessage(e), e);
        }
    }

    /** @return the sink for the client's codec */
    BlobSink sink() {
        return BlobSink.spillToFiles(directory, IN_MEMORY_BYTES);
    }

    /** Takes note of the files that {@code result}'s blobs were written to, to delete them at the end. */
    void track(ReadResourceResult result) {
        for (ResourceContents contents : result.contents()) {
            if (contents instanceof BlobResourceContents blob && blob.blob() instanceof Blob.OfFile file) {
                files.add(file.file());
            }
        }
    }

    /**
     * Moves {@code blob} to {@code target} when it is one of the spilled files.
     *
     * @return whether it was moved
     * @throws CliException ({@link Exit#IO}) when the move fails
     */
    boolean moveInto(Blob blob, Path target) {
        if (!(blob instanceof Blob.OfFile file) || !files.contains(file.file())) {
            return false;
        }
        try {
            try {
                Files.move(file.file(), target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(file.file(), target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new CliException(Exit.IO, "cannot write " + target + ": " + Failures.innermostMessage(e), e);
        }
        files.remove(file.file());
        return true;
    }

    @Override
    public void close() {
        for (Path file : files) {
            delete(file);
        }
        if (ownDirectory) {
            delete(directory);
        }
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            System.getLogger(SpilledBlobs.class.getName()).log(System.Logger.Level.WARNING, "could not delete " + path, e);
        }
    }
}
