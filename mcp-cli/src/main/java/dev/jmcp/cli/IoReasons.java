package dev.jmcp.cli;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The message of a failure with its reason said: the JDK's file-system exceptions often carry only
 * the path ({@code NoSuchFileException: /proc/.x.jmcp-partial}), their class being the reason.
 */
final class IoReasons {
    private IoReasons() {
    }

    /** @return {@code thrown}'s message, with the reason that its class stands for when it has none */
    static String message(Throwable thrown) {
        String message = thrown.getMessage();
        if (!(thrown instanceof FileSystemException fs) || fs.getReason() != null) {
            return message;
        }
        String reason = reason(fs);
        return reason == null ? message : fs.getFile() + ": " + reason;
    }

    private static String reason(FileSystemException fs) {
        if (fs instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (fs instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (fs instanceof FileAlreadyExistsException) {
            return "it already exists";
        }
        if (fs instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (fs instanceof DirectoryNotEmptyException) {
            return "the directory is not empty";
        }
        return null;
    }
}
