package dev.jmcp.apicheck;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The compile-time constants of a class: the fields whose class file entry has a {@code ConstantValue}
 * attribute, with that value. Reflection cannot tell {@code static final int A = 8} (copied into every
 * caller, so API) from {@code static final int B = Math.max(8, cpus)} (computed when the class loads, and
 * different on another machine), and a report must show the first and never the second.
 */
final class ConstantValues {

    private ConstantValues() {
    }

    /**
     * @return field name to value (Integer, Long, Float, Double or String, as the class file holds it) of
     *         each constant field declared by {@code type}
     */
    static Map<String, Object> of(Class<?> type) {
        String resource = type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getModule().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("cannot read the class file " + resource + " of " + type.getModule());
            }
            return read(new DataInputStream(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the class file " + resource, e);
        }
    }

    private static Map<String, Object> read(DataInputStream in) throws IOException {
        in.readInt(); // magic
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        int count = in.readUnsignedShort();
        Object[] pool = new Object[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1: pool[i] = in.readUTF(); break;                      // Utf8
                case 3: pool[i] = in.readInt(); break;                      // Integer
                case 4: pool[i] = in.readFloat(); break;                    // Float
                case 5: pool[i] = in.readLong(); i++; break;                // Long, two entries
                case 6: pool[i] = in.readDouble(); i++; break;              // Double, two entries
                case 8: pool[i] = new StringRef(in.readUnsignedShort()); break; // String
                case 7: case 16: case 19: case 20: in.readUnsignedShort(); break; // Class, MethodType, Module, Package
                case 15: in.readUnsignedByte(); in.readUnsignedShort(); break;    // MethodHandle
                case 9: case 10: case 11: case 12: case 17: case 18: in.readInt(); break; // refs, NameAndType, (Invoke)Dynamic
                default: throw new IOException("unknown constant pool tag " + tag + " at entry " + i);
            }
        }
        in.readUnsignedShort(); // access flags
        in.readUnsignedShort(); // this class
        in.readUnsignedShort(); // super class
        in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
        Map<String, Object> constants = new HashMap<>();
        int fields = in.readUnsignedShort();
        for (int f = 0; f < fields; f++) {
            in.readUnsignedShort(); // access flags
            String name = (String) pool[in.readUnsignedShort()];
            in.readUnsignedShort(); // descriptor
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = (String) pool[in.readUnsignedShort()];
                int length = in.readInt();
                if (attribute.equals("ConstantValue")) {
                    Object value = pool[in.readUnsignedShort()];
                    constants.put(name, value instanceof StringRef ? pool[((StringRef) value).utf8] : value);
                } else {
                    in.skipNBytes(length);
                }
            }
        }
        return constants;
    }

    private static final class StringRef {
        final int utf8;

        StringRef(int utf8) {
            this.utf8 = utf8;
        }
    }
}
