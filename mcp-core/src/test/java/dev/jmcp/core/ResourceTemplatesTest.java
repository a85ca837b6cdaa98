package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.ListResourceTemplatesResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.ResourceTemplate;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ResourceTemplatesTest {

    private static InMemoryResourceProvider users() {
        return InMemoryResourceProvider.create("users")
                .addTemplate(ResourceTemplate.builder("users://{id}/profile", "profile").mimeType("text/plain").build(),
                        (uri, variables) -> variables.get("id").equals("404") ? List.of()
                                : List.of(new TextResourceContents(Resource.builder(uri, "profile of " + variables.get("id"))
                                .mimeType("text/plain").build(), "user " + variables.get("id"))))
                .addTemplate(ResourceTemplate.of("users://{id}/avatar", "avatar"), (uri, variables) -> List.of())
                .addTemplate(ResourceTemplate.of("users://search{?q}", "search"), (uri, variables) -> List.of());
    }

    @Test
    void templatesListPagesLikeResourcesList() throws Exception {
        try (Harness harness = new Harness(ResourceSettings.builder().pageSize(2).build(), users())) {
            McpClient client = harness.client();
            ListResourceTemplatesResult first = client.resources().templates();
            assertEquals(List.of("users://{id}/profile", "users://{id}/avatar"),
                    first.resourceTemplates().stream().map(ResourceTemplate::uriTemplate).toList());
            ListResourceTemplatesResult second = client.resources().templates(first.nextCursor());
            assertEquals(List.of("search"), second.resourceTemplates().stream().map(ResourceTemplate::name).toList());
            assertNull(second.nextCursor());
            ProtocolException e = Harness.protocolError(() -> client.resources().templates("bogus"));
            assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
            // a resources/list cursor is not a templates cursor
            String listCursor = client.resources().list().nextCursor();
            assertNull(listCursor); // no resources at all
        }
    }

    @Test
    void readIsRoutedThroughAMatchingTemplateWithItsVariables() throws Exception {
        try (Harness harness = new Harness(users())) {
            McpClient client = harness.client();
            TextResourceContents text = (TextResourceContents) client.resources().read("users://42/profile").contents().get(0);
            assertEquals("user 42", text.text());
            assertEquals("profile of 42", text.resource().name());
            assertEquals("users://42/profile", text.uri());
            assertInstanceOf(ResourceNotFoundException.class,
                    Harness.protocolError(() -> client.resources().read("users://404/profile")));
        }
    }

    /** A provider that owns nothing and serves only through its template, recording the variables it is given. */
    private static final class TemplateOnly extends StaticProvider {
        final List<Map<String, String>> seen = new CopyOnWriteArrayList<>();

        TemplateOnly() {
            super("tables", 0);
        }

        @Override
        public boolean owns(String uri) {
            return false;
        }

        @Override
        public List<ResourceTemplate> templates() {
            return List.of(ResourceTemplate.of("db://{table}/rows{?limit}", "rows"));
        }

        @Override
        public Optional<Resource> describe(String uri, Caller caller) {
            return Optional.of(Resource.builder(uri, "rows").mimeType("application/json").build());
        }

        @Override
        public List<ResourceContents> read(Resource resource, ReadContext context) {
            seen.add(context.templateVariables());
            return List.of(TextResourceContents.of(resource.uri(), null, "[]"));
        }
    }

    @Test
    void aProviderThatOwnsNoUriIsReachedThroughItsTemplate() throws Exception {
        TemplateOnly tables = new TemplateOnly();
        try (Harness harness = new Harness(tables)) {
            ResourceContents element = harness.client().resources().read("db://users/rows?limit=5").contents().get(0);
            assertEquals("application/json", element.mimeType());
            assertEquals(List.of(Map.of("table", "users", "limit", "5")), tables.seen);
            assertInstanceOf(ResourceNotFoundException.class,
                    Harness.protocolError(() -> harness.client().resources().read("db://nothing")));
        }
    }
}
