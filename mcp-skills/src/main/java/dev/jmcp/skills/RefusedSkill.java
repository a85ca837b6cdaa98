package dev.jmcp.skills;

import dev.jmcp.schema.Experimental;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A folder that {@link SkillFolder} did not serve as a skill, and why: it has no {@code SKILL.md},
 * its front matter is missing or does not name it, it holds a link or too many files, and so on.
 * {@code skills/get} of its URI answers {@code -32602} with the reason.
 *
 * @param name   the folder's name, which would have been the skill's
 * @param folder the folder
 * @param reason what is wrong, naming the file and the rule or limit; never null
 * @since 0.1
 */
@Experimental
public record RefusedSkill(String name, Path folder, String reason) {
    public RefusedSkill {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(reason, "reason");
    }

    /** @return the URI its {@code SKILL.md} would have had: {@code skill://NAME/SKILL.md} */
    public String uri() {
        return SkillFolder.SCHEME + name + "/" + SkillEntry.MANIFEST;
    }
}
