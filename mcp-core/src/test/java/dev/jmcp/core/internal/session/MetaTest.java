package dev.jmcp.core.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import org.junit.jupiter.api.Test;

class MetaTest {
    private static final JsonProvider JSON = JsonProvider.provider();

    @Test
    void progressTokenIsAddedToARecordKeepingItsOtherFieldsAndMeta() {
        JsonObject meta = JSON.createObjectBuilder().add("trace", "x").build();
        ReadResourceRequestParams params = new ReadResourceRequestParams("file:///a", null, "state", meta);

        ReadResourceRequestParams tagged = assertInstanceOf(ReadResourceRequestParams.class,
                Meta.withProgressToken(params, ProgressToken.of(7)));

        assertEquals("file:///a", tagged.uri());
        assertEquals("state", tagged.requestState());
        assertEquals("x", tagged.meta().getString("trace"));
        assertEquals(ProgressToken.of(7), Meta.progressToken(Meta.of(tagged)));
    }

    @Test
    void progressTokenIsAddedToJsonObjectAndToNullParams() {
        JsonObject params = JSON.createObjectBuilder().add("q", 1).build();

        JsonObject tagged = (JsonObject) Meta.withProgressToken(params, ProgressToken.of("abc"));
        JsonObject fromNull = (JsonObject) Meta.withProgressToken(null, ProgressToken.of(3));

        assertEquals(1, tagged.getInt("q"));
        assertEquals(ProgressToken.of("abc"), Meta.progressToken(Meta.of(tagged)));
        assertEquals(ProgressToken.of(3), Meta.progressToken(Meta.of(fromNull)));
    }

    @Test
    void paramsThatCannotCarryMetaAreRefusedByName() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Meta.withProgressToken("text", ProgressToken.of(1)));

        assertEquals(true, refused.getMessage().contains("java.lang.String"), refused.getMessage());
    }

    @Test
    void tokenThatIsNeitherStringNorIntegerIsNamedAsMalformed() {
        JsonObject meta = JSON.createObjectBuilder().add("progressToken", 1.5).build();

        assertEquals(null, Meta.progressToken(meta));
        assertEquals("params._meta.progressToken must be a string or an integer in the 64-bit range, not the number 1.5",
                Meta.malformedProgressToken(meta).getMessage());
        assertEquals(null, Meta.malformedProgressToken(JSON.createObjectBuilder().add("progressToken", 2).build()));
        assertEquals(null, Meta.malformedProgressToken(JSON.createObjectBuilder().build()));
    }
}
