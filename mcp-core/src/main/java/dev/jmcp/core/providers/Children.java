package dev.jmcp.core.providers;

import java.util.Arrays;
import java.util.stream.Stream;

/**
 * The URIs directly inside one collection of a {@link MemoryStore}, or at its top level, in the
 * order they were added. A listing starts at an index, so a page costs its own size, and it reads
 * a snapshot taken in O(1): once a slot below the size has been handed out it is never written
 * again (an add writes past the size, into a copy when the array is full; a removal writes a
 * copy), so a snapshot stays valid after the store's lock is released. Not thread-safe itself:
 * the store calls every method under its lock.
 */
final class ChildUris {
    private String[] uris = new String[4];
    private int size;

    void add(String uri) {
        if (size == uris.length) {
            uris = Arrays.copyOf(uris, size * 2);
        }
        uris[size++] = uri;
    }

    /** Removes {@code uri} if it is here; O(size), into a copy, which a snapshot never sees. */
    void remove(String uri) {
        for (int i = 0; i < size; i++) {
            if (uris[i].equals(uri)) {
                String[] copy = new String[uris.length];
                System.arraycopy(uris, 0, copy, 0, i);
                System.arraycopy(uris, i + 1, copy, i, size - i - 1);
                uris = copy;
                size--;
                return;
            }
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    /**
     * @param skip how many URIs to leave out
     * @return the URIs after them as they are now, unaffected by later changes; readable without the lock
     * @throws IllegalArgumentException when {@code skip} is negative, as {@link Stream#skip} does
     */
    Stream<String> snapshot(long skip) {
        if (skip < 0) {
            throw new IllegalArgumentException("skip must be >= 0, was " + skip);
        }
        int from = (int) Math.min(skip, size);
        return Arrays.stream(uris, from, size);
    }
}
