package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.common.InputRequiredResult;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ListChangedCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The client against jmcp's own server over Streamable HTTP on 127.0.0.1: {@code server/discover}
 * chooses 2026-07-28, every request then carries the stateless {@code _meta} and the standard
 * headers (which the server checks, answering 400 when one is missing or differs), no session is
 * opened, and a tool that asks twice is answered by the registered handlers.
 */
@ExtendWith(LeakCheck.class)
class ClientNegotiationOverHttpTest {
    /** Not a plain header value: {@code Mcp-Name} must carry it in the Base64 sentinel. */
    private static final String ODD_URI = "mem://héllo wörld ";

    private McpServer server;
    private InMemoryResourceProvider memory;
    private URI uri;

    @BeforeEach
    void start() {
        memory = InMemoryResourceProvider.create("mem")
                .addText(Resource.of("mem://plain", "plain"), "plain text")
                .addText(Resource.of(ODD_URI, "odd"), "odd text");
        server = McpServer.builder().serverInfo("http-negotiation", "2.0").resourceProvider(memory)
                .feature(new TwoQuestions()).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** A tool that asks for the client's roots, then for a name, then answers with both. */
    private static final class TwoQuestions implements ServerFeature {
        @Override
        public void declare(ServerCapabilities.Builder capabilities) {
            capabilities.tools(ListChangedCapability.of(false));
        }

        @Override
        public void register(FeatureHandlers session) {
            session.requestHandler("tools/call", this::call);
        }

        private Object call(Object params, RequestContext context) {
            String state = context.requestState();
            if (state == null) {
                return InputRequiredResult.of(Map.of("roots", ask("roots/list", Json.createObjectBuilder().build())),
                        context.sealRequestState("1"));
            }
            if (state.equals("1")) { // each retry carries the answers of its own round only
                String roots = context.inputResponses().get("roots").getJsonArray("roots").getJsonObject(0)
                        .getString("uri");
                return InputRequiredResult.of(Map.of("name", ask("elicitation/create", Json.createObjectBuilder()
                        .add("message", "name?").add("requestedSchema", Json.createObjectBuilder()).build())),
                        context.sealRequestState("2:" + roots));
            }
            String name = context.inputResponses().get("name").getJsonObject("content").getString("name");
            return Json.createObjectBuilder().add("content", Json.createArrayBuilder().add(Json.createObjectBuilder()
                    .add("type", "text").add("text", state + " " + name))).build();
        }

        private static JsonObject ask(String method, JsonObject params) {
            return Json.createObjectBuilder().add("method", method).add("params", params).build();
        }
    }

    @Test
    void discoverChoosesTheStatelessRevisionAndResourcesWorkWithoutASession() throws Exception {
        try (McpClient client = McpClient.connect(uri)) {
            assertEquals("2026-07-28", client.protocolVersion());
            assertTrue(client.negotiation().reason().startsWith("server/discover offered [2026-07-28"),
                    client.negotiation()::toString);
            assertEquals("http-negotiation", client.serverInfo().name());
            List<String> uris = client.resources().listAll(10).stream().map(Resource::uri).toList();
            assertTrue(uris.contains("mem://plain") && uris.contains(ODD_URI), uris::toString);
            assertEquals("plain text", ((TextResourceContents) client.resources().read("mem://plain").contents()
                    .get(0)).text());
            // the server compares Mcp-Name with params.uri: the sentinel carried the odd one intact
            assertEquals("odd text", ((TextResourceContents) client.resources().read(ODD_URI).contents().get(0))
                    .text());
            assertEquals("odd", client.resources().metadata(ODD_URI).name());
            assertEquals(0, server.sessions().size(), "stateless requests open no session");
        }
    }

    @Test
    void aSubscriptionIsServedThroughSubscriptionsListen() throws Exception {
        try (McpClient client = McpClient.connect(uri)) {
            java.util.concurrent.BlockingQueue<String> updates = new java.util.concurrent.LinkedBlockingQueue<>();
            client.resources().subscribe("mem://plain", updates::add); // returns once the listen is acknowledged
            memory.update("mem://plain", "changed");
            assertEquals("mem://plain", updates.poll(30, TimeUnit.SECONDS));
        }
    }

    private ClientSession session(int maxInputRounds, List<String> asked) {
        ClientSession session = ClientSession.builder(new StreamableHttpTransportProvider().connect(uri))
                .clientInfo(Implementation.of("http-negotiation-test", "1"))
                .maxInputRounds(maxInputRounds)
                .requestHandler("roots/list", (params, context) -> {
                    asked.add("roots/list");
                    return Json.createObjectBuilder().add("roots", Json.createArrayBuilder()
                            .add(Json.createObjectBuilder().add("uri", "file:///work"))).build();
                })
                .requestHandler("elicitation/create", (params, context) -> {
                    asked.add("elicitation/create");
                    return Json.createObjectBuilder().add("action", "accept")
                            .add("content", Json.createObjectBuilder().add("name", "Ada")).build();
                })
                .build();
        session.negotiate(VersionNegotiation.auto()).join();
        return session;
    }

    private static JsonObject call() {
        return Json.createObjectBuilder().add("name", "two-questions").add("arguments", Json.createObjectBuilder())
                .build();
    }

    @Test
    void aToolThatAsksTwiceIsAnsweredRoundByRound() throws Exception {
        List<String> asked = new CopyOnWriteArrayList<>();
        ClientSession session = session(ClientSession.DEFAULT_MAX_INPUT_ROUNDS, asked);
        try {
            JsonObject result = session.sendRequest("tools/call", call(), JsonObject.class).get(30, TimeUnit.SECONDS);
            assertEquals("2:file:///work Ada", result.getJsonArray("content").getJsonObject(0).getString("text"));
            assertEquals(List.of("roots/list", "elicitation/create"), asked);
        } finally {
            session.close();
        }
    }

    @Test
    void moreRoundsThanMaxInputRoundsFailNamingTheSetting() throws Exception {
        List<String> asked = new CopyOnWriteArrayList<>();
        ClientSession session = session(1, asked);
        try {
            CompletionException failure = assertThrows(CompletionException.class,
                    () -> session.sendRequest("tools/call", call(), JsonObject.class).join());
            McpException cause = (McpException) failure.getCause();
            assertTrue(cause.getMessage().contains("maxInputRounds=1"), cause.getMessage());
            assertEquals(List.of("roots/list"), asked, "one round was answered");
        } finally {
            session.close();
        }
    }
}
