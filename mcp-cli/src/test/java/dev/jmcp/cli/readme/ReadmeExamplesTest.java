package dev.jmcp.cli.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.cli.Cli;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Java examples are what a user pastes into a fresh Maven project: its module-info and
 * whole classes are compiled with {@code javac --release 17} against only the modules the README's
 * dependency snippet brings, and a program followed by a {@code text} block prints that text when it
 * runs on the module path. Its fragments are compiled too, as method bodies of one class that imports
 * every package the module reads, with {@code inputStream} and {@code outputStream} (which the
 * fragments leave to the reader) as the method's parameters.
 */
class ReadmeExamplesTest {
    /** The JSON provider: a runtime dependency of mcp-schema, so a fresh project has it too. */
    private static final String JSON_PROVIDER = "org.eclipse.parsson";
    private static final Pattern DEPENDENCY = Pattern.compile("<artifactId>(mcp-[\\w-]+)</artifactId>");
    private static final Pattern MODULE_ROW = Pattern.compile("(?m)^\\| `(mcp-[\\w-]+)` \\| `([\\w.]+)` \\|");
    private static final Pattern REQUIRES = Pattern.compile("(?m)^\\s*requires ([\\w.]+);");

    @TempDir
    static Path work;
    private static Readme readme;
    private static Readme.Block module;
    private static String modulePath;
    private static Path compiled;

