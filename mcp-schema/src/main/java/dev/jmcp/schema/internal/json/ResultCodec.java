package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.common.InputRequiredResult;
import dev.jmcp.schema.common.ResultType;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser.Event;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the result of a method, which from 2026-07-28 may instead be an
 * {@link InputRequiredResult} ({@code resultType: "input_required"}). The result is read straight
 * into the method's record as usual; the few members that only an input-required result has are
 * kept aside as trees, and only when {@code resultType} says so is the other record built.
 */
final class ResultCodec<T> {
    private final RecordCodec<T> result;
    private final RecordCodec<InputRequiredResult> inputRequired;
    private final int resultTypeIndex;

    ResultCodec(Class<T> type, Codecs registry) {
        this.result = (RecordCodec<T>) registry.forClass(type);
        this.inputRequired = (RecordCodec<InputRequiredResult>) registry.forClass(InputRequiredResult.class);
        this.resultTypeIndex = result.indexOf("resultType");
    }

    /** @return the method's result record, or an {@link InputRequiredResult} */
    Object read(JsonInput in) {
        in.expect(Event.START_OBJECT, "an object");
        if (resultTypeIndex < 0) {
            return result.construct(result.readMembers(in, null), in);
        }
        Map<String, JsonValue> aside = new LinkedHashMap<>();
        Object[] values = result.readMembers(in, (name, input) -> {
            if (inputRequired.indexOf(name) < 0) {
                return false;
            }
            aside.put(name, input.tree());
            return true;
        });
        if (!ResultType.INPUT_REQUIRED.equals(values[resultTypeIndex])) {
            return result.construct(values, in);
        }
        JsonObjectBuilder object = JsonP.PROVIDER.createObjectBuilder();
        aside.forEach(object::add);
        object.add("resultType", ResultType.INPUT_REQUIRED);
        int meta = result.indexOf("_meta");
        if (meta >= 0 && values[meta] != null) {
            object.add("_meta", (JsonValue) values[meta]);
        }
        return inputRequired.read(JsonInput.ofTree(object.build(), in, in.where(), in.ruleCode()));
    }
}
