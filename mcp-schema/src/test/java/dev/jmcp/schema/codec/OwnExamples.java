package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.jmcp.schema.codec.SpecExamples.Example;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The project's own example messages, in the test resources: {@code examples/REVISION/TYPE/NAME.json},
 * where TYPE is the schema type the file is an instance of (as in the spec's example folders). They
 * need nothing outside the clone.
 */
final class OwnExamples {
    /** A file every build has, next to the revision folders: it says what they are. */
    private static final String ANCHOR = "/examples/README.md";

    private OwnExamples() {
    }

    /** @return the examples by revision folder, in name order; each source is "own REVISION" */
    static Map<String, List<Example>> byRevision() {
        Path root = root();
        Map<String, List<Example>> sources = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".json")).sorted().collect(Collectors.toList())) {
                Path relative = root.relativize(file);
                String revision = relative.getName(0).toString();
                String document = "examples/" + relative.toString().replace('\\', '/');
                String source = "own " + revision;
                sources.computeIfAbsent(revision, r -> new ArrayList<>())
                        .add(new Example(source, document, 0, SpecExamples.read(file)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sources;
    }

    /** @return the folder of the examples in the test classes (the tests run from target/test-classes) */
    private static Path root() {
        URL anchor = OwnExamples.class.getResource(ANCHOR);
        assertNotNull(anchor, ANCHOR + " is not among the test resources");
        try {
            return Path.of(anchor.toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(anchor.toString(), e);
        }
    }
}
