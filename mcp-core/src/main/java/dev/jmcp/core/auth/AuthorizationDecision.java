package dev.jmcp.core.auth;

import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.Experimental;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which resources a caller may see. The resources engine asks it for every resource it would
 * otherwise show or serve: the entries of {@code resources/list} (pages stay full and their cursors
 * signed), {@code read}, {@code metadata}, {@code resources/directory/read}, conditional reads,
 * {@code subscribe}, the updates of {@code subscriptions/listen}, {@code templates/list} and a
 * resources dialect's methods alike. A resource it refuses is answered exactly as one that does not
 * exist ({@code -32602} "not found", absent from listings): a caller cannot learn that it is there.
 *
 * <p>Called from handler threads, often (once per listed entry): it must be quick, thread-safe,
 * and do no I/O.
 *
 * @since 0.1
 */
@Experimental
@FunctionalInterface
public interface AuthorizationDecision {

    /**
     * @param caller who asks, with its {@link Caller#principal()} when the request was
     *               authenticated; never null
     * @param uri    the resource's URI as the client spelled it (or as its provider lists it); never null
     * @return true when the caller may see and read the resource
     */
    boolean permits(Caller caller, String uri);

    /**
     * @param caller   as for {@link #permits}
     * @param template a template a provider reads; never null
     * @return true when the caller may see the template in {@code resources/templates/list}; by
     *         default what {@link #permits} says of its {@code uriTemplate}
     */
    default boolean permitsTemplate(Caller caller, ResourceTemplate template) {
        return permits(caller, template.uriTemplate());
    }

    /**
     * The default decision: a caller whose token grants every one of {@code scopes} sees every
     * resource, any other authenticated caller sees none. A caller without a principal is permitted:
     * it came over a transport that takes no OAuth (stdio, whose credentials come from its
     * environment, as the spec says, or an in-process transport), since a protected HTTP endpoint
     * refuses every request without a valid token before the engine sees it.
     *
     * @param scopes the scopes required, such as {@code resources:read}; never null
     * @return the decision; never null
     */
    static AuthorizationDecision requireScopes(List<String> scopes) {
        List<String> required = List.copyOf(scopes);
        return (caller, uri) -> {
            Optional<Principal> principal = caller.principal();
            return principal.isEmpty() || principal.get().scopes().containsAll(required);
        };
    }

    /** @return a decision that permits every caller every resource: the token's scopes alone decide (at the endpoint) */
    static AuthorizationDecision permitAll() {
        return (caller, uri) -> true;
    }

    /**
     * @param other asked only when this decision permits; never null
     * @return a decision that permits what both permit
     */
    default AuthorizationDecision and(AuthorizationDecision other) {
        Objects.requireNonNull(other, "other");
        AuthorizationDecision self = this;
        return new AuthorizationDecision() {
            @Override
            public boolean permits(Caller caller, String uri) {
                return self.permits(caller, uri) && other.permits(caller, uri);
            }

            @Override
            public boolean permitsTemplate(Caller caller, ResourceTemplate template) {
                return self.permitsTemplate(caller, template) && other.permitsTemplate(caller, template);
            }
        };
    }
}
