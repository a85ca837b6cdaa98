package dev.jmcp.auth.internal.server;

import dev.jmcp.core.auth.InvalidTokenException;
import dev.jmcp.core.spi.Principal;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The checks a token's claims must pass, the same for a JWT's payload and an introspection answer:
 * the issuer, the audience (this server's canonical URI, RFC 8707: a token for another resource is
 * refused, so that no token is ever passed through), the validity window with a skew, and a
 * subject; and the scopes read from {@code scope} (RFC 9068, RFC 7662: space-separated) or
 * {@code scp} (a list, as some servers write it). Each failure says which claim and why, never the token.
 */
public final class Claims {
    private Claims() {
    }

    /**
     * @param issuerRequired true for a JWT, whose {@code iss} must be there; false for an introspection
     *                       answer, whose {@code iss} is checked only when present
     * @param expRequired    true for a JWT (RFC 9068 requires {@code exp})
     * @return the principal the claims name
     * @throws InvalidTokenException naming the claim that fails
     */
    public static Principal principal(JsonObject claims, URI issuer, URI audience, Duration skew, Instant now,
            boolean issuerRequired, boolean expRequired) {
        JsonValue iss = claims.get("iss");
        if (iss == null ? issuerRequired : !(iss instanceof JsonString text && text.getString().equals(issuer.toString()))) {
            throw new InvalidTokenException("the token's issuer (iss) is " + (iss == null ? "missing" : iss)
                    + ", not " + issuer);
        }
        if (!audiences(claims.get("aud")).contains(audience.toString())) {
            throw new InvalidTokenException("the token's audience (aud) does not hold this server, " + audience);
        }
        Instant exp = instant(claims, "exp");
        if (exp == null && expRequired) {
            throw new InvalidTokenException("the token has no expiry (exp)");
        }
        if (exp != null && now.isAfter(exp.plus(skew))) {
            throw new InvalidTokenException("the token expired at " + exp);
        }
        Instant nbf = instant(claims, "nbf");
        if (nbf != null && now.isBefore(nbf.minus(skew))) {
            throw new InvalidTokenException("the token is not valid before " + nbf);
        }
        String subject = text(claims, "sub");
        if (subject == null) {
            throw new InvalidTokenException("the token names no subject (sub)");
        }
        return Principal.of(subject, scopes(claims), claims);
    }

    /** @return the expiry the claims give; null when none */
    public static Instant expiry(JsonObject claims) {
        return instant(claims, "exp");
    }

    private static Set<String> audiences(JsonValue aud) {
        Set<String> all = new LinkedHashSet<>();
        if (aud instanceof JsonString one) {
            all.add(one.getString());
        } else if (aud instanceof JsonArray many) {
            for (JsonValue value : many) {
                if (value instanceof JsonString text) {
                    all.add(text.getString());
                }
            }
        }
        return all;
    }

    private static Set<String> scopes(JsonObject claims) {
        Set<String> scopes = new LinkedHashSet<>();
        for (String member : new String[] {"scope", "scp"}) {
            JsonValue value = claims.get(member);
            if (value instanceof JsonString text) {
                Arrays.stream(text.getString().split(" ")).filter(s -> !s.isEmpty()).forEach(scopes::add);
            } else if (value instanceof JsonArray list) {
                list.stream().filter(JsonString.class::isInstance).map(v -> ((JsonString) v).getString()).forEach(scopes::add);
            }
        }
        return scopes;
    }

    private static Instant instant(JsonObject claims, String member) {
        JsonValue value = claims.get(member);
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonNumber number)) {
            throw new InvalidTokenException("the token's " + member + " is not a number of seconds");
        }
        return Instant.ofEpochSecond(number.longValue());
    }

    private static String text(JsonObject claims, String member) {
        return claims.get(member) instanceof JsonString text && !text.getString().isEmpty() ? text.getString() : null;
    }
}
