package dev.jmcp.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output as the commands write it, remembering why a write failed: a reader that went away
 * ({@code jmcp tree | head -1}) is how a pipeline ends, not an error, while a full disk is one. Java
 * ignores SIGPIPE, so the end of the reader shows only as an {@code IOException} ("Broken pipe"),
 * which the {@code PrintStream} on top of this would hide.
 */
final class StandardOutput extends FilterOutputStream {
    private volatile boolean readerGone;

    StandardOutput() {
        this(new FileOutputStream(FileDescriptor.out));
    }

    StandardOutput(OutputStream out) {
        super(out);
    }

    /** @return whether a write failed because nothing reads standard output any more */
    boolean readerGone() {
        return readerGone;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        try {
            out.write(bytes, offset, length);
        } catch (IOException e) {
            noteWhy(e);
            throw e;
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            noteWhy(e);
            throw e;
        }
    }

    private void noteWhy(IOException e) {
        if (e.getMessage() != null && e.getMessage().contains("Broken pipe")) {
            readerGone = true;
        }
    }
}
