package dev.jmcp.dialect.gomcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.dialect.gomcp.testing.GomcpPeer;
import dev.jmcp.dialect.gomcp.testing.StdioWire;
import jakarta.json.JsonObject;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gomcp client against a real child JVM that serves a folder in the gomcp dialect over its stdin
 * and stdout ({@code stdio:-}): gomcp's stdio, newline-delimited JSON. One process is one session,
 * so each test runs several scenarios on one.
 */
class GomcpOverStdioTest {
    @TempDir
    Path root;

    @Test
    void readsListsAndFiltersOverStdio() throws Exception {
        Fixture.write(root);
        Scenarios scenarios = new Scenarios(root);
        try (GomcpPeer peer = GomcpPeer.initialized(child())) {
            scenarios.listsEverythingInPages(peer);
            scenarios.filtersByKindAndMetadata(peer);
            scenarios.refusesAnUnknownFilterMember(peer);
            scenarios.getAndReadAnswerAlike(peer);
            scenarios.currentVersionIsNotModifiedAndStaleOneGetsContent(peer);
            scenarios.readsABinaryResourceAsBase64(peer);
            scenarios.unknownUriIsNotFoundWithItsUri(peer);
            scenarios.collectionReadSaysHowToList(peer);
        }
    }

    @Test
    void subscriptionsOverStdio() throws Exception {
        Fixture.write(root);
        Scenarios scenarios = new Scenarios(root);
        try (GomcpPeer peer = GomcpPeer.initialized(child())) {
            scenarios.subscriptionCarriesTheNewVersion(peer, "w1.txt");
            scenarios.unsubscribedResourceIsNotAnnounced(peer, "w2.txt", "w3.txt");
            // w1 and w3 still held: one more fits, two more do not
            JsonObject error = peer.error("resources/subscribe", "{\"uris\":[\"" + scenarios.uri("w4.txt") + "\",\""
                    + scenarios.uri("w5.txt") + "\"]}");
            assertEquals(-32602, error.getInt("code"));
            assertTrue(error.getString("message").contains("maxSubscriptionsPerSession=3"), error.toString());
        }
    }

    /** @return the wire to a child JVM running {@link FixtureServerMain} on {@link #root} */
    private StdioWire child() throws Exception {
        return new StdioWire(new ProcessBuilder(java(FixtureServerMain.class, root.toString())).start());
    }

    /**
     * {@code java -cp ... MAIN args} with this JVM's java. On the class path, not the module path:
     * surefire puts the main classes on the module path and patches the test classes into the
     * module, so no one module path holds the test's main class; joining both properties' entries
     * and the test classes' location works in either mode, and tests the classpath's
     * {@code META-INF/services} registrations too.
     */
    private static List<String> java(Class<?> main, String... args) throws URISyntaxException {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Set<String> classPath = new LinkedHashSet<>();
        classPath.add(Path.of(main.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            String value = System.getProperty(property);
            for (String entry : value == null ? new String[0] : value.split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    classPath.add(entry);
                }
            }
        }
        List<String> command = new ArrayList<>(List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp",
                String.join(File.pathSeparator, classPath), main.getName()));
        command.addAll(List.of(args));
        return command;
    }
}
