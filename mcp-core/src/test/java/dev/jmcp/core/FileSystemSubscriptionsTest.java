package dev.jmcp.core;

import dev.jmcp.core.providers.FileSystemResourceProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Subscriptions to the folders of a served root (SEP-2093: a collection's subscribers hear of what lies under it). */
class FileSystemSubscriptionsTest {
    @TempDir
    Path temp;
    private Path root;
    private Harness harness;
    private McpClient client;
    private final List<String> updates = new CopyOnWriteArrayList<>();

    @BeforeEach
    void serve() throws Exception {
        root = Files.createDirectory(temp.resolve("root")).toRealPath();
        Files.writeString(root.resolve("top.txt"), "v1");
        harness = new Harness(FileSystemResourceProvider.of(root));
        client = harness.sessionClient();
    }

    @AfterEach
    void close() {
        harness.close();
    }

    /** @return the URI of {@code relative} under the root, as the provider names it ("" for the root: no trailing slash) */
    private String uri(String relative) {
        String folder = root.toUri().toASCIIString(); // a folder's ends with '/'
        return folder.substring(0, folder.length() - 1) + (relative.isEmpty() ? "" : "/" + relative);
    }

    @Test
    void aSubscriberOfTheRootIsToldOfAChangeToAFileDirectlyInIt() throws Exception {
        client.resources().subscribe(uri(""), updates::add);

        Files.writeString(root.resolve("top.txt"), "v2");

        Harness.await("the update of top.txt at the root's subscriber", () -> updates.contains(uri("top.txt")));
    }

    @Test
    void aSubscriberOfTheRootIsToldWhenAFileAppearsInIt() throws Exception {
        client.resources().subscribe(uri(""), updates::add);

        Files.writeString(root.resolve("new.txt"), "new");

        Harness.await("the root's own update", () -> updates.contains(uri("")));
    }
}
