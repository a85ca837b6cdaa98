package dev.jmcp.core.internal.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The names of the folders a provider lists, sorted once and kept while the folder stays the same,
 * so that the pages of a big folder read it once rather than once a page. Each page stats the
 * folder: a snapshot serves it only while the folder's file key (device and inode) and
 * modification time are those the snapshot was read under. Adding, removing or renaming an entry
 * sets the folder's modification time to the current time, so a snapshot is kept only when that
 * time was at least {@link #SETTLED} in the past when the names were read: a change in the same
 * clock tick as the read (file systems stamp times coarsely, some to the second or two) would not
 * change it again. The snapshots hold at most {@code maxNames} names in all, the least recently
 * used going first; a folder with more is read for every page. Thread-safe.
 */
final class FolderListings {
    /** How old a folder's modification time must be for its names to be kept: above FAT's 2 s granularity. */
    static final long SETTLED = 2_000;

    private final long maxNames;
    private final Map<Path, Snapshot> snapshots = new LinkedHashMap<>(16, 0.75f, true); // guarded by this
    private long held; // guarded by this

    /** @param maxNames the most names kept over all folders; 0 keeps none */
    FolderListings(long maxNames) {
        this.maxNames = maxNames;
    }

    /** A folder's names, sorted, and what the folder was when they were read. */
    private record Snapshot(Object fileKey, FileTime modified, String[] sorted) {
        boolean describes(BasicFileAttributes folder) {
            return fileKey.equals(folder.fileKey()) && modified.equals(folder.lastModifiedTime());
        }

        Iterator<String> after(String name) {
            int from = 0;
            if (name != null) {
                int at = Arrays.binarySearch(sorted, name);
                from = at >= 0 ? at + 1 : -at - 1; // just after the name, or where it would be
            }
            return Arrays.asList(sorted).subList(from, sorted.length).iterator();
        }
    }

    /**
     * @param folder a folder under the root
     * @param after  a name; only names after it are handed out. Null for all names
     * @param batch  the most names the caller expects to take
     * @return the folder's names after {@code after}, in {@link String#compareTo} order, leaving
     *         out names that hold {@code \}
     * @throws java.nio.file.NoSuchFileException when the folder is gone
     */
    Iterator<String> namesAfter(Path folder, String after, int batch) throws IOException {
        if (maxNames == 0) {
            return new FolderNames(FolderNames.read(folder), after, batch);
        }
        BasicFileAttributes attributes = Files.readAttributes(folder, BasicFileAttributes.class);
        Snapshot kept = kept(folder);
        if (kept != null && kept.describes(attributes)) {
            return kept.after(after);
        }
        List<String> names = FolderNames.read(folder);
        long settled = System.currentTimeMillis() - SETTLED;
        if (attributes.fileKey() == null || names.size() > maxNames
                || attributes.lastModifiedTime().toMillis() >= settled) {
            return new FolderNames(names, after, batch);
        }
        String[] sorted = names.toArray(String[]::new);
        Arrays.sort(sorted);
        Snapshot snapshot = new Snapshot(attributes.fileKey(), attributes.lastModifiedTime(), sorted);
        keep(folder, snapshot);
        return snapshot.after(after);
    }

    private synchronized Snapshot kept(Path folder) {
        return snapshots.get(folder);
    }

    private synchronized void keep(Path folder, Snapshot snapshot) {
        Snapshot old = snapshots.put(folder, snapshot);
        held += snapshot.sorted.length - (old == null ? 0 : old.sorted.length);
        for (Iterator<Snapshot> eldest = snapshots.values().iterator(); held > maxNames && eldest.hasNext(); ) {
            held -= eldest.next().sorted.length;
            eldest.remove();
        }
    }
}
