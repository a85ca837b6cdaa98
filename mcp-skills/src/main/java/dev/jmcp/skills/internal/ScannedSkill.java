package dev.jmcp.skills.internal;

import dev.jmcp.skills.SkillEntry;
import java.util.List;

/**
 * A skill read from its folder: its entry and its files' bytes, which the server keeps so that what
 * it serves is what the entry's digests describe.
 *
 * @param entry   the entry of {@code skills/list}
 * @param folders the skill's folders below its root, parents first, as paths of names
 * @param files   its files, {@code SKILL.md} first
 */
public record ScannedSkill(SkillEntry entry, List<List<String>> folders, List<File> files) {
    /**
     * @param path  the names from the skill's root down to the file
     * @param bytes its content
     */
    public record File(List<String> path, byte[] bytes) {
    }

    /** @return the bytes of all its files */
    public long bytes() {
        return files.stream().mapToLong(f -> f.bytes().length).sum();
    }
}
