package dev.jmcp.core.internal.resources;

/**
 * Where a page of a listing starts, which is what a cursor stands for. A listing that joins
 * providers (the top level, the templates) is split into parts, one per provider in provider
 * order, so that a page deep into a later provider asks that provider to start there without
 * walking the earlier providers' entries; a collection's children are one part. Within a part a
 * page starts after a key, for a provider that sorts its listings by one
 * ({@link dev.jmcp.core.spi.ResourceProvider#listingKey}), or else at an offset.
 *
 * @param part     the index of the part the page starts in; at least 0
 * @param offset   how many of that part's entries come before the page; at least 0, and 0 with a key
 * @param afterKey the key of the part's last entry before the page; null for a page found by offset
 */
record ListingPosition(int part, long offset, String afterKey) {
    /** The first page. */
    static final ListingPosition START = new ListingPosition(0, 0);

    ListingPosition {
        if (part < 0 || offset < 0) {
            throw new IllegalArgumentException("a listing position is never negative: part " + part + ", offset " + offset);
        }
        if (afterKey != null && (afterKey.isEmpty() || offset != 0)) {
            throw new IllegalArgumentException("a position after a key has a non-empty key and no offset: offset "
                    + offset + ", key '" + afterKey + "'");
        }
    }

    /** A position by offset. */
    ListingPosition(int part, long offset) {
        this(part, offset, null);
    }

    /**
     * @return true when the position counts entries, so that a change to the listing before it
     *         moves what it points at; a key, or the start of a part, stays where it was
     */
    boolean countsEntries() {
        return offset > 0;
    }
}
