package dev.jmcp.core.providers;

import java.util.Arrays;
import java.util.stream.Stream;

/**
 * The entries directly inside one collection of a {@link MemoryStore}, or at its top level, in the
 * order they were added, each as its {@link Cell}, so that a listing reaches an entry without a
 * lookup by URI (in a listing of thousands, the lookups cost more than writing the entries). A
 * listing starts at an index, so a page costs its own size, and it reads a snapshot taken in O(1):
 * once a slot below the size has been handed out it is never written again (an add writes past the
 * size, into a copy when the array is full; a removal writes a copy), so a snapshot stays valid
 * after the store's lock is released. Not thread-safe itself: the store calls every method under
 * its lock.
 */
final class Children {
    private Cell[] cells = new Cell[4];
    private int size;

    /** One registered URI's place: its current entry, replaced in place by an update, null once removed. */
    static final class Cell {
        volatile MemoryEntry entry;

        Cell(MemoryEntry entry) {
            this.entry = entry;
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

    /**
     * @param skip how many cells to leave out
     * @return the cells after them as they are now, unaffected by later changes; readable without the lock
     * @throws IllegalArgumentException when {@code skip} is negative, as {@link Stream#skip} does
     */
    Stream<Cell> snapshot(long skip) {
        if (skip < 0) {
            throw new IllegalArgumentException("skip must be >= 0, was " + skip);
        }
        int from = (int) Math.min(skip, size);
        return Arrays.stream(cells, from, size);
    }
}
