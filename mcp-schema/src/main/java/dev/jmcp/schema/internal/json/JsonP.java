package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.codec.JsonRuntime;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParserFactory;
import java.util.Map;

/**
 * The JSON-P provider and parser factory, resolved once: {@code jakarta.json.Json.createX} looks
 * the provider up through ServiceLoader on every call.
 */
public final class JsonP {
    public static final JsonProvider PROVIDER = JsonRuntime.provider();
    public static final JsonParserFactory PARSERS = PROVIDER.createParserFactory(Map.of());

    private JsonP() {
    }
}
