package dev.jmcp.skills;

import dev.jmcp.schema.Experimental;

/**
 * The named limits of a served folder of skills, each with a default. Made by {@link #builder()};
 * immutable; the builder is not thread-safe. A skill past a limit is refused (not served), with a
 * reason that names the limit; a folder past {@link #maxSkills()} is refused whole.
 *
 * @since 0.1
 */
@Experimental
public final class SkillSettings {
    /** {@value} files in one skill, {@code SKILL.md} included: SEP-2640's limit, what every host accepts. */
    public static final int DEFAULT_MAX_FILES_PER_SKILL = 512;
    /** {@value} bytes (16 MiB) of files in one skill: SEP-2640's limit. */
    public static final long DEFAULT_MAX_SKILL_BYTES = 16L << 20;
    /** {@value} bytes (256 MiB) of all skills' files, which the server holds in memory. */
    public static final long DEFAULT_MAX_TOTAL_BYTES = 256L << 20;
    /** {@value} skills in one folder. */
    public static final int DEFAULT_MAX_SKILLS = 10_000;
    /** {@value} characters of YAML front matter in one {@code SKILL.md}. */
    public static final int DEFAULT_MAX_FRONT_MATTER_CHARS = 64 << 10;
    /** {@value} folders deep inside one skill. */
    public static final int DEFAULT_MAX_DEPTH = 16;
    /** {@value} entries in one page of {@code skills/list}: entries are whole skills with every file's digest. */
    public static final int DEFAULT_PAGE_SIZE = 100;

    private static final SkillSettings DEFAULTS = builder().build();

    private final int maxFilesPerSkill;
    private final long maxSkillBytes;
    private final long maxTotalBytes;
    private final int maxSkills;
    private final int maxFrontMatterChars;
    private final int maxDepth;
    private final int pageSize;

    private SkillSettings(Builder b) {
        maxFilesPerSkill = b.maxFilesPerSkill;
        maxSkillBytes = b.maxSkillBytes;
        maxTotalBytes = b.maxTotalBytes;
        maxSkills = b.maxSkills;
        maxFrontMatterChars = b.maxFrontMatterChars;
        maxDepth = b.maxDepth;
        pageSize = b.pageSize;
    }

    /** @return the defaults */
    public static SkillSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().maxFilesPerSkill(maxFilesPerSkill).maxSkillBytes(maxSkillBytes).maxTotalBytes(maxTotalBytes)
                .maxSkills(maxSkills).maxFrontMatterChars(maxFrontMatterChars).maxDepth(maxDepth).pageSize(pageSize);
    }

    /** @return the most files of one skill, {@code SKILL.md} included; a skill with more is refused. At least 1 */
    public int maxFilesPerSkill() {
        return maxFilesPerSkill;
    }

    /** @return the most bytes of one skill's files; a larger skill is refused. At least 1 */
    public long maxSkillBytes() {
        return maxSkillBytes;
    }

    /** @return the most bytes of all skills' files, held in memory; skills past it are refused. At least 1 */
    public long maxTotalBytes() {
        return maxTotalBytes;
    }

    /** @return the most skills in the folder; a folder with more is refused. At least 1 */
    public int maxSkills() {
        return maxSkills;
    }

    /** @return the most characters of a {@code SKILL.md}'s front matter; a longer one is refused. At least 1 */
    public int maxFrontMatterChars() {
        return maxFrontMatterChars;
    }

    /** @return the most folders deep below a skill's root; a deeper one is refused. At least 0 */
    public int maxDepth() {
        return maxDepth;
    }

    /** @return the most entries in one page of {@code skills/list}. At least 1 */
    public int pageSize() {
        return pageSize;
    }

    /** Builds {@link SkillSettings}; not thread-safe. */
    public static final class Builder {
        private int maxFilesPerSkill = DEFAULT_MAX_FILES_PER_SKILL;
        private long maxSkillBytes = DEFAULT_MAX_SKILL_BYTES;
        private long maxTotalBytes = DEFAULT_MAX_TOTAL_BYTES;
        private int maxSkills = DEFAULT_MAX_SKILLS;
        private int maxFrontMatterChars = DEFAULT_MAX_FRONT_MATTER_CHARS;
        private int maxDepth = DEFAULT_MAX_DEPTH;
        private int pageSize = DEFAULT_PAGE_SIZE;

        private Builder() {
        }

        /** @param value see {@link SkillSettings#maxFilesPerSkill()} @return this */
        public Builder maxFilesPerSkill(int value) {
            maxFilesPerSkill = atLeast("maxFilesPerSkill", value, 1);
            return this;
        }

        /** @param value see {@link SkillSettings#maxSkillBytes()} @return this */
        public Builder maxSkillBytes(long value) {
            maxSkillBytes = atLeast("maxSkillBytes", value, 1);
            return this;
        }

        /** @param value see {@link SkillSettings#maxTotalBytes()} @return this */
        public Builder maxTotalBytes(long value) {
            maxTotalBytes = atLeast("maxTotalBytes", value, 1);
            return this;
        }

        /** @param value see {@link SkillSettings#maxSkills()} @return this */
        public Builder maxSkills(int value) {
            maxSkills = atLeast("maxSkills", value, 1);
            return this;
        }

        /** @param value see {@link SkillSettings#maxFrontMatterChars()} @return this */
        public Builder maxFrontMatterChars(int value) {
            maxFrontMatterChars = atLeast("maxFrontMatterChars", value, 1);
            return this;
        }

        /** @param value see {@link SkillSettings#maxDepth()} @return this */
        public Builder maxDepth(int value) {
            maxDepth = atLeast("maxDepth", value, 0);
            return this;
        }

        /** @param value see {@link SkillSettings#pageSize()} @return this */
        public Builder pageSize(int value) {
            pageSize = atLeast("pageSize", value, 1);
            return this;
        }

        /** @return the settings */
        public SkillSettings build() {
            return new SkillSettings(this);
        }

        private static int atLeast(String name, int value, int min) {
            return (int) atLeast(name, (long) value, min);
        }

        private static long atLeast(String name, long value, long min) {
            if (value < min) {
                throw new IllegalArgumentException(name + " must be >= " + min + ", was " + value);
            }
            return value;
        }
    }
}
