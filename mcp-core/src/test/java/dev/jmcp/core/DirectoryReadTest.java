package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadDirectoryRequestParams;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SEP-2640's {@code resources/directory/read} over the in-memory transport: the children of a
 * SEP-2093 collection, paged and cursored as {@code resources/list} with {@code params.uri} pages
 * them, a child collection marked {@code inode/directory}.
 */
class DirectoryReadTest {
    private static final String SKILL = "skill://pdf-processing";
    private static final String SKILL_MD = SKILL + "/SKILL.md";
    private static final String REFERENCES = SKILL + "/references";

    private static InMemoryResourceProvider skill() {
        return InMemoryResourceProvider.create("skills")
                .addCollection(Resource.of(SKILL, "pdf-processing"))
                .addText(SKILL, Resource.builder(SKILL_MD, "pdf-processing").mimeType("text/markdown").build(), "# skill")
                .addCollection(SKILL, Resource.of(REFERENCES, "references"))
                .addText(REFERENCES, Resource.of(REFERENCES + "/FORMS.md", "FORMS.md"), "forms")
                .addText(REFERENCES, Resource.of(REFERENCES + "/TABLES.md", "TABLES.md"), "tables")
                .addText(REFERENCES, Resource.of(REFERENCES + "/IMAGES.md", "IMAGES.md"), "images");
    }

    private static ListResourcesResult read(McpClient client, String uri, String cursor) throws Exception {
        return client.session().sendRequest(McpMethodNames.RESOURCES_DIRECTORY_READ,
                ReadDirectoryRequestParams.of(uri, cursor), ListResourcesResult.class).get(10, TimeUnit.SECONDS);
    }

    private static ProtocolException failure(McpClient client, String uri, String cursor) {
        return Harness.protocolError(() -> {
            try {
                read(client, uri, cursor);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new java.util.concurrent.CompletionException(e.getCause());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void aDirectoryReadsAsItsDirectChildrenWithSubdirectoriesMarkedInodeDirectory() throws Exception {
        try (Harness harness = new Harness(skill())) {
            ListResourcesResult page = read(harness.client(), SKILL, null);

            assertEquals(List.of(SKILL_MD, REFERENCES), page.resources().stream().map(Resource::uri).toList());
            assertEquals("text/markdown", page.resources().get(0).mimeType());
            assertEquals(ReadDirectoryRequestParams.DIRECTORY_MIME_TYPE, page.resources().get(1).mimeType());
            assertEquals(Boolean.TRUE, page.resources().get(1).isCollection());
            assertNull(page.nextCursor());
        }
    }

    @Test
    void pagesFollowThePageSizeAndItsCursorsAreResourcesListCursors() throws Exception {
        try (Harness harness = new Harness(ResourceSettings.builder().pageSize(2).build(), skill())) {
            McpClient client = harness.client();
            ListResourcesResult first = read(client, REFERENCES, null);
            assertEquals(2, first.resources().size());
            assertNotNull(first.nextCursor());

            ListResourcesResult second = read(client, REFERENCES, first.nextCursor());
            // the same listing as resources/list with params.uri: its cursor works there too
            ListResourcesResult listed = client.resources().children(REFERENCES, first.nextCursor());

            List<String> all = new ArrayList<>(first.resources().stream().map(Resource::uri).toList());
            all.addAll(second.resources().stream().map(Resource::uri).toList());
            assertEquals(List.of(REFERENCES + "/FORMS.md", REFERENCES + "/TABLES.md", REFERENCES + "/IMAGES.md"), all);
            assertNull(second.nextCursor());
            assertEquals(second.resources(), listed.resources());
        }
    }

    @Test
    void aFileIsNotADirectory() {
        try (Harness harness = new Harness(skill())) {
            ProtocolException e = failure(harness.client(), SKILL_MD, null);

            assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
            assertEquals("params.uri is not a collection: resources/directory/read lists the children of a resource "
                    + "with isCollection: true", e.getMessage());
            assertEquals(SKILL_MD, ((JsonObject) e.data()).getString("uri"));
        }
    }

    @Test
    void anUnknownUriIsInvalidParamsNamingIt() {
        try (Harness harness = new Harness(skill())) {
            ProtocolException e = failure(harness.client(), "skill://nowhere", null);

            assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
            assertEquals("skill://nowhere", ((JsonObject) e.data()).getString("uri"));
        }
    }

    @Test
    void aCursorOfAnotherDirectoryIsRefused() throws Exception {
        InMemoryResourceProvider provider = skill().addCollection(Resource.of("skill://other", "other"))
                .addText("skill://other", Resource.of("skill://other/a", "a"), "a")
                .addText("skill://other", Resource.of("skill://other/b", "b"), "b");
        try (Harness harness = new Harness(ResourceSettings.builder().pageSize(1).build(), provider)) {
            McpClient client = harness.client();
            String ofReferences = read(client, REFERENCES, null).nextCursor();

            ProtocolException e = failure(client, "skill://other", ofReferences);
            assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
        }
    }

    @Test
    void aFolderOfTheFileSystemProviderReadsAsADirectory(@TempDir Path root) throws Exception {
        Path skill = Files.createDirectories(root.resolve("pdf-processing"));
        Files.writeString(skill.resolve("SKILL.md"), "---\nname: pdf-processing\n---\n");
        Files.writeString(Files.createDirectories(skill.resolve("references")).resolve("FORMS.md"), "forms");
        try (Harness harness = new Harness(FileSystemResourceProvider.of(root))) {
            McpClient client = harness.client();
            String folder = client.resources().list().resources().stream()
                    .filter(resource -> resource.name().equals("pdf-processing")).findFirst().orElseThrow().uri();

            List<Resource> children = read(client, folder, null).resources();

            assertEquals(List.of("SKILL.md", "references"), children.stream().map(Resource::name).sorted().toList());
            Resource references = children.stream().filter(Resource::collection).findFirst().orElseThrow();
            assertEquals(ReadDirectoryRequestParams.DIRECTORY_MIME_TYPE, references.mimeType());
            Resource manifest = children.stream().filter(child -> !child.collection()).findFirst().orElseThrow();
            assertEquals(ErrorCodes.INVALID_PARAMS, failure(client, manifest.uri(), null).code());
        }
    }
}
