package dev.jmcp.schema.internal.json;

import jakarta.json.stream.JsonParser.Event;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Codecs for {@code List<X>} and {@code Map<String, X>}. */
final class ContainerCodecs {
    private ContainerCodecs() {
    }

    static <T> ValueCodec<List<T>> list(ValueCodec<T> elements) {
        return new ValueCodec<>() {
            @Override
            public List<T> read(JsonInput in) {
                in.expect(Event.START_ARRAY, "an array");
                List<T> list = new ArrayList<>();
                in.enterArray();
                while (in.next() != Event.END_ARRAY) {
                    in.nextElement();
                    if (in.current() == Event.VALUE_NULL) {
                        throw in.rule("null is not allowed here");
                    }
                    list.add(elements.read(in));
                }
                in.exit();
                return list;
            }

            @Override
            public void write(JsonOutput out, List<T> value) throws IOException {
                out.beginArray();
                for (T element : value) {
                    elements.write(out, element);
                }
                out.endArray();
            }
        };
    }

    static <T> ValueCodec<Map<String, T>> map(ValueCodec<T> values) {
        return new ValueCodec<>() {
            @Override
            public Map<String, T> read(JsonInput in) {
                in.expect(Event.START_OBJECT, "an object");
                Map<String, T> map = new LinkedHashMap<>();
                while (in.next() == Event.KEY_NAME) {
                    String key = in.text();
                    in.enter(key);
                    in.next();
                    if (in.current() == Event.VALUE_NULL) {
                        throw in.rule("null is not allowed here");
                    }
                    map.put(key, values.read(in));
                    in.exit();
                }
                return Collections.unmodifiableMap(map);
            }

            @Override
            public void write(JsonOutput out, Map<String, T> value) throws IOException {
                out.beginObject();
                for (Map.Entry<String, T> entry : value.entrySet()) {
                    out.name(entry.getKey());
                    values.write(out, entry.getValue());
                }
                out.endObject();
            }
        };
    }
}
