package dev.jmcp.cli;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where {@code jmcp read} writes: standard output, or a file that is written next to its place
 * under a temporary name and moved there by {@link #commit()}, so that a failed read never leaves
 * half a file under the name asked for (nor destroys what was there).
 */
final class FileSink implements AutoCloseable {
    private final OutputStream stream;
    private final Path target;
    private final Path partial;
    private boolean committed;

    private FileSink(OutputStream stream, Path target, Path partial) {
        this.stream = stream;
        this.target = target;
        this.partial = partial;
    }

    /** @return a sink on standard output, whose write errors are reported (a PrintStream hides them) */
    static FileSink of(PrintStream stdout) {
        return new FileSink(new FilterOutputStream(stdout) {
            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                stdout.write(bytes, offset, length);
                if (stdout.checkError()) {
                    throw new IOException("could not write to standard output");
                }
            }

            @Override
            public void flush() throws IOException {
                stdout.flush();
                if (stdout.checkError()) {
                    throw new IOException("could not write to standard output");
                }
            }

            @Override
            public void close() {
                stdout.flush(); // never close standard output
            }
        }, null, null);
    }

    /**
     * @throws CliException ({@link Exit#IO}) when the file cannot be created
     */
    static FileSink of(Path file) {
        Path absolute = file.toAbsolutePath();
        Path partial = absolute.resolveSibling("." + absolute.getFileName() + ".jmcp-partial");
        try {
            return new FileSink(new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16), absolute, partial);
        } catch (IOException e) {
            throw new CliException(Exit.IO, "cannot write " + file + ": " + Failures.innermostMessage(e), e);
        }
    }

    /** @return how messages name it: the file, or "standard output" */
    String name() {
        return target != null ? target.toString() : "standard output";
    }

    OutputStream stream() {
        return stream;
    }

    /** Moves the finished file into place. */
    void commit() {
        try {
            stream.flush();
            if (target != null) {
                stream.close();
                try {
                    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            committed = true;
        } catch (IOException e) {
            throw new CliException(Exit.IO, "cannot write " + name() + ": "
                    + Failures.innermostMessage(e), e);
        }
    }

    /** Closes; a file not committed is deleted. */
    @Override
    public void close() {
        try {
            stream.close();
        } catch (IOException e) {
            // the failure that matters was reported by the write or the commit
        }
        if (!committed && partial != null) {
            try {
                Files.deleteIfExists(partial);
            } catch (IOException e) {
                throw new UncheckedIOException("could not delete " + partial, e);
            }
        }
    }
}
