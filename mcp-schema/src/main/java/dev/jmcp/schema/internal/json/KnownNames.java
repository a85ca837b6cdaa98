package dev.jmcp.schema.internal.json;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The member names of one kind of object, in the order its writer puts them, as a record codec
 * hands them to {@link JsonInput#nextKnownName}: each as the instance the parser's table hands out
 * ({@link MemberNames#known}) and as the bytes {@link JsonOutput#encodedName} writes
 * ({@code "name":}), which the parser compares with the input eight bytes at a time. Immutable.
 */
final class KnownNames {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final String[] names;
    private final byte[][] encoded;
    /** Per name: its first eight encoded bytes (fewer for a shorter one, the rest zero), and which of them count. */
    private final long[] heads;
    private final long[] headMasks;
    /** Per name longer than eight bytes: its last eight, which overlap the head for one of nine to fifteen. */
    private final long[] tails;

    /** @param names the member names in their writer's order */
    KnownNames(String... names) {
        int n = names.length;
        this.names = new String[n];
        this.encoded = new byte[n][];
        this.heads = new long[n];
        this.headMasks = new long[n];
        this.tails = new long[n];
        for (int i = 0; i < n; i++) {
            this.names[i] = MemberNames.known(names[i]);
            byte[] bytes = JsonOutput.encodedName(names[i]);
            encoded[i] = bytes;
            int head = Math.min(8, bytes.length);
            for (int k = 0; k < head; k++) {
                heads[i] |= (bytes[k] & 0xFFL) << (8 * k);
                headMasks[i] |= 0xFFL << (8 * k);
            }
            if (bytes.length > 8) {
                tails[i] = (long) LONGS.get(bytes, bytes.length - 8);
            }
        }
    }

    /** @return how many names */
    int size() {
        return names.length;
    }

    /** @return the {@code i}th name, as the parser's table holds it */
    String name(int i) {
        return names[i];
    }

    /** @return the {@code i}th name as written, {@code "name":} */
    byte[] encoded(int i) {
        return encoded[i];
    }

    /** @return whether the {@code i}th name, as written, is in {@code bytes} at {@code at}, before {@code limit} */
    boolean spelled(int i, byte[] bytes, int at, int limit) {
        byte[] name = encoded[i];
        int n = name.length;
        if (at + n > limit) {
            return false;
        }
        if (at + 8 > limit || n > 16) {
            for (int k = 0; k < n; k++) {
                if (bytes[at + k] != name[k]) {
                    return false;
                }
            }
            return true;
        }
        if (((long) LONGS.get(bytes, at) & headMasks[i]) != heads[i]) {
            return false;
        }
        return n <= 8 || (long) LONGS.get(bytes, at + n - 8) == tails[i];
    }
}
