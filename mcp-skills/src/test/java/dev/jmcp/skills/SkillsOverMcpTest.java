package dev.jmcp.skills;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder of skills served by a real server and read by the client over the in-memory transport. */
class SkillsOverMcpTest {
    @TempDir
    Path dir;
    private McpServer server;
    private McpClient client;
    private ClientSkills skills;

    @BeforeEach
    void serve() throws IOException {
        SkillTrees.skill(dir, "alpha", "First");
        SkillTrees.write(dir.resolve("alpha"), "templates/invoice.md", "# Invoice\n");
        Files.write(dir.resolve("alpha/logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2});
        SkillTrees.skill(dir, "beta", "Second");
        SkillTrees.skill(dir, "gamma", "Third");
        SkillTrees.write(dir.resolve("renamed"), "SKILL.md", SkillTrees.manifest("not-renamed", "Mismatch"));
        server = SkillFolder.scan(dir, SkillSettings.builder().pageSize(2).build()).addTo(McpServer.builder().serverInfo("skills", "1")).build();
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        server.serve(pair.server());
        client = McpClient.connect(pair.client());
        skills = ClientSkills.of(client);
    }

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    @Test
    void theExtensionIsDeclaredWithDirectoryRead() {
        assertTrue(skills.offered());
        assertTrue(skills.directoryRead());
    }

    @Test
    void listingPagesThroughEverySkillWithoutReadingAFile() {
        SkillPage first = skills.list(null);

        assertEquals(List.of("alpha", "beta"), first.skills().stream().map(SkillEntry::name).toList());
        assertEquals(List.of("alpha", "beta", "gamma"), skills.listAll(5).stream().map(SkillEntry::name).toList());
        assertNull(skills.list(first.nextCursor()).nextCursor());
    }

    @Test
    void aBadCursorIsInvalidParams() {
        ProtocolException e = assertThrows(ProtocolException.class, () -> skills.list("bm90LWEtY3Vyc29y"));

        assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
        assertEquals("skills/list: params.cursor is not a cursor this server gave for skills/list", e.getMessage());
    }

    @Test
    void aSkillLoadsAndItsFilesReadVerified() {
        SkillEntry alpha = skills.get("skill://alpha/SKILL.md");

        assertEquals(SkillTrees.manifest("alpha", "First"), skills.load(alpha));
        assertEquals("# Invoice\n", new String(skills.read(alpha, "skill://alpha/templates/invoice.md")));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2}, skills.read(alpha, "skill://alpha/logo.png"));
    }

    @Test
    void aFileTheEntryDoesNotListIsNotRead() {
        SkillEntry alpha = skills.get("skill://alpha/SKILL.md");

        SkillVerificationException e = assertThrows(SkillVerificationException.class,
                () -> skills.read(alpha, "skill://beta/SKILL.md"));

        assertEquals("skill://beta/SKILL.md is not a file of skill://alpha/SKILL.md (its entry does not list it)",
                e.getMessage());
    }

    @Test
    void contentThatDiffersFromTheEntryFailsVerification() {
        SkillEntry alpha = skills.get("skill://alpha/SKILL.md");
        SkillFile manifest = alpha.files().get(0);
        SkillEntry stale = new SkillEntry(alpha.uri(), alpha.frontmatter(), List.of(new SkillFile(manifest.uri(),
                "sha256:" + "0".repeat(64), manifest.size())));
        SkillEntry otherFrontMatter = new SkillEntry(alpha.uri(), jakarta.json.Json.createObjectBuilder(alpha.frontmatter())
                .add("description", "Changed").build(), alpha.files());

        assertTrue(assertThrows(SkillVerificationException.class, () -> skills.load(stale)).getMessage()
                .startsWith("skill://alpha/SKILL.md: its digest is sha256:"));
        assertTrue(assertThrows(SkillVerificationException.class, () -> skills.load(otherFrontMatter)).getMessage()
                .startsWith("skill://alpha/SKILL.md: its front matter differs from the entry's"));
    }

    @Test
    void getAnswersInvalidParamsForWhatIsNotAServedSkill() {
        ProtocolException unknown = assertThrows(ProtocolException.class, () -> skills.get("skill://nope/SKILL.md"));
        ProtocolException refused = assertThrows(ProtocolException.class, () -> skills.get("skill://renamed/SKILL.md"));
        ProtocolException climbing = assertThrows(ProtocolException.class,
                () -> skills.get("skill://alpha/%2E%2E/beta/SKILL.md"));

        assertEquals(ErrorCodes.INVALID_PARAMS, unknown.code());
        assertEquals("no skill is served at skill://nope/SKILL.md", unknown.getMessage());
        assertEquals("skill://nope/SKILL.md", ((JsonString) ((JsonObject) unknown.data()).get("uri")).getString());
        assertTrue(refused.getMessage().startsWith("the skill at skill://renamed/SKILL.md is not served: its front matter"
                + " names it 'not-renamed', which differs"), refused.getMessage());
        assertEquals("params.uri has a '%2E%2E' segment, which climbs out of its folder; no skill's URI does",
                climbing.getMessage());
    }

    @Test
    void aSkillsFilesAreResourcesAndItsFoldersDirectories() {
        var children = client.resources().listAllChildren("skill://alpha", 5);

        assertEquals(List.of("skill://alpha/templates", "skill://alpha/SKILL.md", "skill://alpha/logo.png"),
                children.stream().map(r -> r.uri()).toList());
        assertEquals("inode/directory", children.get(0).mimeType());
        ProtocolException climbing = assertThrows(ProtocolException.class,
                () -> client.resources().read("skill://alpha/../beta/SKILL.md"));
        assertEquals(ErrorCodes.INVALID_PARAMS, climbing.code());
    }
}
