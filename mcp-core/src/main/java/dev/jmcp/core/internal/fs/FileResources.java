package dev.jmcp.core.internal.fs;

import dev.jmcp.core.providers.MimeTypes;
import dev.jmcp.core.providers.TreeNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Iterator;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Describes files and folders under a root as the tree nodes of the file-system provider, and
 * lists folders. Thread-safe.
 */
public final class FileResources {
    /** The name of the root of the file system, which has no file name and whose path holds {@code /}. */
    private static final String FILE_SYSTEM_ROOT = "root";

    private final SafePaths paths;
    private final FolderListings listings;
    private final Stat stat;

    /**
     * @param paths          the root the resources lie under
     * @param maxCachedNames the most names of listed folders kept sorted between pages; 0 for none
     */
    public FileResources(SafePaths paths, long maxCachedNames) {
        this(paths, maxCachedNames, path -> Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
    }

    /** @param stat reads a listed entry's attributes: a seam for the test that counts what a page stats */
    FileResources(SafePaths paths, long maxCachedNames, Stat stat) {
        this.paths = paths;
        this.listings = new FolderListings(maxCachedNames);
        this.stat = stat;
    }

    /** Reads the attributes of a path without following a link. */
    @FunctionalInterface
    interface Stat {
        BasicFileAttributes read(Path path) throws IOException;
    }

    /**
     * Lists the first {@code limit} of a folder's entries whose names sort after {@code after}, in
     * name order, leaving out symbolic links that are broken or lead outside the root, special
     * files, names whose URI would be refused (holding {@code \}), and what {@link Exclusions} leaves out. An entry is found again by its
     * name as a string, so a name that the platform's file-name encoding cannot turn back into the
     * same bytes is left out too: no URI could read it. The folder's names are read once (or come
     * sorted from {@link FolderListings} while the folder is unchanged), and only the entries the
     * stream reaches are stat-ed and described, so that a page costs at most a pass over the names
     * and the page's own entries. {@code after} is only compared with names, never looked up.
     *
     * @param folder a folder under the root, as a URI names it
     * @param uri    the folder's URI, for the error that says why it cannot be listed
     * @param after  the name of the last entry of the page before; null for the first page
     * @param limit  the most entries the caller takes, at least 1
     * @return those entries; fewer only when there are no more; empty when the folder is gone
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32603} with {@code data.uri} and
     *         {@code data.reason} when the folder is there but cannot be listed (permission denied),
     *         as for a file that cannot be read
     */
    public Stream<TreeNode> listAfter(Path folder, String uri, String after, int limit) {
        Iterator<String> names;
        try {
            names = listings.namesAfter(folder, after, limit);
        } catch (NoSuchFileException e) {
            return Stream.empty();
        } catch (IOException e) {
            throw OpenedFile.unreadable(uri, e);
        }
        Exclusions.Folder judge = paths.exclusions().folder(folder);
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(names, Spliterator.ORDERED | Spliterator.NONNULL),
                        false)
                .map(name -> listable(folder, name, judge)).flatMap(Optional::stream).limit(limit)
                .map(entry -> node(entry.name(), entry.real(), entry.attributes()));
    }

    /** A listed entry whose attributes are known: a folder or a regular file inside the root. */
    private record Listable(String name, Path real, BasicFileAttributes attributes) {
    }

    /**
     * Stats the entry once, and its target too when it is a link that stays inside the root; leaves
     * it out when it, or a link's target, is excluded ({@link Exclusions}).
     */
    private Optional<Listable> listable(Path folder, String name, Exclusions.Folder judge) {
        Path path = folder.resolve(name);
        Path real = path;
        BasicFileAttributes attributes;
        try {
            attributes = stat.read(path);
            if (attributes.isSymbolicLink()) {
                real = path.toRealPath();
                if (!paths.isInside(real)) {
                    return Optional.empty();
                }
                attributes = stat.read(real);
            }
        } catch (IOException brokenOrGone) {
            return Optional.empty();
        }
        if (!attributes.isDirectory() && !attributes.isRegularFile()) {
            return Optional.empty();
        }
        if (judge.excludes(name, attributes.isDirectory())
                || real != path && paths.exclusions().excludes(real, attributes.isDirectory())) {
            return Optional.empty();
        }
        return Optional.of(new Listable(name, real, attributes));
    }

    /**
     * Describes a folder or a regular file from its attributes; a file whose extension says nothing
     * about its type also has its first {@value MimeTypes#SNIFF_BYTES} bytes read.
     *
     * @param found a path that passed the checks: its path gives the name, the attributes read then the rest
     * @return the node; empty when what is there is neither a folder nor a
     *         regular file (a pipe or a device could block a read forever)
     */
    public Optional<TreeNode> node(SafePaths.Resolved found) {
        BasicFileAttributes attributes = found.attributes();
        if (!attributes.isDirectory() && !attributes.isRegularFile()) {
            return Optional.empty();
        }
        return Optional.of(node(name(found.path()), found.real(), attributes));
    }

    /** Describes a folder or a regular file whose attributes were read already; {@code name} is its file name. */
    private static TreeNode node(String name, Path real, BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return TreeNode.folder(name).withLastModified(attributes.lastModifiedTime().toInstant());
        }
        TreeNode file = TreeNode.file(name).withSize(attributes.size())
                .withLastModified(attributes.lastModifiedTime().toInstant());
        Optional<String> type = MimeTypes.byExtension(name).or(() -> sniff(real));
        return type.map(file::withMimeType).orElse(file);
    }

    /**
     * Describes a file that a read has open: its size and, when the name says nothing, its type
     * come from the open file, so they match the bytes that will be sent.
     *
     * @param path the path as the URI names it: gives the name
     */
    public TreeNode node(Path path, OpenedFile file) {
        String name = name(path);
        String type = MimeTypes.byExtension(name)
                .orElseGet(() -> MimeTypes.sniff(file.head(MimeTypes.SNIFF_BYTES), file.size() <= MimeTypes.SNIFF_BYTES));
        return TreeNode.file(name).withSize(file.size()).withLastModified(file.attributes().lastModifiedTime().toInstant())
                .withMimeType(type);
    }

    /** @return the type the first bytes show, read from the file opened as a read opens it; empty when it cannot be */
    private static Optional<String> sniff(Path real) {
        try (OpenedFile file = OpenedFile.open(real.toString(), real).orElse(null)) {
            return file == null ? Optional.empty()
                    : Optional.of(MimeTypes.sniff(file.head(MimeTypes.SNIFF_BYTES), file.size() <= MimeTypes.SNIFF_BYTES));
        } catch (RuntimeException unreadable) {
            return Optional.empty(); // a listing or metadata still describes a file it cannot read; a read says why
        }
    }

    private static String name(Path path) {
        Path fileName = path.getFileName();
        return fileName == null ? FILE_SYSTEM_ROOT : fileName.toString();
    }
}
