package dev.jmcp.core.internal.fs;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
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
 * which no URI of ours can name. Not thread-safe.
 */
final class FolderNames implements Iterator<String> {
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
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (name.indexOf('\\') < 0) {
                    names.add(name);
                }
            }
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
        PriorityQueue<String> smallest = new PriorityQueue<>(Math.min(batch, names.size()) + 1, Comparator.reverseOrder());
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
