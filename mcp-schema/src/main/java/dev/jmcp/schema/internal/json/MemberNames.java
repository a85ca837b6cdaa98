package dev.jmcp.schema.internal.json;

import java.nio.charset.StandardCharsets;

/**
 * The member names read lately, shared by every parser, so that a name (which repeats in every
 * element of a listing: {@code uri}, {@code name}, {@code mimeType}...) is looked up rather than
 * made into a new String each time. A fixed table of short ASCII names, indexed by hash: a slot
 * holds the last name that landed there, and a miss makes a new String. Races between threads are
 * harmless: a String is immutable, so a reader sees either name whole, and either one is checked
 * against the bytes before it is used.
 */
final class MemberNames {
    /** Longer names are rare and are made afresh. */
    static final int MAX_LENGTH = 32;
    private static final int SLOTS = 1024;
    private static final String[] TABLE = new String[SLOTS];

    private MemberNames() {
    }

    /**
     * @param bytes  ASCII without escapes, at most {@link #MAX_LENGTH} of them
     * @param hash   {@link #hash} of those bytes
     * @return the name those bytes spell
     */
    static String name(byte[] bytes, int offset, int length, int hash) {
        int slot = slot(hash);
        String known = TABLE[slot];
        if (known != null && spells(known, bytes, offset, length)) {
            return known;
        }
        String made = new String(bytes, offset, length, StandardCharsets.ISO_8859_1);
        TABLE[slot] = made;
        return made;
    }

    /**
     * Puts a name that a codec looks for into the table, so that the parser hands out this very
     * instance and the codec can match it by identity (a name that another evicts is still matched,
     * by equality).
     *
     * @return the instance to keep: {@code name}, or the equal one already in the table
     */
    static String known(String name) {
        if (name.length() > MAX_LENGTH) {
            return name;
        }
        int hash = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 0x80) {
                return name;
            }
            hash = hash(hash, (byte) c);
        }
        int slot = slot(hash);
        String held = TABLE[slot];
        if (name.equals(held)) {
            return held;
        }
        TABLE[slot] = name;
        return name;
    }

    static int slot(int hash) {
        return (hash ^ (hash >>> 16)) & (SLOTS - 1);
    }

    /** @return the hash of one more byte after {@code hash} */
    static int hash(int hash, byte b) {
        return hash * 31 + b;
    }

    /** @return {@link #hash} of {@code length} bytes from {@code offset} */
    static int hash(byte[] bytes, int offset, int length) {
        int hash = 0;
        for (int i = offset; i < offset + length; i++) {
            hash = hash(hash, bytes[i]);
        }
        return hash;
    }

    private static boolean spells(String name, byte[] bytes, int offset, int length) {
        if (name.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (name.charAt(i) != bytes[offset + i]) {
                return false;
            }
        }
        return true;
    }
}
