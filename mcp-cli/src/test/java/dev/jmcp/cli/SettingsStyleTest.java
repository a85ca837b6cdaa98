package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every settings type of the library modules has one shape (docs/decisions.md, "Settings: one
 * style"): a final class with {@code defaults()}, {@code builder()} and {@code toBuilder()}, no public
 * {@code DEFAULTS} field, a getter for each setter of its builder, and no time in a number. The
 * transports are on the module path by service binding, so their classes are found by name.
 */
class SettingsStyleTest {
    @ParameterizedTest
    @ValueSource(strings = {"dev.jmcp.schema.codec.CodecLimits", "dev.jmcp.core.ServerSettings",
            "dev.jmcp.core.ClientOptions", "dev.jmcp.core.session.SessionSettings",
            "dev.jmcp.core.session.RequestOptions", "dev.jmcp.core.resources.ResourceSettings",
            "dev.jmcp.core.resourcetools.ResourceToolsSettings", "dev.jmcp.core.tasks.TaskSettings",
            "dev.jmcp.core.spi.ServeOptions", "dev.jmcp.core.spi.ConnectOptions",
            "dev.jmcp.transport.stdio.StdioSettings", "dev.jmcp.transport.stdio.StdioProcessOptions",
            "dev.jmcp.transport.netty.HttpServerSettings", "dev.jmcp.transport.netty.HttpClientSettings",
            "dev.jmcp.auth.client.OAuthSettings",
            "dev.jmcp.core.auth.ResourceProtection", "dev.jmcp.auth.server.JwtVerifierSettings",
            "dev.jmcp.auth.server.IntrospectionSettings",
            "dev.jmcp.postgres.PostgresSettings",

            "dev.jmcp.skills.SkillSettings"})
    void aSettingsTypeIsBuiltHasDefaultsAndAGetterPerSetter(String name) throws Exception {
        Class<?> type = Class.forName(name);
        Class<?> builder = Class.forName(name + "$Builder");
        assertTrue(Modifier.isFinal(type.getModifiers()) && !type.isRecord(), name + " is a final class, not a record");
        assertEquals(type, staticMethod(type, "defaults").getReturnType());
        assertEquals(builder, staticMethod(type, "builder").getReturnType());
        assertEquals(builder, type.getMethod("toBuilder").getReturnType());
        for (Field field : type.getFields()) {
            assertFalse(field.getType() == type, name + "." + field.getName() + ": defaults() instead of a field");
        }
        List<String> missing = new ArrayList<>();
        for (Method setter : builder.getMethods()) {
            if (setter.getParameterCount() == 1 && setter.getReturnType() == builder && !hasGetter(type, setter.getName())) {
                missing.add(setter.getName());
            }
        }
        assertEquals(List.of(), missing, name + ": setters without a getter of their name");
        for (Method getter : type.getMethods()) {
            String lower = getter.getName().toLowerCase();
            assertFalse(getter.getParameterCount() == 0 && (getter.getReturnType() == long.class
                    || getter.getReturnType() == int.class) && (lower.endsWith("millis") || lower.endsWith("ms")
                    || lower.endsWith("seconds")), name + "." + getter.getName() + ": a time is a Duration");
        }
    }

    private static Method staticMethod(Class<?> type, String name) throws NoSuchMethodException {
        Method method = type.getMethod(name);
        assertTrue(Modifier.isStatic(method.getModifiers()), type.getName() + "." + name + " is static");
        return method;
    }

    private static boolean hasGetter(Class<?> type, String name) {
        return Arrays.stream(type.getMethods()).anyMatch(method -> method.getName().equals(name)
                && method.getParameterCount() == 0 && !Modifier.isStatic(method.getModifiers()));
    }
}
