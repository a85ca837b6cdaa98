package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.ResourceChanges;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemWatchTest {
    private static final long WAIT_MILLIS = 10_000;

    @TempDir
    Path temp;
    Path root;
    FileSystemResourceProvider provider;
    final Events events = new Events();

    /** Collects events as "updated <uri>" and "listChanged". */
    static final class Events implements ResourceChanges {
        private final List<String> seen = new ArrayList<>();

        @Override
        public synchronized void updated(String uri) {
            seen.add("updated " + uri);
            notifyAll();
        }

        @Override
        public synchronized void listChanged() {
            seen.add("listChanged");
            notifyAll();
        }

        /** Waits up to 10 s for {@code event}, then forgets everything seen so far. */
        synchronized void await(String event) throws InterruptedException {
            long deadline = System.currentTimeMillis() + WAIT_MILLIS;
            while (!seen.contains(event)) {
                long left = deadline - System.currentTimeMillis();
                assertTrue(left > 0, "no '" + event + "' within " + WAIT_MILLIS + " ms; saw " + seen);
                wait(left);
            }
            seen.clear();
        }
    }

    @BeforeEach
    void startWatching() throws IOException {
        root = Files.createDirectory(temp.resolve("root")).toRealPath();
        Files.writeString(root.resolve("existing.txt"), "v1");
        Files.createDirectories(root.resolve("old/deeper"));
        provider = FileSystemResourceProvider.of(root);
        provider.start(events);
    }

    @AfterEach
    void stopWatching() {
        provider.close();
    }

    private String uri(String relative) {
        return FileSystemResourceProviderTest.uriOf(root, relative);
    }

    @Test
    void modifyingAFileInTheRootIsAnUpdateOfIt() throws Exception {
        Files.writeString(root.resolve("existing.txt"), "v2");

        events.await("updated " + uri("existing.txt"));
    }

    @Test
    void creatingAFileInTheRootChangesTheList() throws Exception {
        Files.writeString(root.resolve("new.txt"), "new");

        events.await("listChanged");
    }

    @Test
    void deletingAFileInTheRootChangesTheList() throws Exception {
        Files.delete(root.resolve("existing.txt"));

        events.await("listChanged");
    }

    @Test
    void creatingAFileInTheRootIsAnUpdateOfTheRootAsOfAnyFolder() throws Exception {
        Files.writeString(root.resolve("new.txt"), "new");

        events.await("updated " + uri(""));
    }

    @Test
    void changesInASubfolderThatExistedBeforeAreReportedWithTheFolderUpdated() throws Exception {
        Files.writeString(root.resolve("old/deeper/file.txt"), "x");

        events.await("updated " + uri("old/deeper"));
    }

    @Test
    void aSubfolderCreatedAfterWatchingStartedIsWatchedToo() throws Exception {
        Files.createDirectory(root.resolve("fresh"));
        events.await("listChanged"); // reported once the new folder is watched

        Files.writeString(root.resolve("fresh/a.txt"), "one");
        events.await("updated " + uri("fresh"));
        Files.writeString(root.resolve("fresh/a.txt"), "two");
        events.await("updated " + uri("fresh/a.txt"));
        Files.delete(root.resolve("fresh/a.txt"));
        events.await("listChanged");
    }

    @Test
    void filesCreatedInANewFolderBeforeItIsRegisteredAreStillReported() throws Exception {
        Path nested = Files.createDirectories(root.resolve("burst/inner"));
        Files.writeString(nested.resolve("file.txt"), "quick");

        events.await("updated " + uri("burst/inner"));
    }

    @Test
    void closingTheProviderEndsItsWatchThread() throws Exception {
        Set<Thread> watchThreads = watchThreads();
        assertFalse(watchThreads.isEmpty(), "a thread named " + FileSystemResourceProvider.WATCH_THREAD + " runs");
        assertTrue(watchThreads.stream().allMatch(Thread::isDaemon));

        provider.close();

        assertAllEnd(watchThreads);
        assertEquals(Set.of(), watchThreads());
    }

    @Test
    void closeStopsEveryWatchTheProviderStartedAndASecondCloseDoesNothing() throws Exception {
        Set<Thread> before = watchThreads();
        provider.start(new Events()); // as when one provider object is given to two servers
        Set<Thread> both = watchThreads();
        assertEquals(before.size() + 1, both.size(), "a second watch thread runs");

        provider.close();
        provider.close();

        assertAllEnd(both);
    }

    /** Waits, up to a deadline, for each thread to end. */
    private static void assertAllEnd(Set<Thread> threads) throws InterruptedException {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        for (Thread thread : threads) {
            thread.join(Math.max(1, deadline - System.currentTimeMillis()));
        }
        assertTrue(threads.stream().noneMatch(Thread::isAlive), "the watch threads ended");
    }

    private static Set<Thread> watchThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(FileSystemResourceProvider.WATCH_THREAD) && t.isAlive())
                .collect(Collectors.toSet());
    }
}
