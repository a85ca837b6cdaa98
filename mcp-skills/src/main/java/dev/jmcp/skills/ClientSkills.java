package dev.jmcp.skills;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.Experimental;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadDirectoryRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import dev.jmcp.skills.internal.Digests;
import dev.jmcp.skills.internal.FrontMatter;
import dev.jmcp.skills.internal.SkillsHandlers;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The client's side of the Skills extension (SEP-2640) over a connected {@link McpClient}: lists and
 * gets skills' entries, loads a skill's {@code SKILL.md} and reads its files, each checked against
 * the entry as a host must: the bytes against the digest and size, the front matter against the
 * entry's, and only files the entry lists. Nothing is read ahead of a call: listing reads no file.
 * Thread-safe as the client is.
 *
 * @since 0.1
 */
@Experimental
public final class ClientSkills {
    /** The default front matter bound when loading, as a server's default. */
    private static final int MAX_FRONT_MATTER_CHARS = SkillSettings.DEFAULT_MAX_FRONT_MATTER_CHARS;

    private final McpClient client;

    private ClientSkills(McpClient client) {
        this.client = client;
    }

    /** @param client a connected client @return its skills view */
    public static ClientSkills of(McpClient client) {
        return new ClientSkills(Objects.requireNonNull(client, "client"));
    }

    /** @return true when the server declares {@code io.modelcontextprotocol/skills} */
    public boolean offered() {
        ServerCapabilities capabilities = client.serverCapabilities();
        return capabilities != null && capabilities.extensions() != null
                && capabilities.extensions().containsKey(ReadDirectoryRequestParams.SKILLS_EXTENSION);
    }

    /** @return true when the server declares {@code directoryRead: true} (it answers {@code resources/directory/read}) */
    public boolean directoryRead() {
        return offered() && client.serverCapabilities().extensions().get(ReadDirectoryRequestParams.SKILLS_EXTENSION)
                .get(ReadDirectoryRequestParams.DIRECTORY_READ) == JsonValue.TRUE;
    }

    /**
     * @param cursor the cursor of the page before; null for the first
     * @return one page of {@code skills/list}
     * @throws McpException when the server does not offer skills (no request is sent), or answers with an error
     * @throws SkillVerificationException when an entry breaks the extension's rules
     */
    public SkillPage list(String cursor) {
        var params = JsonRuntime.provider().createObjectBuilder();
        if (cursor != null) {
            params.add("cursor", cursor);
        }
        JsonObject result = call(SkillsHandlers.LIST, params.build());
        if (!(result.get("skills") instanceof JsonArray skills)) {
            throw new SkillVerificationException("skills/list answered without a skills list");
        }
        List<SkillEntry> entries = new ArrayList<>(skills.size());
        for (JsonValue skill : skills) {
            if (!(skill instanceof JsonObject entry)) {
                throw new SkillVerificationException("skills/list answered with an entry that is not an object");
            }
            entries.add(SkillEntry.fromJson(entry));
        }
        String next = result.get("nextCursor") instanceof JsonString text && !text.getString().isEmpty()
                ? text.getString() : null;
        return new SkillPage(entries, next);
    }

