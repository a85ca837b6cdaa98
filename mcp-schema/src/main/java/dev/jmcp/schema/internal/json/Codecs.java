package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.EmbeddedResource;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.ResourceLink;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the codec for a Java type: scalars and unions by class, containers by their element type,
 * the types that flatten several records into one object by hand, and every other record by its
 * components. Codecs are built once and cached.
 */
public final class Codecs {
    private static final Codecs INSTANCE = new Codecs();

    /** Sealed types whose variants share one wire form. */
    private static final List<Class<?>> UNIONS =
            List.of(ResourceContents.class, Blob.class, RequestId.class, ProgressToken.class);

    private final Map<Type, ValueCodec<?>> cache = new ConcurrentHashMap<>();

    private Codecs() {
        cache.put(String.class, ScalarCodecs.STRING);
        cache.put(Boolean.class, ScalarCodecs.BOOLEAN);
        cache.put(boolean.class, ScalarCodecs.BOOLEAN);
        cache.put(Long.class, ScalarCodecs.LONG);
        cache.put(long.class, ScalarCodecs.LONG);
        cache.put(Integer.class, ScalarCodecs.INT);
        cache.put(int.class, ScalarCodecs.INT);
        cache.put(Double.class, ScalarCodecs.DOUBLE);
        cache.put(double.class, ScalarCodecs.DOUBLE);
        cache.put(JsonValue.class, ScalarCodecs.JSON_VALUE);
        cache.put(JsonObject.class, ScalarCodecs.JSON_OBJECT);
        cache.put(Blob.class, ScalarCodecs.BLOB);
        cache.put(RequestId.class, ScalarCodecs.REQUEST_ID);
        cache.put(ProgressToken.class, ScalarCodecs.PROGRESS_TOKEN);
    }

    /** @return the registry of the schema's types */
    public static Codecs instance() {
        return INSTANCE;
    }

    /** @return the codec for {@code type}, built on first use */
    @SuppressWarnings("unchecked")
    public <T> ValueCodec<T> forClass(Class<T> type) {
        return (ValueCodec<T>) forType(type);
    }

    /** @return the codec for a component's generic type */
    public ValueCodec<?> forType(Type type) {
        ValueCodec<?> codec = cache.get(type);
        if (codec == null) {
            // built outside computeIfAbsent: building a record's codec looks up its components' codecs
            codec = build(type);
            ValueCodec<?> raced = cache.putIfAbsent(type, codec);
            if (raced != null) {
                codec = raced;
            }
        }
        return codec;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private ValueCodec<?> build(Type type) {
        if (type instanceof ParameterizedType parameterized) {
            Type raw = parameterized.getRawType();
            Type[] arguments = parameterized.getActualTypeArguments();
            if (raw == List.class) {
                return ContainerCodecs.list(forType(arguments[0]));
            }
            if (raw == Map.class && arguments[0] == String.class) {
                return ContainerCodecs.map(forType(arguments[1]));
            }
        } else if (type instanceof Class<?> cls) {
            if (cls == ResourceContents.class) {
                return new ResourceContentsCodec(this);
            }
            for (Class<?> union : UNIONS) {
                if (cls != union && union.isAssignableFrom(cls)) {
                    return forType(union); // a variant is written the way its union is
                }
            }
            if (cls == Resource.class) {
                return new ResourceCodec(this);
            }
            if (cls == ResourceLink.class) {
                return new ResourceLinkCodec(this);
            }
            if (cls == EmbeddedResource.class) {
                return new EmbeddedResourceCodec(this);
            }
            if (cls.isEnum()) {
                return ScalarCodecs.enumCodec((Class) cls);
            }
            if (cls.isRecord()) {
                return new RecordCodec<>(cls, this);
            }
            if (JsonValue.class.isAssignableFrom(cls)) {
                return ScalarCodecs.JSON_VALUE;
            }
        }
        throw new IllegalArgumentException("no JSON mapping for " + type.getTypeName());
    }
}
