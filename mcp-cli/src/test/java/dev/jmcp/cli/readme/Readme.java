package dev.jmcp.cli.readme;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The repository's {@code README.md} and its fenced code blocks.
 *
 * @param text   the whole file
 * @param blocks every block, in order, with its language and text
 */
record Readme(String text, List<Block> blocks) {
    private static final Pattern FENCE = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```\\s*$");
    private static final Pattern CLASS = Pattern.compile("(?m)^public (?:final )?class (\\w+)");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");

    /**
     * One fenced block.
     *
     * @param language what follows the opening fence, such as {@code java}; may be empty
     * @param text     the lines between the fences
     */
    record Block(String language, String text) {
        boolean isJava() {
            return language.equals("java");
        }

        /** @return whether it is a {@code module-info.java} */
        boolean isModule() {
            return isJava() && text.startsWith("module ");
        }

        /** @return whether it is a whole compilation unit of a class, as opposed to a fragment */
        boolean isClass() {
            return isJava() && PACKAGE.matcher(text).find() && CLASS.matcher(text).find();
        }

        /** @return the class a whole compilation unit declares, such as {@code notes.NotesClient} */
        String className() {
            Matcher pkg = PACKAGE.matcher(text);
            Matcher type = CLASS.matcher(text);
            if (!pkg.find() || !type.find()) {
                throw new IllegalStateException("not a whole class: " + text);
            }
            return pkg.group(1) + "." + type.group(1);
        }

        /** @return where {@code javac} wants the source: the package's folders and the class's file */
        String sourceFile() {
            return isModule() ? "module-info.java" : className().replace('.', '/') + ".java";
        }
    }

    /** @return the blocks of the README at the root of the repository the tests run in */
    static Readme ofRepository() throws IOException {
        // surefire runs a module's tests in its folder, one below the root
        Path file = Path.of("").toAbsolutePath().getParent().resolve("README.md");
        String text = Files.readString(file);
        List<Block> blocks = new ArrayList<>();
        Matcher fence = FENCE.matcher(text);
        while (fence.find()) {
            blocks.add(new Block(fence.group(1), fence.group(2)));
        }
        return new Readme(text, List.copyOf(blocks));
    }

    /** @return the block right after {@code block}, or null for the last */
    Block next(Block block) {
        int at = blocks.indexOf(block);
        return at + 1 < blocks.size() ? blocks.get(at + 1) : null;
    }
}
