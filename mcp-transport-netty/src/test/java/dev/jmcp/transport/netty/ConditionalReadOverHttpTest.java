package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.Resource;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * jmcp's conditional reads over Streamable HTTP, as bytes on the wire: a read that holds the current
 * version gets a response of a few hundred bytes instead of the content, in a session and statelessly.
 */
@ExtendWith(LeakCheck.class)
class ConditionalReadOverHttpTest {
    private static final String BIG_URI = "test://big";
    private static final String BIG = "x".repeat(100_000);
    private static final Pattern VERSION = Pattern.compile("\"" + Pattern.quote(ConditionalReads.VERSION) + "\":\"([^\"]+)\"");

    private McpServer server;
    private URI uri;

    @BeforeEach
    void start() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addText(Resource.builder(BIG_URI, "big").mimeType("text/plain").build(), BIG);
        server = McpServer.builder().serverInfo("conditional-http", "1").resourceProvider(memory).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static String version(String body) {
        Matcher matcher = VERSION.matcher(body);
        assertTrue(matcher.find(), body.length() > 500 ? body.substring(0, 500) : body);
        return matcher.group(1);
    }

    private static String ifNoneMatch(String version) {
        return "\"" + ConditionalReads.IF_NONE_MATCH + "\":\"" + version + "\"";
    }

    private HttpResponse<String> statelessRead(String extraMeta) throws Exception {
        String meta = Raw.STATELESS_META.substring(0, Raw.STATELESS_META.length() - 1) + extraMeta + "}";
        return Raw.send(Raw.post(uri, Raw.call(1, "resources/read", "\"uri\":\"" + BIG_URI + "\"," + meta),
                "MCP-Protocol-Version", "2026-07-28", "Mcp-Method", "resources/read", "Mcp-Name", BIG_URI));
    }

    private HttpResponse<String> sessionRead(String session, String meta) throws Exception {
        return Raw.send(Raw.post(uri, Raw.call(2, "resources/read", "\"uri\":\"" + BIG_URI + "\"" + meta),
                "Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"));
    }

    @Test
    void aStatelessReadOfTheHeldVersionCarriesNoContent() throws Exception {
        HttpResponse<String> full = statelessRead("");
        String version = version(full.body());

        HttpResponse<String> again = statelessRead("," + ifNoneMatch(version));

        assertEquals(200, again.statusCode());
        assertTrue(full.body().length() > BIG.length(), "the first read carries the content");
        assertTrue(again.body().length() < 1_000, again.body());
        assertTrue(again.body().contains("\"contents\":[]") && again.body().contains("\"" + ConditionalReads.NOT_MODIFIED
                + "\":true") && again.body().contains("\"ttlMs\""), again.body());
        assertFalse(statelessRead("," + ifNoneMatch("stale")).body().length() < BIG.length(), "a stale version gets it");
    }

    @Test
    void aSessionReadOfTheHeldVersionCarriesNoContent() throws Exception {
        String session = Raw.initialize(uri);
        HttpResponse<String> full = sessionRead(session, "");
        String version = version(full.body());

        HttpResponse<String> again = sessionRead(session, ",\"_meta\":{" + ifNoneMatch(version) + "}");

        assertEquals(200, again.statusCode());
        assertTrue(full.body().length() > BIG.length());
        assertTrue(again.body().length() < 1_000, again.body());
        assertTrue(again.body().contains("\"contents\":[]"), again.body());
        assertTrue(sessionRead(session, ",\"_meta\":{" + ifNoneMatch("stale") + "}").body().length() > BIG.length());
    }
}
