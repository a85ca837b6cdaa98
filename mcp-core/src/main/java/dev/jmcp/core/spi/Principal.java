package dev.jmcp.core.spi;

import dev.jmcp.schema.codec.JsonRuntime;
import jakarta.json.JsonObject;
import java.util.Objects;
import java.util.Set;

/**
 * An authenticated caller: the subject an authorization server vouched for, the scopes its token
 * grants, and the token's claims. Immutable.
 *
 * @since 0.1
 */
public final class Principal {
    private final String subject;
    private final Set<String> scopes;
    private final JsonObject claims;

    private Principal(String subject, Set<String> scopes, JsonObject claims) {
        if (Objects.requireNonNull(subject, "subject").isEmpty()) {
            throw new IllegalArgumentException("a principal's subject is never empty");
        }
        this.subject = subject;
        this.scopes = Set.copyOf(scopes);
        this.claims = Objects.requireNonNull(claims, "claims");
    }

    /**
     * @param subject the {@code sub} the token names; not empty
     * @param scopes  the scopes the token grants; never null
     * @param claims  every claim of the token (or of its introspection); never null
     * @return the principal
     */
    public static Principal of(String subject, Set<String> scopes, JsonObject claims) {
        return new Principal(subject, scopes, claims);
    }

    /** @return a principal with no scopes and no claims but its subject: for tests and stdio programs */
    public static Principal of(String subject) {
        return new Principal(subject, Set.of(), JsonRuntime.provider().createObjectBuilder().add("sub", subject).build());
    }

    /** @return the subject; never empty */
    public String subject() {
        return subject;
    }

    /** @return the scopes granted; unmodifiable, never null */
    public Set<String> scopes() {
        return scopes;
    }

    /** @return true when {@code scope} is granted */
    public boolean hasScope(String scope) {
        return scopes.contains(scope);
    }

    /** @return the token's claims; never null */
    public JsonObject claims() {
        return claims;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Principal that && subject.equals(that.subject) && scopes.equals(that.scopes)
                && claims.equals(that.claims);
    }

    @Override
    public int hashCode() {
        return Objects.hash(subject, scopes, claims);
    }

    @Override
    public String toString() {
        return "Principal[" + subject + ", scopes " + scopes + "]";
    }
}
