package dev.jmcp.skills;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.schema.Experimental;
import dev.jmcp.skills.internal.ScannedSkill;
import dev.jmcp.skills.internal.SkillResources;
import dev.jmcp.skills.internal.SkillScanner;
import dev.jmcp.skills.internal.SkillsHandlers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A folder of Agent Skills served by the Skills extension (SEP-2640): each folder in it with a
 * {@code SKILL.md} is a skill named by that file's front matter (which must equal the folder's
 * name), and every file of it a resource {@code skill://NAME/PATH}; a folder that itself holds a
 * {@code SKILL.md} is one skill. The folder is read once, when it is scanned: what is served, and
 * the digests {@code skills/list} gives, are that snapshot. A folder that breaks a rule or a limit
 * is not served; {@link #refused()} says why, and so does {@code skills/get} of its URI.
 *
 * <pre>{@code
 * SkillFolder skills = SkillFolder.scan(Path.of("skills"), SkillSettings.defaults());
 * McpServer server = skills.addTo(McpServer.builder()).build();
 * }</pre>
 *
 * @since 0.1
 */
@Experimental
public final class SkillFolder {
    /** The scheme of the skills' URIs, with its {@code //}. */
    public static final String SCHEME = "skill://";
    /** The id of the resource provider that serves the skills' files. */
    public static final String PROVIDER_ID = "skills";

    private final Path folder;
    private final SkillSettings settings;
    private final List<ScannedSkill> skills;
    private final List<RefusedSkill> refused;

    private SkillFolder(Path folder, SkillSettings settings, List<ScannedSkill> skills, List<RefusedSkill> refused) {
        this.folder = folder;
        this.settings = settings;
        this.skills = List.copyOf(skills);
        this.refused = List.copyOf(refused);
    }

    /**
     * Reads {@code folder} and every skill in it.
     *
     * @param folder   a folder of skills, or one skill's folder
     * @param settings the limits
     * @return the skills, and those refused
     * @throws IllegalArgumentException when it is not a readable folder, or holds more than
     *         {@link SkillSettings#maxSkills()} folders
     */
    public static SkillFolder scan(Path folder, SkillSettings settings) {
        Objects.requireNonNull(settings, "settings");
        List<ScannedSkill> served = new ArrayList<>();
        List<RefusedSkill> refused = new ArrayList<>();
        Path absolute = folder.toAbsolutePath().normalize();
        SkillScanner.scan(absolute, settings, served, refused);
        return new SkillFolder(absolute, settings, served, refused);
    }

    /** @return the folder, absolute */
    public Path folder() {
        return folder;
    }

    /** @return the entries of the skills served, by name */
    public List<SkillEntry> skills() {
        return skills.stream().map(ScannedSkill::entry).toList();
    }

    /** @return the folders not served as skills, and why */
    public List<RefusedSkill> refused() {
        return refused;
    }

    /** @return a new provider of the skills' files (a provider belongs to one server) */
    public ResourceProvider provider() {
        return SkillResources.of(PROVIDER_ID, skills);
    }

    /**
     * @return a new feature that declares {@code io.modelcontextprotocol/skills} with
     *         {@code directoryRead: true} and answers {@code skills/list} and {@code skills/get}
     */
    public ServerFeature feature() {
        return new SkillsHandlers(skills(), refused, settings.pageSize(), CacheHint.NONE);
    }

    /**
     * Adds the skills' {@link #provider()} and {@link #feature()} to a server being built.
     *
     * @param server the builder
     * @return it
     */
    public McpServer.Builder addTo(McpServer.Builder server) {
        return server.resourceProvider(provider()).feature(feature());
    }

    @Override
    public String toString() {
        return "skills of " + folder + ": " + skills.size() + " served, " + refused.size() + " refused";
    }
}
