package dev.jmcp.apicheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every library module of the reactor (published, with a package exported to all) has an API report and
 * the test that checks it, so that a module added later cannot go without one.
 */
class EveryLibraryModuleHasAReportTest {

    private static final Pattern UNQUALIFIED_EXPORT = Pattern.compile("\\bexports\\s+[\\w.]+\\s*;");
    private static final Pattern COMMENT = Pattern.compile("//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern PARENT = Pattern.compile("<parent>.*?</parent>", Pattern.DOTALL);
    private static final Pattern ARTIFACT_ID = Pattern.compile("<artifactId>([^<]+)</artifactId>");

    @Test
    void everyPublishedModuleThatExportsAPackageHasAReportAndItsTest() throws IOException {
        String root = System.getProperty(ApiReportCheck.ROOT, "");
        assumeTrue(!root.isBlank(), "run by Maven, which names the reactor's directory (" + ApiReportCheck.ROOT + ")");
        List<String> missing = new ArrayList<>();
        for (Path descriptor : moduleDescriptors(Path.of(root))) {
            Path module = descriptor.getParent().getParent().getParent().getParent();
            String pom = read(module.resolve("pom.xml"));
            if (pom == null || pom.contains("<maven.deploy.skip>true</maven.deploy.skip>")
                    || !UNQUALIFIED_EXPORT.matcher(COMMENT.matcher(read(descriptor)).replaceAll("")).find()) {
                continue;
            }
            Matcher artifactId = ARTIFACT_ID.matcher(PARENT.matcher(pom).replaceAll(""));
            String report = "api/" + (artifactId.find() ? artifactId.group(1) : "?") + ".api";
            if (!Files.exists(module.resolve(report)) || !hasReportTest(module)) {
                missing.add(Path.of(root).relativize(module) + " (" + report + " and a test ApiReportTest extends ApiReportCheck)");
            }
        }
        assertEquals(List.of(), missing, "library modules without their API report; add the one-line test"
                + " (class ApiReportTest extends ApiReportCheck {}, mcp-api-check at test scope) and write the report"
                + " with -D" + ApiReportCheck.UPDATE + "=true");
    }

    /** The {@code src/main/java/module-info.java} files of the reactor, not looking into build output, node_modules or dot folders. */
    private static List<Path> moduleDescriptors(Path root) throws IOException {
        List<Path> found = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                if (!dir.equals(root) && (name.equals("target") || name.equals("node_modules") || name.startsWith("."))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (file.endsWith(Path.of("src", "main", "java", "module-info.java"))) {
                    found.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        found.sort(null);
        return found;
    }

    private static boolean hasReportTest(Path module) throws IOException {
        Path tests = module.resolve("src/test/java");
        if (!Files.isDirectory(tests)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(tests)) {
            return files.filter(p -> p.getFileName().toString().equals("ApiReportTest.java"))
                    .anyMatch(p -> read(p).contains("extends ApiReportCheck"));
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
