package dev.jmcp.skills;

import dev.jmcp.schema.Experimental;
import java.util.List;

/**
 * One page of {@code skills/list}.
 *
 * @param skills     the entries of this page; never null
 * @param nextCursor the cursor of the next page; null on the last
 * @since 0.1
 */
@Experimental
public record SkillPage(List<SkillEntry> skills, String nextCursor) {
    public SkillPage {
        skills = List.copyOf(skills);
    }
}
