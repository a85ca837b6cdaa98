package dev.jmcp.skills.internal;

import dev.jmcp.core.providers.UriPaths;
import dev.jmcp.skills.RefusedSkill;
import dev.jmcp.skills.SkillEntry;
import dev.jmcp.skills.SkillFile;
import dev.jmcp.skills.SkillFolder;
import dev.jmcp.skills.SkillSettings;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads a folder of skills: the folder itself when it holds a {@code SKILL.md}, else each folder in
 * it. A skill is read whole (files and folders, never through a link) and checked against
 * SEP-2640 and the limits of {@link SkillSettings}; one that fails is refused with a reason, and
 * the others are still served.
 */
public final class SkillScanner {
    /** The Agent Skills naming rule: 1-64 of a-z, 0-9 and '-', no leading, trailing or double '-'. */
    static final Pattern NAME = Pattern.compile("(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?");

    private final SkillSettings settings;
    private long totalBytes;

    private SkillScanner(SkillSettings settings) {
        this.settings = settings;
    }

    /**
     * @param dir      the folder of skills, or of one skill
     * @param settings the limits
     * @param served   receives the skills served, by name
     * @param refused  receives the folders refused, by name
     * @throws IllegalArgumentException when {@code dir} is not a readable folder, or holds more
     *         than {@link SkillSettings#maxSkills()} folders
     */
    public static void scan(Path dir, SkillSettings settings, List<ScannedSkill> served, List<RefusedSkill> refused) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + " is not a folder");
        }
        SkillScanner scanner = new SkillScanner(settings);
        for (Path folder : candidates(dir, settings)) {
            String name = String.valueOf(folder.getFileName());
            try {
                ScannedSkill skill = scanner.skill(folder, name);
                served.add(skill);
            } catch (Refusal refusal) {
                refused.add(new RefusedSkill(name, folder, refusal.getMessage()));
            }
        }
    }

    private static List<Path> candidates(Path dir, SkillSettings settings) {
        if (Files.exists(dir.resolve(SkillEntry.MANIFEST), LinkOption.NOFOLLOW_LINKS)) {
            return List.of(dir.toAbsolutePath().normalize());
        }
        List<Path> folders = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                if (Files.isDirectory(entry) && !entry.getFileName().toString().startsWith(".")) {
                    if (folders.size() == settings.maxSkills()) {
                        throw new IllegalArgumentException(dir + " holds more than maxSkills=" + settings.maxSkills()
                                + " folders of skills");
                    }
                    folders.add(entry);
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(dir + " cannot be read: " + e.getMessage(), e);
        }
        folders.sort(Comparator.comparing(p -> p.getFileName().toString()));
        return folders;
    }

    private ScannedSkill skill(Path folder, String name) {
        if (Files.isSymbolicLink(folder)) {
            throw new Refusal("the folder is a symbolic link, which could lead out of the folder of skills");
        }
        if (!Files.isRegularFile(folder.resolve(SkillEntry.MANIFEST), LinkOption.NOFOLLOW_LINKS)) {
            throw new Refusal("it has no " + SkillEntry.MANIFEST + " (a skill is a folder with a SKILL.md at its root)");
        }
        List<List<String>> folders = new ArrayList<>();
        List<ScannedSkill.File> files = new ArrayList<>();
        walk(folder, folders, files);
        long bytes = files.stream().mapToLong(f -> f.bytes().length).sum();
        if (totalBytes + bytes > settings.maxTotalBytes()) {
            throw new Refusal("its " + bytes + " bytes would take the skills served past maxTotalBytes="
                    + settings.maxTotalBytes());
        }
        files.sort(Comparator.comparing((ScannedSkill.File f) -> !f.path().equals(List.of(SkillEntry.MANIFEST)))
                .thenComparing(f -> String.join("/", f.path())));
        JsonObject frontmatter = frontmatter(files.get(0).bytes(), name);
        String directory = SkillFolder.SCHEME + name;
        List<SkillFile> listed = files.stream().map(f -> new SkillFile(UriPaths.join(directory, f.path()),
                Digests.sha256(f.bytes()), f.bytes().length)).toList();
        totalBytes += bytes;
        return new ScannedSkill(new SkillEntry(directory + "/" + SkillEntry.MANIFEST, frontmatter, listed), folders, files);
    }

    private JsonObject frontmatter(byte[] manifest, String folderName) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(manifest)).toString();
        } catch (CharacterCodingException e) {
            throw new Refusal(SkillEntry.MANIFEST + " is not UTF-8 text");
        }
        JsonObject frontmatter;
        try {
            frontmatter = FrontMatter.parse(text, settings.maxFrontMatterChars());
        } catch (IllegalArgumentException e) {
            throw new Refusal(e.getMessage());
        }
        if (!(frontmatter.get("name") instanceof JsonString nameValue) || nameValue.getString().isEmpty()) {
            throw new Refusal("its front matter has no name (SEP-2640 and Agent Skills require name and description)");
        }
        if (!(frontmatter.get("description") instanceof JsonString description) || description.getString().isBlank()) {
            throw new Refusal("its front matter has no description (SEP-2640 and Agent Skills require name and description)");
        }
        String name = nameValue.getString();
        if (!name.equals(folderName)) {
            throw new Refusal("its front matter names it '" + name + "', which differs from its folder's name '"
                    + folderName + "' (a skill's name is its folder's name, the last segment of its URI)");
        }
        if (!NAME.matcher(name).matches()) {
            throw new Refusal("its name '" + name + "' breaks the Agent Skills naming rule: 1 to 64 of a-z, 0-9 and"
                    + " '-', not starting or ending with '-', no '--'");
        }
        return frontmatter;
    }

    private void walk(Path root, List<List<String>> folders, List<ScannedSkill.File> files) {
        try {
            Files.walkFileTree(root, EnumSet.noneOf(java.nio.file.FileVisitOption.class), settings.maxDepth() + 1,
                    new SimpleFileVisitor<>() {
                        private long bytes;

                        @Override
                        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                            if (!dir.equals(root)) {
                                folders.add(path(root, dir));
                            }
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                            String where = root.relativize(file).toString();
                            if (attrs.isSymbolicLink()) {
                                throw new Refusal(where + " is a symbolic link, which a skill may not hold (it could"
                                        + " lead out of the skill)");
                            }
                            if (attrs.isDirectory()) {
                                throw new Refusal(where + " is more than maxDepth=" + settings.maxDepth()
                                        + " folders deep");
                            }
                            if (!attrs.isRegularFile()) {
                                throw new Refusal(where + " is not a regular file");
                            }
                            if (files.size() == settings.maxFilesPerSkill()) {
                                throw new Refusal("it has more than maxFilesPerSkill=" + settings.maxFilesPerSkill()
                                        + " files (SEP-2640: hosts need not accept more than 512)");
                            }
                            bytes += attrs.size();
                            if (bytes > settings.maxSkillBytes()) {
                                throw new Refusal("its files exceed maxSkillBytes=" + settings.maxSkillBytes()
                                        + " bytes (SEP-2640: hosts need not accept more than 16 MiB)");
                            }
                            files.add(new ScannedSkill.File(path(root, file), read(file, attrs.size(), where)));
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path file, IOException e) {
                            throw new Refusal(root.relativize(file) + " cannot be read: " + e.getMessage());
                        }
                    });
        } catch (IOException e) {
            throw new Refusal("it cannot be read: " + e.getMessage());
        }
    }

    private static List<String> path(Path root, Path inside) {
        List<String> names = new ArrayList<>();
        for (Path name : root.relativize(inside)) {
            String segment = name.toString();
            if (!UriPaths.isSegment(segment)) {
                throw new Refusal("the name '" + segment + "' cannot be a segment of a URI");
            }
            names.add(segment);
        }
        return names;
    }

    /** Reads exactly the size it was listed with, without following a link swapped in since. */
    private static byte[] read(Path file, long size, String where) throws IOException {
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes((int) size);
            if (bytes.length != size || in.read() >= 0) {
                throw new Refusal(where + " changed while it was read");
            }
            return bytes;
        }
    }

    /** Why a folder is not served. */
    private static final class Refusal extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refusal(String reason) {
            super(reason, null, false, false);
        }
    }
}
