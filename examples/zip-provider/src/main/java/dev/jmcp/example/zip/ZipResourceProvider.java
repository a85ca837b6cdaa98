package dev.jmcp.example.zip;

import dev.jmcp.core.providers.MimeTypes;
import dev.jmcp.core.providers.ResourceErrors;
import dev.jmcp.core.providers.TreeNode;
import dev.jmcp.core.providers.TreePath;
import dev.jmcp.core.providers.TreeResourceProvider;
import dev.jmcp.core.providers.UriPaths;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The entries of a ZIP or JAR archive as resources: its folders (listed, or implied by entry names)
 * are collections, its root is the root collection, an entry's CRC-32 is its version. The archive is
 * opened once, its names indexed, its entries read as they are sent; {@link #close()} closes it.
 */
class ZipResourceProvider extends TreeResourceProvider {
    private static final int MAX_TEXT_BYTES = 1 << 20; // larger text, and text that is not UTF-8, goes as a blob

    private final ZipFile zip;
    private final TreeNode root;
    /** Each folder's entries, sorted by name, by the folder's path: "a/b"; "" is the root. */
    private final Map<String, NavigableMap<String, TreeNode>> folders = new HashMap<>(Map.of("", new TreeMap<>()));

    /** @throws IOException when {@code archive} cannot be opened as a ZIP archive */
    ZipResourceProvider(String id, String rootUri, Path archive) throws IOException {
        super(id, rootUri);
        root = TreeNode.folder(archive.getFileName().toString());
        zip = new ZipFile(archive.toFile()); // names are read as UTF-8
        zip.stream().forEach(this::index);
    }

    private void index(ZipEntry entry) {
        String[] names = entry.getName().split("/"); // "a/b/" is [a, b]
        if (!Stream.of(names).allMatch(UriPaths::isSegment)) {
            return; // "/a", "a//b", "../a": a name no URI of this tree spells, left out as unzip leaves it
        }
        String parent = "";
        for (int i = 0; i < names.length; i++) {
            String path = parent.isEmpty() ? names[i] : parent + "/" + names[i];
            boolean last = i == names.length - 1;
            if (last && !entry.isDirectory()) {
                if (!folders.containsKey(path)) { // a folder wins over a file of the same name
                    folders.get(parent).put(names[i], withTime(TreeNode.file(names[i]).withSize(entry.getSize())
                            .withVersion(String.format("crc32-%08x", entry.getCrc())), entry));
                }
            } else if (folders.putIfAbsent(path, new TreeMap<>()) == null || last) { // implied, or listed with a time
                folders.get(parent).put(names[i], last ? withTime(TreeNode.folder(names[i]), entry) : TreeNode.folder(names[i]));
            }
            parent = path;
        }
    }

    private static TreeNode withTime(TreeNode node, ZipEntry entry) {
        return entry.getLastModifiedTime() == null ? node : node.withLastModified(entry.getLastModifiedTime().toInstant());
    }

    @Override
    protected Optional<TreeNode> lookup(TreePath path, Caller caller) {
        return path.isRoot() ? Optional.of(root) : Optional.ofNullable(folders.get(path.parent().orElseThrow().toString()))
                .map(siblings -> siblings.get(path.name().orElseThrow()));
    }

    @Override
    protected Stream<TreeNode> children(TreePath folder, Optional<String> after, int limit, Caller caller) {
        NavigableMap<String, TreeNode> entries = folders.get(folder.toString()); // the archive does not change
        return after.map(name -> entries.tailMap(name, false)).orElse(entries).values().stream();
    }

    @Override
    protected List<ResourceContents> open(TreePath path, Resource resource, ReadContext context) {
        ZipEntry entry = zip.getEntry(path.toString()); // a file's path is its entry's name
        if (MimeTypes.isText(resource.mimeType()) && entry.getSize() <= MAX_TEXT_BYTES) {
            try (InputStream in = zip.getInputStream(entry)) {
                byte[] bytes = in.readAllBytes(); // sent as text only when it is UTF-8
                return List.of(MimeTypes.utf8(bytes).<ResourceContents>map(text -> new TextResourceContents(resource, text))
                        .orElseGet(() -> new BlobResourceContents(resource, Blob.of(bytes))));
            } catch (IOException e) {
                throw ResourceErrors.unreadable(resource.uri(), String.valueOf(e.getMessage()), e);
            }
        }
        return List.of(new BlobResourceContents(resource, Blob.ofStream(() -> zip.getInputStream(entry), entry.getSize())));
    }

    @Override
    public void close() {
        try {
            zip.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
