package dev.jmcp.auth.keycloak;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a test class the one {@link Keycloak} of the test run ({@code @ExtendWith(KeycloakExtension.class)}
 * and a {@code Keycloak} parameter). It is started by the first class that asks and kept in the root
 * store, which closes it (stopping the process tree) when the whole run ends: a start costs tens of
 * seconds and half a gigabyte, so there is one per run. A start that fails fails every test that asks,
 * with Keycloak's log, without trying again (each try could take minutes); nothing is skipped.
 */
public final class KeycloakExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(KeycloakExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Keycloak.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return keycloak(context);
    }

    /** The run's Keycloak, started on first use. */
    public static Keycloak keycloak(ExtensionContext context) {
        // the root store closes an AutoCloseable value when the run ends
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(Start.class, key -> Start.attempt(), Start.class)
                .keycloak();
    }

    /** The one attempt to start: Keycloak, or why it did not start. */
    private record Start(Keycloak started, RuntimeException failure) implements AutoCloseable {

        static Start attempt() {
            try {
                return new Start(Keycloak.start(), null);
            } catch (RuntimeException e) {
                return new Start(null, e);
            }
        }

        Keycloak keycloak() {
            if (failure != null) {
                throw new IllegalStateException("Keycloak did not start for this test run: " + failure.getMessage(), failure);
            }
            return started;
        }

        @Override
        public void close() {
            if (started != null) {
                started.close();
            }
        }
    }
}
