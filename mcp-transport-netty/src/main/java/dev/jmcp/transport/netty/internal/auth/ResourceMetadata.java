package dev.jmcp.transport.netty.internal.auth;

import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.schema.codec.JsonRuntime;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * RFC 9728 protected resource metadata: the document, and where it is served. The well-known path
 * is {@value #WELL_KNOWN}, alone and with the resource's path inserted after it (RFC 9728 section
 * 3.1: {@code https://host/mcp} has its metadata at {@code https://host/.well-known/oauth-protected-resource/mcp}),
 * which the challenges name, since it tells the resources of one host apart.
 */
final class ResourceMetadata {
    static final String WELL_KNOWN = "/.well-known/oauth-protected-resource";

    private final URI resource;
    private final byte[] document;
    private final Set<String> paths = new LinkedHashSet<>();

    /**
     * @param protection the settings; never null
     * @param resource   the canonical URI: the settings' own, else the URL served; never null
     * @param served     the path of the MCP endpoint on this server, which may differ from the
     *                   resource's behind a proxy; never null
     */
    ResourceMetadata(ResourceProtection protection, URI resource, String served) {
        this.resource = resource;
        JsonObjectBuilder json = JsonRuntime.provider().createObjectBuilder().add("resource", resource.toString());
        JsonArrayBuilder servers = JsonRuntime.provider().createArrayBuilder();
        protection.authorizationServers().forEach(issuer -> servers.add(issuer.toString()));
        json.add("authorization_servers", servers);
        JsonArrayBuilder scopes = JsonRuntime.provider().createArrayBuilder();
        protection.scopesSupported().forEach(scopes::add);
        json.add("scopes_supported", scopes);
        json.add("bearer_methods_supported", JsonRuntime.provider().createArrayBuilder().add("header"));
        if (protection.resourceName() != null) {
            json.add("resource_name", protection.resourceName());
        }
        if (protection.resourceDocumentation() != null) {
            json.add("resource_documentation", protection.resourceDocumentation().toString());
        }
        this.document = json.build().toString().getBytes(StandardCharsets.UTF_8);
        paths.add(WELL_KNOWN);
        paths.add(WELL_KNOWN + trimmed(served));
        paths.add(WELL_KNOWN + trimmed(resource.getPath()));
    }

    private static String trimmed(String path) {
        if (path == null || path.equals("/")) {
            return "";
        }
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** @return true when {@code path} is one of the places the document is served */
    boolean servedAt(String path) {
        return paths.contains(path);
    }

    /** @return the document, UTF-8 JSON; a copy */
    byte[] document() {
        return document.clone();
    }

    /** @return the URL the challenges give as {@code resource_metadata}: the path-inserted form on the resource's origin */
    String url() {
        return resource.getScheme() + "://" + resource.getRawAuthority() + WELL_KNOWN + trimmed(resource.getRawPath());
    }

    /** @return the canonical resource URI */
    URI resource() {
        return resource;
    }
}
