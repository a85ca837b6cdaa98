package dev.jmcp.core.internal.fs;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;

/**
 * The names in a folder that sort after a key, handed out in {@link String#compareTo} order a
 * batch at a time, for a folder whose sorted names are not cached. The folder is read once, names
 * only (no entry is stat-ed here); each batch is the smallest names left, chosen with a heap of the
 * batch's size, so that a page of a big folder costs one pass over its names and a sort of the
 * page's own, not a sort of the whole folder. {@link #read} leaves out names that hold {@code \},
 * which no URI of ours can name, and names that the platform's encoding could not decode (logged
 * at WARNING with the way out), which no URI could find again. Not thread-safe.
 */
final class FolderNames implements Iterator<String> {
    private static final System.Logger LOG = System.getLogger(FolderNames.class.getName());
    /** What the bytes of a file name that the platform's encoding cannot decode become (a name may also hold it). */
    private static final char UNDECODABLE = '\uFFFD';
    private final List<String> names; // every name after the key, in the folder's own order
    private final int batch;
    private final ArrayDeque<String> ready = new ArrayDeque<>();
    private String last; // the greatest name handed to ready so far; null before the first batch
    private boolean exhausted;

    /**
     * @param names the folder's names, in any order
     * @param after a name; only names after it are handed out. Null for all names
     * @param batch how many names to sort at a time: the most the caller expects to take, at least 1
     */
    FolderNames(List<String> names, String after, int batch) {
        if (after != null) {
            names.removeIf(name -> name.compareTo(after) <= 0);
        }
        this.names = names;
        this.batch = batch;
    }

    /**
     * @return the names in the folder, in its own order, without stat-ing anything
     * @throws java.nio.file.NoSuchFileException when the folder is gone
     */
    static List<String> read(Path folder) throws IOException {
        List<String> names = new ArrayList<>();
        int undecodable = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (name.indexOf(UNDECODABLE) >= 0 && !Files.exists(folder.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                    undecodable++; // its bytes were lost in the String: no URI could find the file again
                } else if (name.indexOf('\\') < 0) {
                    names.add(name);
                }
            }
        }
        if (undecodable > 0) {
            String encoding = System.getProperty("sun.jnu.encoding", "unknown");
            LOG.log(Level.WARNING, "{0} name(s) in {1} are not in the platform''s file-name encoding ({2}) and are"
                    + " not listed, since no URI could find them again{3}", undecodable, folder, encoding,
                    encoding.equalsIgnoreCase("UTF-8") ? ""
                            : "; run with a UTF-8 locale (LC_ALL=C.UTF-8) to list them");
        }
        return names;
    }

    @Override
    public boolean hasNext() {
        if (ready.isEmpty() && !exhausted) {
            fill();
        }
        return !ready.isEmpty();
    }

    @Override
    public String next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return ready.poll();
    }

    /** Moves the smallest {@code batch} names after {@code last} to {@code ready}, in order. */
    private void fill() {
        PriorityQueue<String> smallest = new PriorityQueue<>(Math.min(batch, names.size()) + 1,
                Comparator.reverseOrder());
        for (String name : names) {
            if (last != null && name.compareTo(last) <= 0) {
                continue;
            }
            if (smallest.size() < batch) {
                smallest.add(name);
            } else if (name.compareTo(smallest.peek()) < 0) {
                smallest.poll();
                smallest.add(name);
            }
        }
        exhausted = smallest.size() < batch;
        String[] sorted = new String[smallest.size()];
        for (int i = sorted.length - 1; i >= 0; i--) {
            sorted[i] = smallest.poll();
        }
        for (String name : sorted) {
            ready.add(name);
        }
        if (sorted.length > 0) {
            last = sorted[sorted.length - 1];
        }
    }
}
