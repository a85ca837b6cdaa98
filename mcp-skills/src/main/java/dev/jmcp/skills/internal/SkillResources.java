package dev.jmcp.skills.internal;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.providers.MimeTypes;
import dev.jmcp.core.providers.UriPaths;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.skills.SkillEntry;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The skills' files as resources: each skill a top-level collection {@code skill://NAME} (a
 * directory), its folders collections ({@code inode/directory}) and its files leaves, served from
 * the bytes the entry's digests were computed from. {@code SKILL.md} is {@code text/markdown} with
 * the front matter's name and description; another file is text when its type is textual and its
 * bytes are UTF-8, else a blob.
 */
public final class SkillResources {
    private SkillResources() {
    }

    /** @return a provider with id {@code id} that serves {@code skills} */
    public static InMemoryResourceProvider of(String id, List<ScannedSkill> skills) {
        InMemoryResourceProvider provider = InMemoryResourceProvider.create(id);
        for (ScannedSkill skill : skills) {
            SkillEntry entry = skill.entry();
            String directory = entry.directory();
            provider.addCollection(Resource.builder(directory, entry.name()).description(entry.description())
                    .mimeType(MimeTypes.DIRECTORY).build());
            for (List<String> folder : skill.folders()) {
                provider.addCollection(UriPaths.join(directory, folder.subList(0, folder.size() - 1)),
                        Resource.builder(UriPaths.join(directory, folder), folder.get(folder.size() - 1))
                                .mimeType(MimeTypes.DIRECTORY).build());
            }
            for (ScannedSkill.File file : skill.files()) {
                add(provider, directory, entry, file);
            }
        }
        return provider;
    }

    private static void add(InMemoryResourceProvider provider, String directory, SkillEntry entry, ScannedSkill.File file) {
        List<String> path = file.path();
        String uri = UriPaths.join(directory, path);
        String parent = UriPaths.join(directory, path.subList(0, path.size() - 1));
        String name = path.get(path.size() - 1);
        byte[] bytes = file.bytes();
        Resource.Builder resource = Resource.builder(uri, name).isCollection(false).size((long) bytes.length);
        if (path.equals(List.of(SkillEntry.MANIFEST))) {
            provider.addText(parent, resource.name(entry.name()).description(entry.description()).mimeType("text/markdown")
                    .build(), MimeTypes.utf8(bytes).orElseThrow());
            return;
        }
        String mimeType = MimeTypes.byExtension(name).orElseGet(() ->
                MimeTypes.sniff(Arrays.copyOf(bytes, Math.min(bytes.length, MimeTypes.SNIFF_BYTES)),
                        bytes.length <= MimeTypes.SNIFF_BYTES));
        resource.mimeType(mimeType);
        Optional<String> text = MimeTypes.isText(mimeType) ? MimeTypes.utf8(bytes) : Optional.empty();
        if (text.isPresent()) {
            provider.addText(parent, resource.build(), text.get());
        } else {
            provider.addBlob(parent, resource.build(), Blob.of(bytes));
        }
    }
}
