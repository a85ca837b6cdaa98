package dev.jmcp.postgres.internal;

import dev.jmcp.core.spi.ChangeEvent;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The one spelling of a change event in a {@code NOTIFY} payload, which the table's triggers write
 * too: {@code jmcp1 KIND ORIGIN PROVIDER [URI]}, where KIND is {@code U} (updated) or {@code L}
 * (list changed), ORIGIN the process that published it and PROVIDER the provider's id ({@code -}
 * when none: a trigger's), and no URI in an {@code L} means any listing. Payloads are URIs, never
 * bodies: PostgreSQL refuses one of 8000 bytes or more, and an event that would not fit becomes
 * "any listing changed".
 */
public final class Payloads {
    /** PostgreSQL's limit is 8000 bytes; a little is kept spare. */
    public static final int MAX_BYTES = 7900;
    private static final String PREFIX = "jmcp1 ";

    private Payloads() {
    }

    /** A payload read back: the event, and the process that sent it ({@code -} for a trigger). */
    public record Received(String origin, ChangeEvent event) {
    }

    /** @return the payload of {@code event} published by {@code origin} (no blanks in either) */
    public static String write(String origin, ChangeEvent event) {
        String provider = event.provider() == null || event.provider().isEmpty() || event.provider().matches(".*\\s.*")
                ? "-" : event.provider();
        String kind = event.kind() == ChangeEvent.Kind.UPDATED ? "U" : "L";
        String payload = PREFIX + kind + " " + origin + " " + provider + (event.uri() == null ? "" : " " + event.uri());
        return payload.getBytes(StandardCharsets.UTF_8).length <= MAX_BYTES ? payload : PREFIX + "L " + origin + " -";
    }

    /** @return the event of a payload; empty when it is not one of ours (another program's NOTIFY on the channel) */
    public static Optional<Received> read(String payload) {
        if (payload == null || !payload.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String[] parts = payload.substring(PREFIX.length()).split(" ", 4);
        if (parts.length < 3 || parts[1].isEmpty() || parts[2].isEmpty()) {
            return Optional.empty();
        }
        String provider = parts[2].equals("-") ? null : parts[2];
        String uri = parts.length == 4 && !parts[3].isEmpty() ? parts[3] : null;
        if (parts[0].equals("U") && uri != null) {
            return Optional.of(new Received(parts[1], new ChangeEvent(provider, ChangeEvent.Kind.UPDATED, uri)));
        }
        if (parts[0].equals("L")) {
            return Optional.of(new Received(parts[1], new ChangeEvent(provider, ChangeEvent.Kind.LIST_CHANGED, uri)));
        }
        return Optional.empty();
    }
}
