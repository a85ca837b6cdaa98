package dev.jmcp.schema;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks API that may change, or go away, in any release before 1.0 without notice and without a
 * deprecation first: jmcp's extensions of MCP rather than the specification (conditional reads, the
 * children listing of {@code resources/list} with {@code params.uri}, the directory read of SEP-2640) and
 * the gomcp dialect. Everything else in the exported packages is meant to be frozen at 0.1, and the module's
 * API report ({@code api/<artifactId>.api}) shows which declarations carry this mark.
 *
 * <p>On a package it covers every type in it; on a type, every member.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.CONSTRUCTOR, ElementType.PACKAGE})
public @interface Experimental {
}
