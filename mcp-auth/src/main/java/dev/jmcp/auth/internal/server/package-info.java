/**
 * The resource server's verifiers underneath: bounded fetches, authorization server discovery, the
 * cached key set, the claim checks, the introspection cache. Not exported.
 */
package dev.jmcp.auth.internal.server;
