package dev.jmcp.skills;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.skills.internal.Digests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SkillFolderTest {
    @TempDir
    Path dir;

    @Test
    void aSkillIsItsFrontMatterAndEveryFileWithDigestAndSize() throws IOException {
        SkillTrees.skill(dir, "pdf-processing", "Extract PDF text");
        SkillTrees.write(dir.resolve("pdf-processing"), "references/FORMS.md", "# Forms\n");
        SkillTrees.write(dir.resolve("pdf-processing"), "scripts/extract.py", "print('x')\n");

        SkillFolder folder = SkillFolder.scan(dir, SkillSettings.defaults());

        assertEquals(List.of(), folder.refused());
        SkillEntry entry = folder.skills().get(0);
        assertEquals("skill://pdf-processing/SKILL.md", entry.uri());
        assertEquals("pdf-processing", entry.name());
        assertEquals("Extract PDF text", entry.description());
        assertEquals(List.of("skill://pdf-processing/SKILL.md", "skill://pdf-processing/references/FORMS.md",
                "skill://pdf-processing/scripts/extract.py"), entry.files().stream().map(SkillFile::uri).toList());
        byte[] forms = "# Forms\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(new SkillFile("skill://pdf-processing/references/FORMS.md", Digests.sha256(forms), forms.length),
                entry.files().get(1));
    }

    @Test
    void theWholeFrontMatterPassesOnAsJson() throws IOException {
        SkillTrees.write(dir.resolve("refunds"), "SKILL.md", "---\nname: refunds\ndescription: \"Refund: by policy\"\n"
                + "license: Apache-2.0\nmetadata:\n  version: \"2.1\"\n  tags: [a, b]\n  weight: 1.5\n  count: 3\n"
                + "  flag: true\n  nothing: null\n---\nbody\n");

        SkillEntry entry = SkillFolder.scan(dir, SkillSettings.defaults()).skills().get(0);

        assertEquals("{\"name\":\"refunds\",\"description\":\"Refund: by policy\",\"license\":\"Apache-2.0\","
                + "\"metadata\":{\"version\":\"2.1\",\"tags\":[\"a\",\"b\"],\"weight\":1.5,\"count\":3,\"flag\":true,"
                + "\"nothing\":null}}", entry.frontmatter().toString());
    }

    @Test
    void aFolderThatHoldsSkillMdIsOneSkill() throws IOException {
        Path one = SkillTrees.skill(dir, "solo", "One skill");

        SkillFolder folder = SkillFolder.scan(one, SkillSettings.defaults());

        assertEquals(List.of("skill://solo/SKILL.md"), folder.skills().stream().map(SkillEntry::uri).toList());
    }

    @Test
    void aSkillMdWithoutFrontMatterIsRefusedAndTheOthersAreServed() throws IOException {
        SkillTrees.write(dir.resolve("bare"), "SKILL.md", "# Just markdown\n");
        SkillTrees.skill(dir, "good", "Good");

        SkillFolder folder = SkillFolder.scan(dir, SkillSettings.defaults());

        assertEquals(List.of("good"), folder.skills().stream().map(SkillEntry::name).toList());
        assertEquals("bare", folder.refused().get(0).name());
        assertEquals("SKILL.md does not begin with YAML front matter (a line '---', the YAML, a line '---')",
                folder.refused().get(0).reason());
    }

    @Test
    void aNameThatDiffersFromItsFolderIsRefused() throws IOException {
        SkillTrees.write(dir.resolve("folder-name"), "SKILL.md", SkillTrees.manifest("other-name", "D"));

        RefusedSkill refused = SkillFolder.scan(dir, SkillSettings.defaults()).refused().get(0);

        assertTrue(refused.reason().contains("names it 'other-name', which differs from its folder's name 'folder-name'"),
                refused.reason());
    }

    @Test
    void badYamlAndMissingFieldsAreRefusedNamingWhy() throws IOException {
        SkillTrees.write(dir.resolve("broken"), "SKILL.md", "---\nname: broken\ndescription: [unclosed\n---\n");
        SkillTrees.write(dir.resolve("nodesc"), "SKILL.md", "---\nname: nodesc\n---\n");
        SkillTrees.write(dir.resolve("Upper"), "SKILL.md", SkillTrees.manifest("Upper", "D"));

        List<RefusedSkill> refused = SkillFolder.scan(dir, SkillSettings.defaults()).refused();

        assertEquals(List.of("Upper", "broken", "nodesc"), refused.stream().map(RefusedSkill::name).toList());
        assertTrue(refused.get(0).reason().contains("breaks the Agent Skills naming rule"), refused.get(0).reason());
        assertTrue(refused.get(1).reason().startsWith("its front matter is not valid YAML"), refused.get(1).reason());
        assertTrue(refused.get(2).reason().startsWith("its front matter has no description"), refused.get(2).reason());
    }

    @Test
    void aSymbolicLinkThatCouldLeadOutIsRefused() throws IOException {
        Path outside = Files.writeString(Files.createTempFile("outside", ".txt"), "secret");
        try {
            SkillTrees.skill(dir, "linked", "Links out");
            Files.createSymbolicLink(dir.resolve("linked/secret.txt"), outside);

            RefusedSkill refused = SkillFolder.scan(dir, SkillSettings.defaults()).refused().get(0);

            assertEquals("secret.txt is a symbolic link, which a skill may not hold (it could lead out of the skill)",
                    refused.reason());
        } finally {
            Files.delete(outside);
        }
    }

    @Test
    void aTenThousandEntrySkillIsRefusedNamingTheLimit() throws IOException {
        Path big = SkillTrees.skill(dir, "huge", "Too many files");
        for (int i = 0; i < 10_000; i++) {
            Files.writeString(big.resolve("f" + i + ".txt"), "x");
        }

        SkillFolder folder = SkillFolder.scan(dir, SkillSettings.defaults());

        assertEquals(List.of(), folder.skills());
        assertEquals("it has more than maxFilesPerSkill=512 files (SEP-2640: hosts need not accept more than 512)",
                folder.refused().get(0).reason());
    }

    @Test
    void aSkillPastItsByteLimitIsRefused() throws IOException {
        SkillTrees.skill(dir, "heavy", "Heavy");
        Files.write(dir.resolve("heavy/blob.bin"), new byte[2048]);

        SkillFolder folder = SkillFolder.scan(dir, SkillSettings.builder().maxSkillBytes(1024).build());

        assertTrue(folder.refused().get(0).reason().startsWith("its files exceed maxSkillBytes=1024"));
    }

    @Test
    void aFolderOfMoreSkillsThanMaxSkillsIsRefusedWhole() throws IOException {
        SkillTrees.skill(dir, "a", "A");
        SkillTrees.skill(dir, "b", "B");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SkillFolder.scan(dir, SkillSettings.builder().maxSkills(1).build()));

        assertTrue(e.getMessage().endsWith("holds more than maxSkills=1 folders of skills"), e.getMessage());
    }
}
