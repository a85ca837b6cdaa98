/**
 * The Skills extension of MCP (SEP-2640, {@code io.modelcontextprotocol/skills}), both sides.
 *
 * <p>{@link dev.jmcp.skills.SkillFolder} serves a folder of Agent Skills (each a folder with a
 * {@code SKILL.md} whose YAML front matter names and describes it): every file as a resource
 * {@code skill://NAME/PATH}, {@code skills/list} and {@code skills/get} with each file's digest
 * and size, and the extension declared with {@code directoryRead: true} (core answers
 * {@code resources/directory/read}). {@link dev.jmcp.skills.ClientSkills} lists and gets skills
 * and reads their files with the digests, sizes and front matter verified.
 *
 * <p>Knobs: the module reads no system property; its limits are {@link dev.jmcp.skills.SkillSettings}.
 * Logging goes through {@code System.Logger} under {@code dev.jmcp.skills.*}.
 */
module dev.jmcp.skills {
    requires transitive dev.jmcp.core;
    requires org.snakeyaml.engine;

    exports dev.jmcp.skills;
}
