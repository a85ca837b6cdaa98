package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds the JSON examples of the read-only spec material ({@link SharedMaterial}): the
 * {@code ```json} blocks of the seed documents and of the spec pages, and the example files of
 * 2026-07-28. The material is read where it lies, never copied into the repository.
 */
final class SpecExamples {
    /** An example file: {@code .../examples/[REVISION/]TYPE/NAME.json}. */
    private static final Pattern EXAMPLE_FILE = Pattern.compile("^(?:.*/)?examples/(?:[^/]+/)?([^/]+)/[^/]+\\.json$");
    private static final Pattern FENCE = Pattern.compile(
            "^([ \\t]*)```([^\\s`]*)[^\\n]*\\n(.*?)^[ \\t]*```[ \\t]*$", Pattern.MULTILINE | Pattern.DOTALL);

    /**
     * One example as printed.
     *
     * @param source   the group it counts towards, such as "spec 2025-11-25 pages"
     * @param document its file, relative to the shared folder (or for the project's own examples, to
     *                 the test resources), with '/' separators
     * @param block    the index of the {@code ```json} block within the document; 0 for an example file
     * @param text     the block's text, without the fences and their indentation
     */
    record Example(String source, String document, int block, String text) {
        String name() {
            return document.endsWith(".json") ? document : document + " #" + block;
        }

        /** @return the folder an example file is in, which names its schema type; null for a block of a page */
        String exampleType() {
            Matcher m = EXAMPLE_FILE.matcher(document);
            return m.matches() ? m.group(1) : null;
        }
    }

    private SpecExamples() {
    }

    static List<Example> seed2024(Path shared) {
        return blocks(shared, "seed 2024-11-05 resources", List.of("seeds/mcp-2024-11-05-resources.md"));
    }

    static List<Example> seedSep2093(Path shared) {
        return blocks(shared, "seed SEP-2093", List.of("seeds/sep-2093-resource-contents-metadata.md"));
    }

    static List<Example> seedGomcp(Path shared) {
        return blocks(shared, "seed gomcp", List.of("seeds/gomcp-protocol-resources.txt"));
    }

    /** Resources, lifecycle, the JSON-RPC basics and the utilities of 2025-11-25. */
    static List<Example> spec2025(Path shared) {
        List<String> documents = new ArrayList<>(List.of("spec/2025-11-25/server/resources.mdx",
                "spec/2025-11-25/basic/lifecycle.mdx", "spec/2025-11-25/basic/index.mdx"));
        documents.addAll(glob(shared, "spec/2025-11-25/basic/utilities"));
        // logging and pagination are modelled by jmcp too, so their examples are checked as well
        documents.addAll(glob(shared, "spec/2025-11-25/server/utilities"));
        return blocks(shared, "spec 2025-11-25 pages", documents);
    }

    /** Resources, server/discover and every basic page of 2026-07-28. */
    static List<Example> spec2026(Path shared) {
        List<String> documents = new ArrayList<>(List.of("spec/2026-07-28/server/resources.mdx",
                "spec/2026-07-28/server/discover.mdx"));
        documents.addAll(glob(shared, "spec/2026-07-28/basic"));
        return blocks(shared, "spec 2026-07-28 pages", documents);
    }

    /** Every file of spec/2026-07-28/examples/TypeName/. */
    static List<Example> examples2026(Path shared) {
        Path root = shared.resolve("spec/2026-07-28/examples");
        assertTrue(Files.isDirectory(root), "missing folder " + root);
        try (Stream<Path> files = Files.walk(root)) {
            List<Example> examples = new ArrayList<>();
            for (Path file : files.filter(p -> p.toString().endsWith(".json")).sorted().collect(Collectors.toList())) {
                examples.add(new Example("spec 2026-07-28 examples", relative(shared, file), 0, read(file)));
            }
            return examples;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the {@code ```json} blocks of {@code text}, dedented; other languages are not JSON examples */
    static List<String> jsonBlocks(String text) {
        List<String> blocks = new ArrayList<>();
        Matcher m = FENCE.matcher(text);
        while (m.find()) {
            if (m.group(2).equalsIgnoreCase("json")) {
                blocks.add(dedent(m.group(3), m.group(1)));
            }
        }
        return blocks;
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Example> blocks(Path shared, String source, List<String> documents) {
        List<Example> examples = new ArrayList<>();
        for (String document : documents) {
            Path file = shared.resolve(document);
            assertTrue(Files.isRegularFile(file), "missing spec document " + file);
            List<String> blocks = jsonBlocks(read(file));
            for (int i = 0; i < blocks.size(); i++) {
                examples.add(new Example(source, document, i, blocks.get(i)));
            }
        }
        return examples;
    }

    /** @return the .mdx files under {@code folder}, at any depth, sorted */
    private static List<String> glob(Path shared, String folder) {
        Path root = shared.resolve(folder);
        assertTrue(Files.isDirectory(root), "missing folder " + root);
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".mdx")).map(p -> relative(shared, p)).sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String relative(Path shared, Path file) {
        return shared.relativize(file).toString().replace('\\', '/');
    }

    private static String dedent(String block, String indent) {
        if (indent.isEmpty()) {
            return block;
        }
        return block.lines().map(line -> line.startsWith(indent) ? line.substring(indent.length()) : line)
                .collect(Collectors.joining("\n", "", "\n"));
    }
}
