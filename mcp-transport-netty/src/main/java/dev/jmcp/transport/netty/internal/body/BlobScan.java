package dev.jmcp.transport.netty.internal.body;

import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import jakarta.json.JsonValue;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether encoding a message reads a blob's source: a {@link Blob.OfFile} or a {@link Blob.OfStream}
 * (a blob's, or a streamed text's UTF-8) anywhere in it (the contents of a {@code resources/read} result, an embedded resource, any
 * record of a feature to come). A blob in memory or given as base64 costs nothing to encode.
 *
 * <p>The walk follows what the codec can write: records, lists, string-keyed maps, and leaves
 * (scalars, enums, JSON-P values). It is cheap for messages without blobs: which components of a
 * record type can lead to a blob is worked out once per type from their declared types (a
 * {@code List<Resource>} never can), and only those are read; an {@code Object} component is
 * decided by its value. The answers of {@code resources/read}, the most common messages, are
 * looked into without reflection. A record whose components cannot be read from this module
 * counts as reading a source, the safe answer.
 */
public final class BlobScan {
    private static final MethodType ACCESSOR = MethodType.methodType(Object.class, Object.class);
    private static final ClassValue<Walk> WALKS = new ClassValue<>() {
        @Override
        protected Walk computeValue(Class<?> type) {
            return Walk.of(type);
        }
    };

    private BlobScan() {
    }

    /** @return whether encoding {@code payload} opens a file or reads a stream */
    public static boolean readsSource(JsonRpcPayload payload) {
        // the answer of a read, the most common message by far, without reflection
        if (payload instanceof JsonRpcResultResponse response && response.result() instanceof ReadResourceResult read) {
            List<ResourceContents> contents = read.contents();
            for (int i = 0, n = contents.size(); i < n; i++) {
                ResourceContents element = contents.get(i);
                if (element instanceof BlobResourceContents blob && readsSource(blob.blob())
                        || element instanceof StreamedTextResourceContents text && readsSource(text.utf8())) {
                    return true;
                }
            }
            return false;
        }
        return reads(payload);
    }

    private static boolean readsSource(Blob blob) {
        return blob instanceof Blob.OfFile || blob instanceof Blob.OfStream;
    }

    private static boolean reads(Object value) {
        if (value instanceof Blob blob) {
            return readsSource(blob);
        }
        if (value instanceof Record) {
            return WALKS.get(value.getClass()).reads(value);
        }
        if (value instanceof Collection<?> elements) {
            for (Object element : elements) {
                if (reads(element)) {
                    return true;
                }
            }
            return false;
        }
        if (value instanceof Map<?, ?> map) {
            return reads(map.values());
        }
        return false;
    }

    /** @return whether a value declared as {@code type} can be or hold a blob that reads a source */
    static boolean mayHold(Type type, Set<Class<?>> seen) {
        if (type instanceof Class<?> cls) {
            return mayHold(cls, seen);
        }
        if (type instanceof ParameterizedType parameterized && parameterized.getRawType() instanceof Class<?> raw) {
            Type[] arguments = parameterized.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw) && arguments.length == 1) {
                return mayHold(arguments[0], seen);
            }
            if (Map.class.isAssignableFrom(raw) && arguments.length == 2) {
                return mayHold(arguments[1], seen);
            }
            return mayHold(raw, seen);
        }
        if (type instanceof WildcardType wildcard) {
            return anyMayHold(wildcard.getUpperBounds(), seen);
        }
        if (type instanceof TypeVariable<?> variable) {
            return anyMayHold(variable.getBounds(), seen);
        }
        if (type instanceof GenericArrayType) {
            return false; // the codec writes no arrays
        }
        return true;
    }

    private static boolean mayHold(Class<?> cls, Set<Class<?>> seen) {
        if (cls == Blob.class || cls == Blob.OfFile.class || cls == Blob.OfStream.class
                || cls.isAssignableFrom(Blob.class)) {
            return true; // Object decides by its value
        }
        if (cls.isPrimitive() || cls.isArray() || cls.isEnum() || Blob.class.isAssignableFrom(cls)
                || JsonValue.class.isAssignableFrom(cls) || CharSequence.class.isAssignableFrom(cls)
                || Number.class.isAssignableFrom(cls) || cls == Boolean.class || cls == Character.class) {
            return false;
        }
        if (cls.isRecord()) {
            if (!seen.add(cls)) {
                return false; // already being looked at, further up
            }
            for (RecordComponent component : cls.getRecordComponents()) {
                if (mayHold(component.getGenericType(), seen)) {
                    return true;
                }
            }
            return false;
        }
        if (cls.isSealed()) {
            return anyMayHold(cls.getPermittedSubclasses(), seen);
        }
        // an open type (a list or map without its element type, an interface): its values decide
        return !Modifier.isFinal(cls.getModifiers()) || Collection.class.isAssignableFrom(cls)
                || Map.class.isAssignableFrom(cls);
    }

    private static boolean anyMayHold(Type[] types, Set<Class<?>> seen) {
        for (Type type : types) {
            if (mayHold(type, seen)) {
                return true;
            }
        }
        return false;
    }

    /** How to look for blobs in the records of one type. */
    private static final class Walk {
        private static final Walk NOWHERE = new Walk(new MethodHandle[0], false);
        private static final Walk UNREADABLE = new Walk(new MethodHandle[0], true);

        /** The accessors of the components that can lead to a blob. */
        private final MethodHandle[] accessors;
        private final boolean unreadable;

        private Walk(MethodHandle[] accessors, boolean unreadable) {
            this.accessors = accessors;
            this.unreadable = unreadable;
        }

        static Walk of(Class<?> type) {
            if (!type.isRecord()) {
                return NOWHERE;
            }
            List<MethodHandle> found = new ArrayList<>();
            for (RecordComponent component : type.getRecordComponents()) {
                Set<Class<?>> seen = new HashSet<>();
                seen.add(type);
                if (mayHold(component.getGenericType(), seen)) {
                    try {
                        found.add(accessor(type, component));
                    } catch (IllegalAccessException | RuntimeException e) {
                        return UNREADABLE;
                    }
                }
            }
            return found.isEmpty() ? NOWHERE : new Walk(found.toArray(new MethodHandle[0]), false);
        }

        private static MethodHandle accessor(Class<?> type, RecordComponent component) throws IllegalAccessException {
            Module ours = BlobScan.class.getModule();
            if (ours.isNamed() && !ours.canRead(type.getModule())) {
                ours.addReads(type.getModule());
            }
            return MethodHandles.lookup().unreflect(component.getAccessor()).asType(ACCESSOR);
        }

        boolean reads(Object record) {
            if (unreadable) {
                return true;
            }
            for (MethodHandle accessor : accessors) {
                Object value;
                try {
                    value = (Object) accessor.invokeExact(record);
                } catch (Throwable e) {
                    return true;
                }
                if (BlobScan.reads(value)) {
                    return true;
                }
            }
            return false;
        }
    }
}