    @BeforeAll
    static void compileTheExamples() throws IOException {
        readme = Readme.ofRepository();
        List<Readme.Block> modules = readme.blocks().stream().filter(Readme.Block::isModule).toList();
        assertEquals(1, modules.size(), "the README has one module-info block");
        module = modules.get(0);
        modulePath = freshProjectModulePath();
        Path sources = work.resolve("src");
        for (Readme.Block block : readme.blocks()) {
            if (block.isModule() || block.isClass()) {
                write(sources.resolve(block.sourceFile()), block.text());
            }
        }
        write(sources.resolve(packageFolder()).resolve("ReadmeFragments.java"), fragmentsClass());
        compiled = work.resolve("classes");
        List<String> args = new ArrayList<>(List.of("--release", "17", "-Xlint:all", "-d", compiled.toString(),
                "--module-path", modulePath));
        try (var files = Files.walk(sources)) {
            files.filter(file -> file.toString().endsWith(".java")).forEach(file -> args.add(file.toString()));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        int exit = ToolProvider.findFirst("javac").orElseThrow().run(print, print, args.toArray(String[]::new));
        assertEquals(0, exit, () -> "the README's Java does not compile:\n" + out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theProgramsPrintWhatTheReadmeSaysTheyPrint() throws Exception {
        int ran = 0;
        for (Readme.Block block : readme.blocks()) {
            Readme.Block output = readme.next(block);
            if (block.isClass() && block.text().contains("static void main(") && output != null
                    && output.language().equals("text")) {
                assertEquals(output.text(), run(block.className()), block.className() + "'s output");
                ran++;
            }
        }
        assertTrue(ran > 0, "the README shows what at least one of its programs prints");
    }

    @Test
    void theModuleRequiresNothingTheDependencySnippetDoesNotBring() {
        Set<String> brought = new TreeSet<>(dependencyModules());
        for (String required : requires(module.text())) {
            assertTrue(brought.contains(required), required + " is not among " + brought);
        }
        assertFalse(readme.blocks().stream().filter(Readme.Block::isClass).toList().isEmpty());
    }

    /** Runs {@code java -p CLASSES:MODULES -m MODULE/CLASS}, as the user would, at most a minute. */
    private static String run(String className) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        String moduleName = moduleName();
        List<String> command = List.of(java, "-p", compiled + File.pathSeparator + modulePath,
                "-m", moduleName + "/" + className);
        Process process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(work.resolve(className + ".stderr").toFile()).start();
        byte[] stdout;
        try (var in = process.getInputStream()) {
            stdout = in.readAllBytes(); // ends when the program does, or when it is killed below
        } finally {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
        String stderr = Files.readString(work.resolve(className + ".stderr"));
        assertEquals(0, process.exitValue(), () -> className + " failed:\n" + stderr);
        return new String(stdout, StandardCharsets.UTF_8);
    }

    /**
     * @return the jars (or class folders) of the modules that the README's dependency snippet brings
     *         to a fresh project, out of the runtime modules of this build
     */
    private static String freshProjectModulePath() {
        List<Path> entries = new ArrayList<>();
        for (String entry : Cli.modulePath().split(File.pathSeparator)) {
            entries.add(Path.of(entry));
        }
        Set<String> roots = new LinkedHashSet<>(dependencyModules());
        roots.add(JSON_PROVIDER);
        Configuration resolved = Configuration.empty().resolve(ModuleFinder.of(entries.toArray(Path[]::new)),
                ModuleFinder.ofSystem(), roots);
        List<String> path = new ArrayList<>();
        for (Path entry : entries) {
            String name = ModuleFinder.of(entry).findAll().iterator().next().descriptor().name();
            if (resolved.findModule(name).isPresent()) {
                path.add(entry.toString());
            }
        }
        return String.join(File.pathSeparator, path);
    }

    /** @return the module names, by the README's table, of the jmcp artifacts its dependency snippet names */
    private static Set<String> dependencyModules() {
        Readme.Block pom = readme.blocks().stream().filter(block -> block.language().equals("xml")).findFirst()
                .orElseThrow(() -> new AssertionError("the README has no dependency snippet"));
        Set<String> modules = new LinkedHashSet<>();
        Matcher artifact = DEPENDENCY.matcher(pom.text());
        while (artifact.find()) {
            if (!artifact.group(1).equals("mcp-bom")) {
                modules.add(moduleOf(artifact.group(1)));
            }
        }
        return modules;
    }

    private static String moduleOf(String artifact) {
        Matcher row = MODULE_ROW.matcher(readme.text());
        while (row.find()) {
            if (row.group(1).equals(artifact)) {
                return row.group(2);
            }
        }
        throw new AssertionError("the README's module table has no row for " + artifact);
    }

    private static List<String> requires(String moduleInfo) {
        List<String> names = new ArrayList<>();
        Matcher requires = REQUIRES.matcher(moduleInfo);
        while (requires.find()) {
            names.add(requires.group(1));
        }
        return names;
    }

    private static String moduleName() {
        Matcher name = Pattern.compile("^module ([\\w.]+)").matcher(module.text());
        assertTrue(name.find(), module.text());
        return name.group(1);
    }

    private static String packageFolder() {
        String className = readme.blocks().stream().filter(Readme.Block::isClass).findFirst().orElseThrow().className();
        return className.substring(0, className.lastIndexOf('.')).replace('.', '/');
    }

    /** @return one class whose methods are the README's fragments, importing every package the module reads */
    private static String fragmentsClass() {
        StringBuilder source = new StringBuilder("package ").append(packageFolder().replace('/', '.')).append(";\n\n");
        for (String pkg : readablePackages()) {
            source.append("import ").append(pkg).append(".*;\n");
        }
        source.append("import java.io.*;\nimport java.net.*;\nimport java.nio.file.*;\nimport java.util.*;\n\n")
                .append("@SuppressWarnings(\"unused\")\nfinal class ReadmeFragments {\n");
        int n = 0;
        for (Readme.Block block : readme.blocks()) {
            if (block.isJava() && !block.isModule() && !block.isClass()) {
                source.append("    static void fragment").append(++n)
                        .append("(InputStream inputStream, OutputStream outputStream) throws Exception {\n")
                        .append(block.text()).append("    }\n\n");
            }
        }
        return source.append("}\n").toString();
    }

    /** @return the packages the README's module can name: those its requires read, transitively */
    private static Set<String> readablePackages() {
        ModuleFinder finder = ModuleFinder.of(Arrays.stream(modulePath.split(File.pathSeparator))
                .map(Path::of).toArray(Path[]::new));
        Set<String> packages = new TreeSet<>();
        List<String> pending = new ArrayList<>(requires(module.text()));
        Set<String> seen = new LinkedHashSet<>();
        while (!pending.isEmpty()) {
            String name = pending.remove(0);
            ModuleDescriptor descriptor = finder.find(name).map(reference -> reference.descriptor()).orElse(null);
            if (descriptor == null || !seen.add(name)) {
                continue; // a system module such as java.base
            }
            descriptor.exports().stream().filter(exports -> !exports.isQualified())
                    .forEach(exports -> packages.add(exports.source()));
            descriptor.requires().stream()
                    .filter(requires -> requires.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE))
                    .forEach(requires -> pending.add(requires.name()));
        }
        return packages;
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
