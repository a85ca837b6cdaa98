package dev.jmcp.skills;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes skill folders for the tests. */
final class SkillTrees {
    private SkillTrees() {
    }

    /** @return the text of a SKILL.md with that front matter */
    static String manifest(String name, String description) {
        return "---\nname: " + name + "\ndescription: " + description + "\n---\n\n# " + name + "\n\nDo the thing.\n";
    }

    /** Writes {@code dir/name/SKILL.md} with a good front matter. @return the skill's folder */
    static Path skill(Path dir, String name, String description) throws IOException {
        return write(dir.resolve(name), "SKILL.md", manifest(name, description));
    }

    /** Writes {@code folder/path} with {@code text}. @return {@code folder} */
    static Path write(Path folder, String path, String text) throws IOException {
        Path file = folder.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return folder;
    }
}
