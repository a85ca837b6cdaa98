package dev.jmcp.core.internal.resources;

/**
 * Where a page of a listing starts, which is what a cursor stands for. A listing that joins
 * providers (the top level, the templates) is split into parts, one per provider in provider
 * order, so that a page deep into a later provider asks that provider to skip to it without
 * walking the earlier providers' entries; a collection's children are one part.
 *
 * @param part   the index of the part the page starts in; at least 0
 * @param offset how many of that part's entries come before the page; at least 0
 */
record ListingPosition(int part, long offset) {
    /** The first page. */
    static final ListingPosition START = new ListingPosition(0, 0);

    ListingPosition {
        if (part < 0 || offset < 0) {
            throw new IllegalArgumentException("a listing position is never negative: part " + part + ", offset " + offset);
        }
    }
}
