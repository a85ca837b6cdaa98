package dev.jmcp.cli.badinput;

import jakarta.json.JsonObject;
import java.util.List;

/**
 * What came back for one thing sent.
 *
 * @param status  the HTTP status; 200 over stdio, where there is none
 * @param message the JSON-RPC message that answered; null when none came
 * @param strays  messages that came before it and answered nothing that was waited for: over
 *                stdio, the late answers of an earlier row, which must not be
 */
record Answer(int status, JsonObject message, List<JsonObject> strays) {
    Answer {
        strays = List.copyOf(strays);
    }

    Answer(int status, JsonObject message) {
        this(status, message, List.of());
    }
}
