package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a served folder leaves out by default: hidden entries and what its .gitignore files
 * exclude. Left out means not listed, not announced, and not found when asked for by URI.
 */
class FileSystemExclusionsTest {
    @TempDir
    Path temp;
    Path root;

    @BeforeEach
    void folder() throws IOException {
        root = temp.toRealPath();
        Files.writeString(root.resolve("README.md"), "read me");
        Files.writeString(root.resolve(".env"), "SECRET=1");
        Files.createDirectories(root.resolve(".git/objects"));
        Files.writeString(root.resolve(".git/config"), "[core]");
        Files.writeString(root.resolve(".gitignore"), "*.log\ntarget/\n/secrets\n!keep.log\n");
        Files.writeString(root.resolve("app.log"), "log");
        Files.writeString(root.resolve("keep.log"), "kept");
        Files.createDirectories(root.resolve("target/classes"));
        Files.writeString(root.resolve("target/classes/A.class"), "x");
        Files.writeString(root.resolve("secrets"), "anchored");
        Files.createDirectories(root.resolve("src/secrets"));
        Files.writeString(root.resolve("src/secrets/ok.txt"), "anchored rule: only the root's");
        Files.writeString(root.resolve("src/.gitignore"), "generated.txt\n");
        Files.writeString(root.resolve("src/generated.txt"), "generated");
        Files.writeString(root.resolve("src/Main.java"), "class Main {}");
    }

    private String uri(String relative) {
        return root.resolve(relative).toUri().toString().replaceAll("/$", "");
    }

    private static List<String> names(List<Resource> resources) {
        return resources.stream().map(Resource::name).sorted().toList();
    }

    @Test
    void listingsLeaveOutHiddenEntriesAndWhatGitignoreExcludes() {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        assertEquals(List.of("README.md", "keep.log", "src"), names(Calls.top(provider)));
        assertEquals(List.of("Main.java", "secrets"), names(Calls.children(provider, uri("src"))));
    }

    @Test
    void aReadOfWhatIsLeftOutIsNotFoundAsForAFileThatDoesNotExist() {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        for (String excluded : List.of(".env", ".git/config", ".git", "app.log", "target/classes/A.class", "target",
                "secrets", "src/generated.txt", ".gitignore")) {
            assertEquals(Optional.empty(), Calls.describe(provider, uri(excluded)), excluded);
            Calls.assertInvalidParams(() -> Calls.readUndescribed(provider, uri(excluded)), uri(excluded), "not found");
        }
        assertTrue(Calls.describe(provider, uri("src/secrets/ok.txt")).isPresent());
    }

    @Test
    void aLinkToWhatIsLeftOutIsLeftOutToo() throws IOException {
        Files.createSymbolicLink(root.resolve("env-link"), root.resolve(".env"));
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        assertEquals(Optional.empty(), Calls.describe(provider, uri("env-link")));
        assertFalse(names(Calls.top(provider)).contains("env-link"));
    }

    @Test
    void includeHiddenAndNoGitIgnoreServeEverything() {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root).withIncludeHidden(true).withGitIgnore(false);
        assertTrue(provider.includeHidden());
        assertFalse(provider.gitIgnore());
        assertEquals(List.of(".env", ".git", ".gitignore", "README.md", "app.log", "keep.log", "secrets", "src", "target"),
                names(Calls.top(provider)));
        assertTrue(Calls.describe(provider, uri(".git/config")).isPresent());
    }

    @Test
    void eachSwitchAlone() {
        FileSystemResourceProvider hidden = FileSystemResourceProvider.of(root).withIncludeHidden(true);
        assertEquals(List.of(".env", ".git", ".gitignore", "README.md", "keep.log", "src"), names(Calls.top(hidden)));
        FileSystemResourceProvider ignored = FileSystemResourceProvider.of(root).withGitIgnore(false);
        assertEquals(List.of("README.md", "app.log", "keep.log", "secrets", "src", "target"), names(Calls.top(ignored)));
    }

    @Test
    void changesToWhatIsLeftOutAreNotAnnounced() throws Exception {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        LinkedBlockingQueue<String> events = started(provider);
        try {
            Files.writeString(root.resolve(".env"), "SECRET=2, longer");
            Files.writeString(root.resolve("app.log"), "more log lines");
            Files.writeString(root.resolve("README.md"), "read me again");
            // the barrier: the served file's change comes, and nothing of the others came before it
            String event;
            while ((event = events.poll(30, TimeUnit.SECONDS)) != null && !event.equals("updated " + uri("README.md"))) {
                assertFalse(event.contains(".env") || event.contains("app.log"), event);
            }
            assertEquals("updated " + uri("README.md"), event);
        } finally {
            provider.close();
        }
    }

    @Test
    void aChangedGitignoreChangesTheListingAndSaysSo() throws Exception {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        assertTrue(names(Calls.top(provider)).contains("README.md"));
        LinkedBlockingQueue<String> events = started(provider);
        try {
            Files.writeString(root.resolve(".gitignore"), "*.log\ntarget/\n/secrets\n!keep.log\nREADME.md\n");
            String event;
            while ((event = events.poll(30, TimeUnit.SECONDS)) != null && !event.equals("listChanged")) {
                assertFalse(event.contains(".gitignore"), event);
            }
            assertEquals("listChanged", event);
            assertEquals(List.of("keep.log", "src"), names(Calls.top(provider)));
        } finally {
            provider.close();
        }
    }

    /** @return the changes {@code provider}, started now, announces, as "updated URI" and "listChanged" */
    private static LinkedBlockingQueue<String> started(FileSystemResourceProvider provider) {
        LinkedBlockingQueue<String> events = new LinkedBlockingQueue<>();
        provider.start(new ResourceChanges() {
            @Override
            public void updated(String uri) {
                events.add("updated " + uri);
            }

            @Override
            public void listChanged() {
                events.add("listChanged");
            }
        });
        return events;
    }
}
