package dev.jmcp.skills.internal;

import dev.jmcp.schema.codec.JsonRuntime;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * The YAML front matter that begins a {@code SKILL.md}: a line {@code ---}, YAML, a line {@code ---}
 * (a byte-order mark before it is allowed, as hosts allow it), read as YAML 1.2 with the core schema
 * (JavaScript's {@code yaml}, which hosts and the conformance suite use, reads it so) and turned into
 * the JSON object that SEP-2640 passes on verbatim. Anything without a JSON form (a key that is not a
 * string, a {@code !!binary}) is refused rather than changed.
 */
public final class FrontMatter {
    private static final String DELIMITER = "---";

    private FrontMatter() {
    }

    /**
     * @param text     a {@code SKILL.md}
     * @param maxChars the most characters of YAML read (the setting {@code maxFrontMatterChars})
     * @return its front matter as JSON
     * @throws IllegalArgumentException naming what is wrong: no front matter, YAML that does not
     *         parse, a front matter that is not a mapping, or a value with no JSON form
     */
    public static JsonObject parse(String text, int maxChars) {
        String yaml = block(text).orElseThrow(() -> new IllegalArgumentException(
                "SKILL.md does not begin with YAML front matter (a line '---', the YAML, a line '---')"));
        if (yaml.length() > maxChars) {
            throw new IllegalArgumentException("its front matter of " + yaml.length()
                    + " characters exceeds maxFrontMatterChars=" + maxChars);
        }
        Object value;
        try {
            LoadSettings settings = LoadSettings.builder().setSchema(new CoreSchema()).setAllowDuplicateKeys(false)
                    .setMaxAliasesForCollections(50).setCodePointLimit(Math.max(maxChars, 1)).build();
            value = new Load(settings).loadFromString(yaml);
        } catch (YamlEngineException e) {
            throw new IllegalArgumentException("its front matter is not valid YAML: " + firstLine(e.getMessage()));
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException("its front matter is not a YAML mapping of fields");
        }
        return object(map, "");
    }

    /** @return the YAML between the delimiters, when {@code text} begins with front matter */
    static Optional<String> block(String text) {
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        int first = lineEnd(body, 0);
        if (first < 0 || !body.substring(0, first).stripTrailing().equals(DELIMITER)) {
            return Optional.empty();
        }
        int start = next(body, first);
        for (int line = start; line < body.length(); ) {
            int end = lineEnd(body, line);
            String content = body.substring(line, end < 0 ? body.length() : end);
            if (content.equals(DELIMITER) || (content.startsWith(DELIMITER) && content.substring(3).isBlank()
                    && !content.substring(3).contains("\r"))) {
                return Optional.of(body.substring(start, line));
            }
            if (end < 0) {
                break;
            }
            line = next(body, end);
        }
        return Optional.empty();
    }

    private static int lineEnd(String text, int from) {
        int n = text.indexOf('\n', from);
        return n < 0 ? -1 : (n > from && text.charAt(n - 1) == '\r' ? n - 1 : n);
    }

    private static int next(String text, int lineEnd) {
        return text.charAt(lineEnd) == '\r' ? lineEnd + 2 : lineEnd + 1;
    }

    private static JsonObject object(Map<?, ?> map, String path) {
        JsonObjectBuilder object = provider().createObjectBuilder();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException("its front matter has a key that is not a string at " + where(path)
                        + ": " + entry.getKey());
            }
            object.add(key, json(entry.getValue(), path.isEmpty() ? key : path + "." + key));
        }
        return object.build();
    }

    private static JsonValue json(Object value, String path) {
        JsonProvider json = provider();
        if (value == null) {
            return JsonValue.NULL;
        } else if (value instanceof String text) {
            return json.createValue(text);
        } else if (value instanceof Boolean flag) {
            return flag ? JsonValue.TRUE : JsonValue.FALSE;
        } else if (value instanceof Integer || value instanceof Long) {
            return json.createValue(((Number) value).longValue());
        } else if (value instanceof BigInteger big) {
            return json.createValue(big);
        } else if (value instanceof Double number && Double.isFinite(number)) {
            return json.createValue(BigDecimal.valueOf(number));
        } else if (value instanceof Map<?, ?> map) {
            return object(map, path);
        } else if (value instanceof List<?> list) {
            JsonArrayBuilder array = json.createArrayBuilder();
            for (int i = 0; i < list.size(); i++) {
                array.add(json(list.get(i), path + "[" + i + "]"));
            }
            return array.build();
        }
        throw new IllegalArgumentException("its front matter's " + where(path) + " has no JSON form (" + value.getClass()
                .getSimpleName() + ")");
    }

    /**
     * @return true when two JSON values are the same front matter: numbers by value ({@code 1} and
     *         {@code 1.0} are one, as in JavaScript, whose parsers hosts use), all else as equals
     */
    public static boolean same(JsonValue a, JsonValue b) {
        if (a instanceof jakarta.json.JsonNumber x && b instanceof jakarta.json.JsonNumber y) {
            return x.bigDecimalValue().compareTo(y.bigDecimalValue()) == 0;
        }
        if (a instanceof JsonObject x && b instanceof JsonObject y) {
            return x.keySet().equals(y.keySet()) && x.keySet().stream().allMatch(k -> same(x.get(k), y.get(k)));
        }
        if (a instanceof jakarta.json.JsonArray x && b instanceof jakarta.json.JsonArray y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    private static String where(String path) {
        return path.isEmpty() ? "top level" : "field " + path;
    }

    private static String firstLine(String message) {
        String text = String.valueOf(message).strip();
        int n = text.indexOf('\n');
        return n < 0 ? text : text.substring(0, n);
    }

    private static JsonProvider provider() {
        return JsonRuntime.provider();
    }
}