    /**
     * @param maxPages the most pages fetched; at least 1
     * @return every entry, page after page
     * @throws McpException when the listing goes on past {@code maxPages}
     */
    public List<SkillEntry> listAll(int maxPages) {
        if (maxPages < 1) {
            throw new IllegalArgumentException("maxPages must be >= 1, was " + maxPages);
        }
        List<SkillEntry> all = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < maxPages; page++) {
            SkillPage skills = list(cursor);
            all.addAll(skills.skills());
            cursor = skills.nextCursor();
            if (cursor == null) {
                return all;
            }
        }
        throw new McpException("skills/list went on past maxPages=" + maxPages + " pages");
    }

    /**
     * @param uri the URI of a skill's {@code SKILL.md}
     * @return its entry ({@code skills/get})
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} when the server serves no skill there
     * @throws SkillVerificationException when the entry breaks the rules, or is not the one asked for
     */
    public SkillEntry get(String uri) {
        JsonObject result = call(SkillsHandlers.GET, JsonRuntime.provider().createObjectBuilder()
                .add("uri", Objects.requireNonNull(uri, "uri")).build());
        if (!(result.get("skill") instanceof JsonObject skill)) {
            throw new SkillVerificationException("skills/get answered without a skill for " + uri);
        }
        SkillEntry entry = SkillEntry.fromJson(skill);
        if (!entry.uri().equals(uri)) {
            throw new SkillVerificationException("skills/get of " + uri + " answered with the skill " + entry.uri());
        }
        return entry;
    }

    /**
     * Loads a skill: reads its {@code SKILL.md}, verifies it against the entry (digest and size,
     * unless the skill is dynamic) and compares its front matter with the entry's, field by field.
     *
     * @param skill the entry held
     * @return the verified text of {@code SKILL.md}
     * @throws SkillVerificationException on any difference; the text must then not be used
     */
    public String load(SkillEntry skill) {
        byte[] bytes = skill.isDynamic() ? readBytes(skill.uri()) : read(skill, skill.uri());
        String text = new String(bytes, StandardCharsets.UTF_8);
        JsonObject frontmatter;
        try {
            frontmatter = FrontMatter.parse(text, MAX_FRONT_MATTER_CHARS);
        } catch (IllegalArgumentException e) {
            throw new SkillVerificationException(skill.uri() + ": " + e.getMessage());
        }
        if (!FrontMatter.same(frontmatter, skill.frontmatter())) {
            throw new SkillVerificationException(skill.uri() + ": its front matter differs from the entry's: "
                    + frontmatter + " is not " + skill.frontmatter());
        }
        return text;
    }

    /**
     * Reads one file of a skill and verifies it against the entry.
     *
     * @param skill   the entry held
     * @param fileUri a file the entry lists
     * @return its bytes, verified
     * @throws SkillVerificationException when the entry does not list it (or is dynamic: nothing to
     *         verify against; read such a file as a resource), or its size or digest differ
     */
    public byte[] read(SkillEntry skill, String fileUri) {
        SkillFile file = skill.file(fileUri).orElseThrow(() -> new SkillVerificationException(skill.isDynamic()
                ? skill.uri() + " is dynamic: it lists no digests to verify " + fileUri + " against"
                : fileUri + " is not a file of " + skill.uri() + " (its entry does not list it)"));
        byte[] bytes = readBytes(fileUri);
        if (bytes.length != file.size()) {
            throw new SkillVerificationException(fileUri + ": read " + bytes.length + " bytes, the entry says "
                    + file.size());
        }
        String digest = Digests.sha256(bytes);
        if (!digest.equals(file.digest())) {
            throw new SkillVerificationException(fileUri + ": its digest is " + digest + ", the entry says " + file.digest());
        }
        return bytes;
    }

    private byte[] readBytes(String uri) {
        ReadResourceResult result = client.resources().read(uri);
        for (ResourceContents contents : result.contents()) {
            if (contents.resource().uri().equals(uri)) {
                if (contents instanceof TextResourceContents text) {
                    return text.text().getBytes(StandardCharsets.UTF_8);
                }
                if (contents instanceof StreamedTextResourceContents text) {
                    return text.utf8().toByteArray(); // over an in-memory transport, the server's record itself
                }
                return ((BlobResourceContents) contents).blob().toByteArray();
            }
        }
        throw new SkillVerificationException("the read of " + uri + " returned no contents for it");
    }

    private JsonObject call(String method, JsonObject params) {
        if (!offered()) {
            throw new McpException("the server does not offer skills: it does not declare the extension "
                    + ReadDirectoryRequestParams.SKILLS_EXTENSION);
        }
        CompletableFuture<JsonObject> answer = client.session().sendRequest(method, params, JsonObject.class,
                RequestOptions.defaults());
        try {
            return answer.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new McpException(method + " failed: " + cause, cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer.cancel(true);
            throw new McpException(method + " was interrupted", e);
        }
    }
}
