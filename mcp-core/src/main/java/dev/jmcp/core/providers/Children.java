package dev.jmcp.core.providers;

import dev.jmcp.core.spi.ListingEntry;
import java.util.Arrays;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The entries directly inside one collection of a {@link MemoryStore}, or at its top level, in the
 * order they were added, each as its {@link Cell}, so that a listing reaches an entry without a
 * lookup by URI (in a listing of thousands, the lookups cost more than writing the entries). The
 * cells' positions grow with the order of adding, so a listing finds where to start after a
 * position by a binary search, and a page costs its own size; it reads a snapshot taken in O(1):
 * once a slot below the size has been handed out it is never written again (an add writes past the
 * size, into a copy when the array is full; a removal writes a copy), so a snapshot stays valid
 * after the store's lock is released. Not thread-safe itself: the store calls every method under
 * its lock.
 */
final class Children {
    private Cell[] cells = new Cell[4];
    private int size;

    /**
     * One registered URI's place: its current entry, replaced in place by an update, null once
     * removed; and its listing position, from the store's count of additions, never reused.
     */
    static final class Cell {
        final String position;
        volatile MemoryEntry entry;

        Cell(MemoryEntry entry, String position) {
            this.entry = entry;
            this.position = position;
        }
    }

    void add(Cell cell) {
        if (size == cells.length) {
            cells = Arrays.copyOf(cells, size * 2);
        }
        cells[size++] = cell;
    }

    /** Removes {@code cell} if it is here; O(size), into a copy, which a snapshot never sees. */
    void remove(Cell cell) {
        for (int i = 0; i < size; i++) {
            if (cells[i] == cell) {
                Cell[] copy = new Cell[cells.length];
                System.arraycopy(cells, 0, copy, 0, i);
                System.arraycopy(cells, i + 1, copy, i, size - i - 1);
                cells = copy;
                size--;
                return;
            }
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** @return every cell as it is now, unaffected by later changes; readable without the lock */
    Stream<Cell> snapshot() {
        return Arrays.stream(cells, 0, size);
    }

    /**
     * @param after a listing position; null for the first page
     * @return the index of the first cell whose position sorts after it
     */
    private int indexAfter(String after) {
        int from = 0;
        if (after != null) {
            int to = size; // the first cell after the position lies in [from, to]
            while (from < to) {
                int middle = (from + to) >>> 1;
                if (cells[middle].position.compareTo(after) <= 0) {
                    from = middle + 1;
                } else {
                    to = middle;
                }
            }
        }
        return from;
    }

    /**
     * @param after    a listing position; null for the first page
     * @param limit    the most entries to hand out
     * @param versions whether the entries carry their versions
     * @return the entries of the cells whose positions sort after it, as they are now, unaffected
     *         by later changes; readable without the lock. A cell removed meanwhile is passed over.
     */
    Stream<ListingEntry> entriesAfter(String after, int limit, boolean versions) {
        return StreamSupport.stream(new Entries(cells, indexAfter(after), size, limit, versions), false);
    }

    /**
     * The entries of a run of cells, made as they are handed out. One spliterator rather than a
     * pipeline of map, filter and limit: a listing hands out thousands, and each stage of a
     * pipeline is a call through a site that every stream of the server shares.
     */
    private static final class Entries implements Spliterator<ListingEntry> {
        private final Cell[] cells;
        private final int end;
        private final boolean versions;
        private int next;
        private int left;

        Entries(Cell[] cells, int from, int end, int limit, boolean versions) {
            this.cells = cells;
            this.next = from;
            this.end = end;
            this.left = limit;
            this.versions = versions;
        }

        @Override
        public boolean tryAdvance(Consumer<? super ListingEntry> action) {
            while (left > 0 && next < end) {
                Cell cell = cells[next++];
                MemoryEntry entry = cell.entry; // null once removed; a moved URI has a new cell
                if (entry != null) {
                    left--;
                    action.accept(ListingEntry.of(entry.listed(versions), cell.position));
                    return true;
                }
            }
            return false;
        }

        @Override
        public Spliterator<ListingEntry> trySplit() {
            return null;
        }

        @Override
        public long estimateSize() {
            return Math.min(left, end - next);
        }

        @Override
        public int characteristics() {
            return ORDERED | NONNULL;
        }
    }
}
