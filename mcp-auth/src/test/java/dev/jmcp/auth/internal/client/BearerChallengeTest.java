package dev.jmcp.auth.internal.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link BearerChallenge} and the resource check of {@link Discovery}. */
class BearerChallengeTest {

    @Test
    void theBearerParamsAreReadQuotedOrNot() {
        BearerChallenge challenge = BearerChallenge.parse(List.of("Bearer error=\"insufficient_scope\", "
                + "scope=\"a b\", resource_metadata=\"https://x.example.com/.well-known/oauth-protected-resource\""));
        assertEquals("insufficient_scope", challenge.error());
        assertEquals("a b", challenge.scope());
        assertEquals("https://x.example.com/.well-known/oauth-protected-resource", challenge.resourceMetadata());

        assertEquals("invalid_token", BearerChallenge.parse(List.of("bearer error=invalid_token")).error());
    }

    @Test
    void anotherSchemesParamsAreNotTakenForBearers() {
        BearerChallenge challenge = BearerChallenge.parse(List.of("Basic realm=\"x\", scope=\"wrong\", Bearer scope=\"right\""));
        assertEquals("right", challenge.scope());
        assertTrue(BearerChallenge.parse(List.of("Basic realm=\"x\"")).params().isEmpty());
        assertNull(BearerChallenge.parse(List.of()).scope());
    }

    @Test
    void aQuotedValueKeepsEscapedQuotesAndCommas() {
        assertEquals("a \"b\", c", BearerChallenge.parse(List.of("Bearer error_description=\"a \\\"b\\\", c\""))
                .params().get("error_description"));
    }

    @Test
    void metadataCoversTheServerOrAParentPathOfTheSameOrigin() {
        URI server = URI.create("https://mcp.example.com/api/mcp");
        assertTrue(Discovery.covers("https://mcp.example.com/api/mcp", server));
        assertTrue(Discovery.covers("https://MCP.example.com:443/api", server));
        assertTrue(Discovery.covers("https://mcp.example.com", server));
        assertTrue(!Discovery.covers("https://mcp.example.com/ap", server), "a prefix that is not a path segment");
        assertTrue(!Discovery.covers("http://mcp.example.com/api/mcp", server), "another scheme");
        assertTrue(!Discovery.covers("https://evil.example.com/api/mcp", server));
        assertTrue(!Discovery.covers("https://mcp.example.com:8443/api/mcp", server));
        assertTrue(!Discovery.covers("https://mcp.example.com/api/mcp/deeper", server));
    }
}
