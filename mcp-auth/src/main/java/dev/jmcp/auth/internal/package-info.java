/** Implementation shared by the server and client sides; not exported. */
package dev.jmcp.auth.internal;
