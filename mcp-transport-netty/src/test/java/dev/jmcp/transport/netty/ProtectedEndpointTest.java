package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.auth.InvalidTokenException;
import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.auth.TokenVerifier;
import dev.jmcp.core.auth.VerifierUnavailableException;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.schema.common.InputRequiredResult;
import java.util.Map;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.ResourceContents;
import java.util.Optional;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A protected {@link McpServer} over real sockets on 127.0.0.1: the RFC 9728 metadata, each way a
 * request is refused (with its status, its challenge, and nothing served: no session, no provider
 * call), and the verified principal deciding what each caller sees, over Streamable HTTP of both
 * eras and the legacy HTTP+SSE transport. The verifier here is a table of tokens, so that each
 * outcome of the SPI is one token; real tokens are verified in mcp-auth's tests.
 */
@ExtendWith(LeakCheck.class)
class ProtectedEndpointTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private static final URI ISSUER = URI.create("https://as.example.com/realms/mcp");

    private final AtomicInteger verified = new AtomicInteger();
    private final AtomicInteger described = new AtomicInteger();
    private McpServer server;
    private URI uri;

    /** alice may see secrets; bob may read, not secrets; carol may not even read; "down" and "broken" cannot be decided. */
    private final TokenVerifier table = new TokenVerifier() {
        @Override
        public String name() {
            return "table";
        }

        @Override
        public Principal verify(String token) {
            verified.incrementAndGet();
            return switch (token) {
                case "alice" -> Principal.of("alice", Set.of("resources:read", "secrets"), claims("alice"));
                case "bob" -> Principal.of("bob", Set.of("resources:read"), claims("bob"));
                case "carol" -> Principal.of("carol", Set.of("profile"), claims("carol"));
                case "down" -> throw new VerifierUnavailableException("https://as.example.com/jwks is down");
                case "broken" -> throw new IllegalStateException("a bug in the verifier");
                default -> throw new InvalidTokenException("expired at 2026-01-01T00:00:00Z");
            };
        }
    };

    private static JsonObject claims(String subject) {
        return JSON.createObjectBuilder().add("sub", subject).build();
    }

    @BeforeEach
    void start() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory");
        memory.addCollection(Resource.of("test://all", "all"));
        // secrets and public entries interleaved, so that a page of public ones must skip secrets
        for (int i = 0; i < 7; i++) {
            String kind = i % 2 == 0 ? "secret" : "public";
            memory.addText("test://all", Resource.builder("test://all/" + i + "-" + kind, i + "-" + kind)
                    .mimeType("text/plain").build(), kind + " " + i);
        }
        ResourceProtection protection = ResourceProtection.builder()
                .authorizationServers(List.of(ISSUER))
                .verifier(table)
                .resourceName("protected test server")
                .decision((caller, uri) -> !uri.contains("secret")
                        || caller.principal().map(p -> p.hasScope("secrets")).orElse(false))
                .build();
        server = McpServer.builder().serverInfo("protected", "1").resourceProvider(new Counting(memory))
                .resourceSettings(ResourceSettings.builder().pageSize(2).build())
                .feature(new Rounds()).protection(protection)
                // a server that would let everyone share its caches, were it not protected
                .settings(dev.jmcp.core.ServerSettings.builder().defaultCacheHint(
                        dev.jmcp.core.spi.CacheHint.publicFor(60_000)).build())
                .build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
        described.set(0);
    }

    /** tools/call of any name: asks for input once, with a sealed requestState, and answers the retry with the state. */
    private static final class Rounds implements ServerFeature {
        @Override
        public void declare(dev.jmcp.schema.lifecycle.ServerCapabilities.Builder capabilities) {
            // a test method: nothing to declare
        }

        @Override
        public void register(FeatureHandlers session) {
            session.requestHandler("tools/call", (params, context) -> {
                String state = context.requestState();
                if (state == null) {
                    return InputRequiredResult.of(Map.of("name", JSON.createObjectBuilder()
                            .add("method", "elicitation/create").add("params", JSON.createObjectBuilder()
                                    .add("message", "name?").add("requestedSchema", JSON.createObjectBuilder())).build()),
                            context.sealRequestState("sealed for " + context.principal().orElseThrow().subject()));
                }
                return JSON.createObjectBuilder().add("state", state).build();
            });
        }
    }

    /** The in-memory provider, counting what it is asked: a refused request must ask nothing. */
    private final class Counting implements ResourceProvider {
        private final ResourceProvider inner;

        Counting(ResourceProvider inner) {
            this.inner = inner;
        }

        @Override
        public String id() {
            return inner.id();
        }

        @Override
        public Optional<Resource> describe(String uri, Caller caller) {
            described.incrementAndGet();
            return inner.describe(uri, caller);
        }

        @Override
        public Stream<ListingEntry> list(Listing listing) {
            described.incrementAndGet();
            return inner.list(listing);
        }

        @Override
        public List<ResourceContents> read(Resource resource, ReadContext context) {
            return inner.read(resource, context);
        }
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private String metadataUrl() {
        return "http://127.0.0.1:" + uri.getPort() + "/.well-known/oauth-protected-resource/mcp";
    }

    private static JsonObject json(HttpResponse<String> response) {
        return JSON.createReader(new StringReader(response.body())).readObject();
    }

    private HttpResponse<String> stateless(String token, String method, String params) throws Exception {
        List<String> headers = new ArrayList<>(List.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method));
        if (token != null) {
            headers.addAll(List.of("Authorization", "Bearer " + token));
        }
        if (params.startsWith("\"uri\"") && method.equals("resources/read")) {
            headers.addAll(List.of("Mcp-Name", params.substring(7, params.indexOf('"', 7))));
        }
        if (params.startsWith("\"name\"") && method.equals("tools/call")) {
            headers.addAll(List.of("Mcp-Name", params.substring(8, params.indexOf('"', 8))));
        }
        return Raw.send(Raw.post(uri, Raw.call(1, method, params + (params.isEmpty() ? "" : ",") + Raw.STATELESS_META),
                headers.toArray(String[]::new)));
    }

    private void nothingServed() {
        assertEquals(0, server.sessions().size(), "no session was opened");
        assertEquals(0, described.get(), "no provider was asked");
    }

    @Test
    void theMetadataIsServedAtTheWellKnownPathAndItsPathInsertedForm() throws Exception {
        for (String path : List.of("/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp")) {
            HttpResponse<String> response = Raw.send(HttpRequest.newBuilder(uri.resolve(path)).GET());
            assertEquals(200, response.statusCode(), path);
            JsonObject metadata = json(response);
            assertEquals(uri.toString(), metadata.getString("resource"));
            assertEquals(List.of(ISSUER.toString()), metadata.getJsonArray("authorization_servers")
                    .getValuesAs(jakarta.json.JsonString::getString));
            assertEquals("resources:read", metadata.getJsonArray("scopes_supported").getString(0));
            assertEquals("protected test server", metadata.getString("resource_name"));
        }
        assertEquals(0, verified.get(), "the metadata needs no token");
    }

    @Test
    void aRequestWithoutATokenGets401WithTheChallengeOnEveryTransport() throws Exception {
        List<HttpResponse<String>> refused = List.of(
                Raw.send(Raw.post(uri, Raw.INITIALIZE)),
                stateless(null, "resources/list", ""),
                Raw.send(HttpRequest.newBuilder(uri).header("Accept", "text/event-stream")
                        .header("Mcp-Session-Id", "whatever").GET()),
                Raw.send(HttpRequest.newBuilder(uri.resolve("/sse")).header("Accept", "text/event-stream").GET()),
                Raw.send(Raw.post(uri.resolve("/messages?sessionId=x"), Raw.call(1, "resources/list", ""))),
                Raw.send(Raw.post(uri, Raw.INITIALIZE, "Authorization", "Basic YWxpY2U6c2VjcmV0")));
        for (HttpResponse<String> response : refused) {
            assertEquals(401, response.statusCode(), response.request().uri().toString());
            assertEquals("Bearer resource_metadata=\"" + metadataUrl() + "\", scope=\"resources:read\"",
                    response.headers().firstValue("WWW-Authenticate").orElseThrow());
        }
        assertEquals(0, verified.get());
        nothingServed();
    }

    @Test
    void aRequestWithoutATokenIsRefusedBeforeItsBodyIsRead() throws Exception {
        // declares a body far over maxMessageBytes and sends none: refused on its head, not 413, not a wait
        String status = Raw.statusOverSocket(uri, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
                + "\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n");
        assertEquals("HTTP/1.1 401 Unauthorized", status);
        String malformed = Raw.statusOverSocket(uri, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
                + "\r\nAuthorization: Bearer a b\r\nContent-Length: 1000000000\r\n\r\n");
        assertEquals("HTTP/1.1 400 Bad Request", malformed);
        nothingServed();
    }

    @Test
    void aHeaderThatIsNotOneBearerTokenGets400InvalidRequest() throws Exception {
        for (String header : List.of("Bearer", "Bearer two words", "Bearer tok\"en", "Bearer =abc")) {
            HttpResponse<String> response = Raw.send(Raw.post(uri, Raw.INITIALIZE, "Authorization", header));
            assertEquals(400, response.statusCode(), header);
            assertTrue(response.headers().firstValue("WWW-Authenticate").orElseThrow().contains("error=\"invalid_request\""));
        }
        HttpResponse<String> twice = Raw.send(Raw.post(uri, Raw.INITIALIZE, "Authorization", "Bearer alice",
                "Authorization", "Bearer bob"));
        assertEquals(400, twice.statusCode());
        assertTrue(json(twice).getJsonObject("error").getString("message").contains("2 Authorization headers"));
        assertEquals(0, verified.get());
        nothingServed();
    }

    @Test
    void aRefusedTokenGets401InvalidTokenSayingWhy() throws Exception {
        HttpResponse<String> response = Raw.send(Raw.post(uri, Raw.INITIALIZE, "Authorization", "Bearer stale"));
        assertEquals(401, response.statusCode());
        assertEquals("Bearer resource_metadata=\"" + metadataUrl() + "\", scope=\"resources:read\", "
                + "error=\"invalid_token\", error_description=\"expired at 2026-01-01T00:00:00Z\"",
                response.headers().firstValue("WWW-Authenticate").orElseThrow());
        assertFalse(response.body().contains("stale"), "the token is never echoed");
        nothingServed();
    }

    @Test
    void aTokenWithoutTheRequiredScopeGets403InsufficientScopeNamingIt() throws Exception {
        HttpResponse<String> response = stateless("carol", "resources/list", "");
        assertEquals(403, response.statusCode());
        String challenge = response.headers().firstValue("WWW-Authenticate").orElseThrow();
        assertTrue(challenge.contains("error=\"insufficient_scope\""), challenge);
        assertTrue(challenge.contains("scope=\"resources:read\""), challenge);
        nothingServed();
    }

    @Test
    void aVerifierThatCannotDecideGets503NamingItNeverAPass() throws Exception {
        for (String token : List.of("down", "broken")) {
            HttpResponse<String> response = stateless(token, "resources/list", "");
            assertEquals(503, response.statusCode(), token);
            String message = json(response).getJsonObject("error").getString("message");
            assertTrue(message.startsWith("the token verifier table is unavailable"), message);
        }
        assertTrue(json(stateless("down", "resources/list", "")).getJsonObject("error").getString("message")
                .contains("jwks is down"));
        nothingServed();
    }

    @Test
    void aTokenLongerThanMaxTokenBytesIsRefusedUnverifiedAndA64KiBHeaderGets431() throws Exception {
        String longToken = "a".repeat(ResourceProtection.DEFAULT_MAX_TOKEN_BYTES + 1);
        server.close();
        ResourceProtection protection = ResourceProtection.builder().authorizationServers(List.of(ISSUER)).verifier(table).build();
        server = McpServer.builder().serverInfo("protected", "1").resourceProvider(InMemoryResourceProvider.create("m"))
                .protection(protection).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp"), dev.jmcp.core.spi.ServeOptions.builder()
                .set("maxHeaderBytes", String.valueOf(64 * 1024)).build()).address();
        HttpResponse<String> response = Raw.send(Raw.post(uri, Raw.INITIALIZE, "Authorization", "Bearer " + longToken));
        assertEquals(401, response.statusCode());
        assertTrue(response.headers().firstValue("WWW-Authenticate").orElseThrow()
                .contains("exceeds maxTokenBytes=" + ResourceProtection.DEFAULT_MAX_TOKEN_BYTES));
        String huge = "a".repeat(64 * 1024);
        String status = Raw.statusOverSocket(uri, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
                + "\r\nAuthorization: Bearer " + huge + "\r\nContent-Length: 0\r\n\r\n");
        assertEquals("HTTP/1.1 431 Request Header Fields Too Large", status);
        assertEquals(0, verified.get());
        assertEquals(0, server.sessions().size());
    }

    @Test
    void theVerifiedPrincipalDecidesWhatEachCallerSeesAndAHiddenResourceLooksMissing() throws Exception {
        String secret = "test://all/0-secret";
        HttpResponse<String> alice = stateless("alice", "resources/read", "\"uri\":\"" + secret + "\"");
        assertEquals(200, alice.statusCode(), alice.body());
        assertEquals("secret 0", json(alice).getJsonObject("result").getJsonArray("contents").getJsonObject(0)
                .getString("text"));
        JsonObject hidden = json(stateless("bob", "resources/read", "\"uri\":\"" + secret + "\"")).getJsonObject("error");
        JsonObject missing = json(stateless("bob", "resources/read", "\"uri\":\"test://all/9-secret\""))
                .getJsonObject("error");
        assertEquals(missing.getInt("code"), hidden.getInt("code"));
        assertEquals(missing.getString("message").replace("9-secret", "0-secret"), hidden.getString("message"));
        assertEquals(missing.getJsonObject("data").getString("uri").replace("9-secret", "0-secret"),
                hidden.getJsonObject("data").getString("uri"));
        for (String method : List.of("resources/metadata", "resources/directory/read")) {
            assertEquals(json(stateless("bob", method, "\"uri\":\"test://all/9-secret\"")).getJsonObject("error")
                    .getString("message").replace("9-secret", "0-secret"),
                    json(stateless("bob", method, "\"uri\":\"" + secret + "\"")).getJsonObject("error").getString("message"),
                    method);
        }
    }

    @Test
    void aFilteredListingHasFullPagesAndSignedCursors() throws Exception {
        assertEquals(List.of("test://all/1-public", "test://all/3-public", "test://all/5-public"), listAll("bob"));
        assertEquals(7, listAll("alice").size());
        // a cursor is still signed: a changed one is refused
        JsonObject first = json(stateless("bob", "resources/list", "\"uri\":\"test://all\"")).getJsonObject("result");
        String cursor = first.getString("nextCursor");
        JsonObject forged = json(stateless("bob", "resources/list", "\"uri\":\"test://all\",\"cursor\":\""
                + cursor.substring(0, cursor.length() - 2) + "AA\""));
        assertEquals(-32602, forged.getJsonObject("error").getInt("code"));
    }

    private List<String> listAll(String token) throws Exception {
        List<String> uris = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonObject result = json(stateless(token, "resources/list", "\"uri\":\"test://all\""
                    + (cursor == null ? "" : ",\"cursor\":\"" + cursor + "\""))).getJsonObject("result");
            JsonArray resources = result.getJsonArray("resources");
            cursor = result.getString("nextCursor", null);
            if (cursor != null) {
                assertEquals(2, resources.size(), "a page is short only at the end");
            }
            resources.forEach(r -> uris.add(r.asJsonObject().getString("uri")));
            pages++;
        } while (cursor != null && pages < 10);
        return uris;
    }

    @Test
    void aSessionBelongsToTheSubjectThatOpenedItAndEachRequestNeedsItsOwnToken() throws Exception {
        HttpResponse<String> init = Raw.send(Raw.post(uri, Raw.INITIALIZE, "Authorization", "Bearer alice"));
        assertEquals(200, init.statusCode(), init.body());
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        Raw.send(Raw.post(uri, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", "Mcp-Session-Id",
                session, "MCP-Protocol-Version", "2025-11-25", "Authorization", "Bearer alice"));
        String read = Raw.call(2, "resources/read", "\"uri\":\"test://all/0-secret\"");
        HttpResponse<String> asAlice = Raw.send(Raw.post(uri, read, "Mcp-Session-Id", session,
                "MCP-Protocol-Version", "2025-11-25", "Authorization", "Bearer alice"));
        assertTrue(asAlice.body().contains("secret 0"), asAlice.body());
        HttpResponse<String> asBob = Raw.send(Raw.post(uri, read, "Mcp-Session-Id", session,
                "MCP-Protocol-Version", "2025-11-25", "Authorization", "Bearer bob"));
        assertEquals(404, asBob.statusCode(), "a session is found only for the subject that opened it: " + asBob.body());
        assertTrue(asBob.body().contains("no session " + session), asBob.body());
        HttpResponse<String> without = Raw.send(Raw.post(uri, read, "Mcp-Session-Id", session,
                "MCP-Protocol-Version", "2025-11-25"));
        assertEquals(401, without.statusCode());
    }

    @Test
    void aRequestStateIsRefusedWhenAnotherPrincipalPresentsIt() throws Exception {
        JsonObject first = json(stateless("alice", "tools/call", "\"name\":\"rounds\""));
        assertTrue(first.containsKey("result"), first.toString());
        String state = first.getJsonObject("result").getString("requestState");
        String retry = "\"name\":\"rounds\",\"requestState\":\"" + state + "\",\"inputResponses\":{\"name\":{\"action\":\"accept\","
                + "\"content\":{\"name\":\"x\"}}}";
        assertEquals("sealed for alice", json(stateless("alice", "tools/call", retry)).getJsonObject("result")
                .getString("state"));
        JsonObject asBob = json(stateless("bob", "tools/call", retry));
        assertEquals(-32602, asBob.getJsonObject("error").getInt("code"), asBob.toString());
        assertTrue(asBob.getJsonObject("error").getString("message").contains("requestState"), asBob.toString());
    }

    @Test
    void aProtectedResultMayBeCachedOnlyPrivately() throws Exception {
        JsonObject result = json(stateless("bob", "resources/list", "\"uri\":\"test://all\"")).getJsonObject("result");
        assertEquals("private", result.getString("cacheScope"), result.toString());
        assertEquals(60_000, result.getInt("ttlMs"), result.toString());
    }

    @Test
    void theLegacyTransportServesTheSamePrincipal() throws Exception {
        HttpResponse<Stream<String>> stream = Raw.HTTP.send(HttpRequest.newBuilder(uri.resolve("/sse"))
                .header("Accept", "text/event-stream").header("Authorization", "Bearer bob").GET().build(),
                HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, stream.statusCode());
        try (Stream<String> lines = stream.body()) {
            var it = lines.iterator();
            String endpoint = null;
            while (endpoint == null && it.hasNext()) {
                String line = it.next();
                if (line.startsWith("data: ")) {
                    endpoint = line.substring(6);
                }
            }
            URI messages = uri.resolve(endpoint);
            assertEquals(401, Raw.send(Raw.post(messages, Raw.INITIALIZE)).statusCode());
            assertEquals(404, Raw.send(Raw.post(messages, Raw.INITIALIZE, "Authorization", "Bearer alice")).statusCode(),
                    "bob's session is not alice's");
            assertEquals(202, Raw.send(Raw.post(messages, Raw.INITIALIZE.replace("2025-11-25", "2024-11-05"),
                    "Authorization", "Bearer bob")).statusCode());
            Raw.send(Raw.post(messages, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                    "Authorization", "Bearer bob"));
            assertEquals(202, Raw.send(Raw.post(messages, Raw.call(5, "resources/read", "\"uri\":\"test://all/0-secret\""),
                    "Authorization", "Bearer bob")).statusCode());
            String answer = null;
            while (answer == null && it.hasNext()) {
                String line = it.next();
                if (line.startsWith("data: ") && line.contains("\"id\":5")) {
                    answer = line;
                }
            }
            assertTrue(answer != null && answer.contains("-32602"), String.valueOf(answer));
        }
    }
}
