package dev.jmcp.core.internal.fs;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Watches a folder and all its subfolders (registering new ones as they appear) on one daemon
 * thread, and reports changes as paths. Symbolic links are not followed, so nothing outside the
 * folder is watched.
 */
public final class DirectoryWatcher implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(DirectoryWatcher.class.getName());
    private static final long JOIN_MILLIS = 2_000;

    /** What the watcher reports; called on the watch thread. */
    public interface Events {
        /** @param path a file or folder whose content or attributes changed */
        void modified(Path path);

        /** @param path a file or folder that appeared */
        void created(Path path);

        /** @param path a file or folder that went away */
        void deleted(Path path);

        /** Events were lost; anything may have changed. */
        void overflow();
    }

    private final WatchService service;
    private final Map<WatchKey, Path> folders = new ConcurrentHashMap<>();
    private final Events events;
    /** Folders not watched, nor anything below them. */
    private final Predicate<Path> skipped;
    private final Thread thread;
    private volatile boolean closed;

    private DirectoryWatcher(Path root, String threadName, Events events, Predicate<Path> skipped) throws IOException {
        this.service = root.getFileSystem().newWatchService();
        this.events = events;
        this.skipped = skipped;
        try {
            registerTree(root, false);
        } catch (IOException | RuntimeException e) {
            service.close();
            throw e;
        }
        this.thread = new Thread(this::run, threadName);
        thread.setDaemon(true);
    }

    /**
     * Starts watching {@code root}.
     *
     * @param threadName the name of the watch thread
     * @return the running watcher; {@link #close} stops it
     * @throws IOException when the folder cannot be watched
     */
    public static DirectoryWatcher start(Path root, String threadName, Events events) throws IOException {
        return start(root, threadName, events, folder -> false);
    }

    /**
     * Starts watching {@code root}, but not the folders {@code skipped} names (nor what lies below
     * them), such as those a server leaves out: a {@code .git} folder changes at every commit.
     *
     * @param threadName the name of the watch thread
     * @param skipped    true for a folder below the root not to watch; never asked of the root
     * @return the running watcher; {@link #close} stops it
     * @throws IOException when the folder cannot be watched
     */
    public static DirectoryWatcher start(Path root, String threadName, Events events, Predicate<Path> skipped)
            throws IOException {
        DirectoryWatcher watcher = new DirectoryWatcher(root, threadName, events, skipped);
        watcher.thread.start();
        return watcher;
    }

    /** Closes the watch service, which ends the thread; waits a little for it to end. */
    @Override
    public void close() throws IOException {
        closed = true;
        service.close();
        if (Thread.currentThread() != thread) {
            try {
                thread.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        while (!closed) {
            WatchKey key;
            try {
                key = service.take();
            } catch (ClosedWatchServiceException | InterruptedException e) {
                return;
            }
            Path folder = folders.get(key);
            for (WatchEvent<?> event : key.pollEvents()) {
                if (closed) {
                    return;
                }
                try {
                    dispatch(folder, event);
                } catch (ClosedWatchServiceException e) {
                    return;
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "a watch listener failed on " + event.kind() + " in " + folder, e);
                }
            }
            if (!key.reset()) {
                folders.remove(key); // the folder went away
            }
        }
    }

    private void dispatch(Path folder, WatchEvent<?> event) {
        if (event.kind() == OVERFLOW || folder == null) {
            events.overflow();
            return;
        }
        Path path = folder.resolve((Path) event.context());
        if (event.kind() == ENTRY_CREATE) {
            if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    // reports the folder once it is watched, then what appeared in it before that
                    registerTree(path, true);
                    return;
                } catch (IOException e) {
                    LOG.log(System.Logger.Level.DEBUG, "could not watch new folder " + path, e);
                }
            }
            events.created(path);
        } else if (event.kind() == ENTRY_DELETE) {
            events.deleted(path);
        } else if (event.kind() == ENTRY_MODIFY) {
            events.modified(path);
        }
    }

    /** Registers {@code top} and the folders below it; with {@code report}, reports each entry as created. */
    private void registerTree(Path top, boolean report) throws IOException {
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (!dir.equals(top) || report) {
                    if (skipped.test(dir)) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                }
                try {
                    folders.put(dir.register(service, ENTRY_CREATE, ENTRY_DELETE, ENTRY_MODIFY), dir);
                } catch (IOException e) {
                    if (dir.equals(top)) {
                        throw e;
                    }
                    LOG.log(System.Logger.Level.DEBUG, "not watching " + dir + ": " + e);
                    return FileVisitResult.SKIP_SUBTREE;
                }
                if (report) {
                    events.created(dir);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (report) {
                    events.created(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "not watching " + file + ": " + e);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
