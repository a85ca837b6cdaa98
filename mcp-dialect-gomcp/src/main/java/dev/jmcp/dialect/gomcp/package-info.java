/**
 * The gomcp resources dialect ({@link dev.jmcp.dialect.gomcp.GomcpDialect}): experimental, since it follows
 * a protocol that jmcp does not define and may change with it before 1.0.
 *
 * @since 0.1
 */
@Experimental
package dev.jmcp.dialect.gomcp;

import dev.jmcp.schema.Experimental;
