package dev.jmcp.skills;

import dev.jmcp.schema.Experimental;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.skills.internal.Digests;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A skill's entry, as {@code skills/list} and {@code skills/get} give it (SEP-2640's {@code Skill}):
 * the URI of its {@code SKILL.md}, that file's front matter verbatim, and every file of the skill
 * with its digest and size, or none for a skill whose content is generated ({@code "dynamic"}).
 *
 * @param uri         the URI of the skill's {@code SKILL.md}, such as {@code skill://pdf-processing/SKILL.md}; never null
 * @param frontmatter the front matter of that {@code SKILL.md} as a JSON object, with at least
 *                    {@code name} and {@code description}; never null
 * @param files       every file of the skill, {@code SKILL.md} included; null when the skill is dynamic
 * @since 0.1
 */
@Experimental
public record SkillEntry(String uri, JsonObject frontmatter, List<SkillFile> files) {
    /** The file every skill has at its root. */
    public static final String MANIFEST = "SKILL.md";
    /** The value of {@code resources} for a skill that publishes no digests. */
    public static final String DYNAMIC = "dynamic";

    public SkillEntry {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(frontmatter, "frontmatter");
        files = files == null ? null : List.copyOf(files);
    }

    /** @return the front matter's {@code name}; empty when it has none that is a string */
    public String name() {
        return string("name");
    }

    /** @return the front matter's {@code description}; empty when it has none that is a string */
    public String description() {
        return string("description");
    }

    /** @return true when the skill publishes no file list ({@code "resources": "dynamic"}) */
    public boolean isDynamic() {
        return files == null;
    }

    /** @return the skill's directory: its URI without {@code /SKILL.md} */
    public String directory() {
        return uri.endsWith("/" + MANIFEST) ? uri.substring(0, uri.length() - MANIFEST.length() - 1) : uri;
    }

    /** @return the listed file at {@code fileUri}; empty when the entry does not list it */
    public Optional<SkillFile> file(String fileUri) {
        return files == null ? Optional.empty() : files.stream().filter(f -> f.uri().equals(fileUri)).findFirst();
    }

    private String string(String field) {
        JsonValue value = frontmatter.get(field);
        return value instanceof JsonString text ? text.getString() : "";
    }

    /** @return the entry on the wire: {@code {uri, frontmatter, resources}} */
    public JsonObject toJson() {
        var json = JsonRuntime.provider();
        var entry = json.createObjectBuilder().add("uri", uri).add("frontmatter", frontmatter);
        if (files == null) {
            return entry.add("resources", DYNAMIC).build();
        }
        JsonArrayBuilder resources = json.createArrayBuilder();
        files.forEach(f -> resources.add(json.createObjectBuilder().add("uri", f.uri()).add("digest", f.digest())
                .add("size", f.size())));
        return entry.add("resources", resources).build();
    }

    /**
     * Reads an entry a server sent, checking every rule of SEP-2640 that an entry alone can break.
     *
     * @param json the entry
     * @return it
     * @throws SkillVerificationException naming the rule broken: a missing field, a name that is not
     *         the URI's last segment, a file outside the skill, a digest not {@code sha256:HEX}, a
     *         file listed twice, {@code SKILL.md} not listed
     */
    public static SkillEntry fromJson(JsonObject json) {
        if (!(json.get("uri") instanceof JsonString uriValue)) {
            throw new SkillVerificationException("a skill entry has no uri");
        }
        String uri = uriValue.getString();
        if (!(json.get("frontmatter") instanceof JsonObject frontmatter)) {
            throw new SkillVerificationException(uri + ": the entry has no frontmatter object");
        }
        if (!uri.endsWith("/" + MANIFEST)) {
            throw new SkillVerificationException(uri + ": a skill's uri names its " + MANIFEST);
        }
        SkillEntry name = new SkillEntry(uri, frontmatter, null);
        String directory = name.directory();
        String last = directory.substring(directory.lastIndexOf('/') + 1);
        if (name.name().isEmpty() || name.description().isEmpty()) {
            throw new SkillVerificationException(uri + ": the front matter lacks a name or a description");
        }
        if (!last.equals(name.name())) {
            throw new SkillVerificationException(uri + ": the front matter's name '" + name.name()
                    + "' is not the last segment of the skill's path '" + last + "'");
        }
        JsonValue resources = json.get("resources");
        if (resources instanceof JsonString dynamic && dynamic.getString().equals(DYNAMIC)) {
            return name;
        }
        if (!(resources instanceof jakarta.json.JsonArray array)) {
            throw new SkillVerificationException(uri + ": resources is neither a list of files nor \"dynamic\"");
        }
        List<SkillFile> files = new ArrayList<>(array.size());
        Set<String> seen = new HashSet<>();
        for (JsonValue item : array) {
            if (!(item instanceof JsonObject file) || !(file.get("uri") instanceof JsonString fileUri)
                    || !(file.get("digest") instanceof JsonString digest) || !(file.get("size") instanceof JsonNumber size)
                    || !size.isIntegral() || size.longValue() < 0) {
                throw new SkillVerificationException(uri + ": a file of resources lacks a uri, a digest or a size");
            }
            String f = fileUri.getString();
            if (!f.equals(uri) && !f.startsWith(directory + "/")) {
                throw new SkillVerificationException(uri + ": the file " + f + " is outside the skill's directory");
            }
            if (!Digests.FORMAT.matcher(digest.getString()).matches()) {
                throw new SkillVerificationException(uri + ": the digest of " + f + " is not sha256:{64 lowercase hex}");
            }
            if (!seen.add(f)) {
                throw new SkillVerificationException(uri + ": resources lists " + f + " twice");
            }
            files.add(new SkillFile(f, digest.getString(), size.longValue()));
        }
        if (!seen.contains(uri)) {
            throw new SkillVerificationException(uri + ": resources does not list the skill's own " + MANIFEST);
        }
        return new SkillEntry(uri, frontmatter, files);
    }
}
