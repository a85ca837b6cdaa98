package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.ResourceTemplate;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class InMemoryResourceProviderTest {

    /** Records events as "updated <uri>" and "listChanged". */
    static final class Recorder implements ResourceChanges {
        final List<String> events = new ArrayList<>();

        @Override
        public synchronized void updated(String uri) {
            events.add("updated " + uri);
        }

        @Override
        public synchronized void listChanged() {
            events.add("listChanged");
        }

        synchronized List<String> take() {
            List<String> copy = List.copyOf(events);
            events.clear();
            return copy;
        }
    }

    private static Resource text(String uri, String name) {
        return Resource.builder(uri, name).mimeType("text/plain").build();
    }

    private static List<String> uris(List<Resource> resources) {
        return resources.stream().map(Resource::uri).toList();
    }

    @Test
    void listingKeepsInsertionOrderAndOnlyTopLevelResources() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addText(text("mem://z", "z"), "last letter")
                .addCollection(Resource.of("mem://dir", "dir"))
                .addText("mem://dir", text("mem://dir/inner", "inner"), "hidden from the top")
                .addText(text("mem://a", "a"), "first letter");

        assertEquals(List.of("mem://z", "mem://dir", "mem://a"), uris(Calls.top(memory)));
    }

    @Test
    void leafMetadataSaysNotACollectionAndCarriesTheUtf8SizeOfItsText() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addText(Resource.builder("mem://greeting", "greeting").title("Greeting").mimeType("text/plain").build(), "grüß 𝄞");

        Resource metadata = Calls.metadata(memory, "mem://greeting");

        assertEquals(Boolean.FALSE, metadata.isCollection());
        assertEquals(11L, metadata.size()); // g r ü(2) ß(2) space 𝄞(4)
        assertEquals("Greeting", metadata.title());
        assertEquals(Optional.empty(), Calls.describe(memory, "mem://missing"));
    }

    @Test
    void declaredSizeIsKeptInMetadata() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addText(Resource.builder("mem://a", "a").size(1000L).build(), "abc");

        assertEquals(1000L, Calls.metadata(memory, "mem://a").size());
        assertEquals(3L, Calls.read(memory, "mem://a").get(0).resource().size());
    }

    @Test
    void readReturnsTheTextWithTheFullMetadataUnderTheRequestedUri() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addText(Resource.builder("mem://doc", "doc").description("a doc").mimeType("text/markdown").build(), "# Title");

        List<ResourceContents> contents = Calls.read(memory, "mem://doc");

        TextResourceContents only = assertInstanceOf(TextResourceContents.class, contents.get(0));
        assertEquals(1, contents.size());
        assertEquals("# Title", only.text());
        assertEquals("mem://doc", only.uri());
        assertEquals("doc", only.resource().name());
        assertEquals("a doc", only.resource().description());
        assertEquals("text/markdown", only.mimeType());
        assertEquals(Boolean.FALSE, only.resource().isCollection());
    }

    @Test
    void blobLeafIsReadAsItsBytesWithItsLengthAsSize() {
        byte[] bytes = {1, 2, 3, 0, (byte) 0xFF};
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addBlob(Resource.builder("mem://bin", "bin").mimeType("application/octet-stream").build(), Blob.of(bytes));

        BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class, Calls.read(memory, "mem://bin").get(0));

        assertArrayEquals(bytes, blob.blob().toByteArray());
        assertEquals(5L, blob.resource().size());
        assertEquals(5L, Calls.metadata(memory, "mem://bin").size());
    }

    @Test
    void formatAlternativesAreReadInOrderEachWithItsOwnMimeTypeAndSizeAndTheSameUri() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addText(Resource.builder("mem://report", "report").mimeType("text/markdown").build(), "# R")
                .addFormat("mem://report", "text/html", "<h1>R</h1>")
                .addFormat("mem://report", "application/pdf", Blob.of(new byte[] {'%', 'P', 'D', 'F'}));

        List<ResourceContents> contents = Calls.read(memory, "mem://report");

        assertEquals(List.of("text/markdown", "text/html", "application/pdf"), contents.stream().map(ResourceContents::mimeType).toList());
        assertEquals(List.of(3L, 10L, 4L), contents.stream().map(c -> c.resource().size()).toList());
        assertTrue(contents.stream().allMatch(c -> c.uri().equals("mem://report") && c.resource().name().equals("report")));
        assertEquals("text/markdown", Calls.metadata(memory, "mem://report").mimeType(), "the primary format stays");
    }

    @Test
    void childrenComeInInsertionOrderAndKnowTheirParent() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addCollection(Resource.of("mem://dir", "dir"))
                .addText("mem://dir", text("mem://dir/b", "b"), "B")
                .addCollection("mem://dir", Resource.of("mem://dir/sub", "sub"))
                .addText("mem://dir", text("mem://dir/a", "a"), "A");

        assertEquals(List.of("mem://dir/b", "mem://dir/sub", "mem://dir/a"), uris(Calls.children(memory, "mem://dir")));
        assertEquals(Boolean.TRUE, Calls.metadata(memory, "mem://dir").isCollection());
        assertEquals(Optional.of("mem://dir"), memory.parentOf("mem://dir/a"));
        assertEquals(Optional.empty(), memory.parentOf("mem://dir"));
        assertEquals(List.of(), uris(Calls.children(memory, "mem://dir/sub")));
    }

    @Test
    void readOfACollectionIsRefusedBecauseTheFeatureListsItsChildren() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem").addCollection(Resource.of("mem://dir", "dir"));

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Calls.read(memory, "mem://dir"));

        assertTrue(refused.getMessage().contains("is a collection"), refused.getMessage());
    }

    @Test
    void readOfAnUnknownUriIsNotFoundWithItsUri() {
        Calls.assertInvalidParams(() -> Calls.readUndescribed(InMemoryResourceProvider.create("mem"), "mem://nothing"),
                "mem://nothing", "not found");
    }

    @Test
    void readOfAResourceRemovedSinceItWasDescribedIsNotFound() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem").addText(text("mem://a", "a"), "A");
        Resource described = Calls.metadata(memory, "mem://a");
        memory.remove("mem://a");

        Calls.assertInvalidParams(() -> memory.read(described, ReadContext.none()), "mem://a", "not found");
    }

    @Test
    void ownsRegisteredUrisAndUrisBelowRegisteredCollectionsOnly() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addCollection(Resource.of("mem://dir", "dir"))
                .addCollection(Resource.of("mem://slashed/", "slashed"))
                .addText(text("mem://leaf", "leaf"), "x");

        assertTrue(memory.owns("mem://dir"));
        assertTrue(memory.owns("mem://dir/not-registered"));
        assertTrue(memory.owns("mem://dir/not/registered/either"));
        assertTrue(memory.owns("mem://slashed/below"));
        assertFalse(memory.owns("mem://slashed"));
        assertFalse(memory.owns("mem://dir/"));
        assertTrue(memory.owns("mem://leaf"));
        assertFalse(memory.owns("mem://leaf/below-a-leaf"));
        assertFalse(memory.owns("mem://directory"));
        assertFalse(memory.owns("file:///etc/passwd"));
    }

    @Test
    void addingFiresListChangedAndUpdatedForTheCollectionThatHoldsIt() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem");
        Recorder recorder = new Recorder();
        memory.start(recorder);

        memory.addCollection(Resource.of("mem://dir", "dir"));
        memory.addText("mem://dir", text("mem://dir/a", "a"), "A");

        assertEquals(List.of("listChanged", "listChanged", "updated mem://dir"), recorder.take());
    }

    @Test
    void updateFiresUpdatedAndReplacesTheBodyAndSize() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem").addText(text("mem://a", "a"), "old");
        Recorder recorder = new Recorder();
        memory.start(recorder);

        memory.update("mem://a", "newer text");

        assertEquals(List.of("updated mem://a"), recorder.take());
        TextResourceContents read = assertInstanceOf(TextResourceContents.class, Calls.read(memory, "mem://a").get(0));
        assertEquals("newer text", read.text());
        assertEquals(10L, Calls.metadata(memory, "mem://a").size());
    }

    @Test
    void updateOfAnUnknownUriIsRefused() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem");

        assertThrows(IllegalArgumentException.class, () -> memory.update("mem://missing", "x"));
    }

    @Test
    void removeFiresListChangedAndTakesTheCollectionsDescendantsWithIt() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addCollection(Resource.of("mem://dir", "dir"))
                .addCollection("mem://dir", Resource.of("mem://dir/sub", "sub"))
                .addText("mem://dir/sub", text("mem://dir/sub/x", "x"), "X")
                .addText(text("mem://keep", "keep"), "K");
        Recorder recorder = new Recorder();
        memory.start(recorder);

        assertTrue(memory.remove("mem://dir"));

        assertEquals(List.of("listChanged"), recorder.take());
        assertEquals(List.of("mem://keep"), uris(Calls.top(memory)));
        assertEquals(Optional.empty(), Calls.describe(memory, "mem://dir/sub/x"));
        assertFalse(memory.remove("mem://dir"));
    }

    @Test
    void removingAChildAlsoFiresUpdatedForItsCollection() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addCollection(Resource.of("mem://dir", "dir"))
                .addText("mem://dir", text("mem://dir/a", "a"), "A");
        Recorder recorder = new Recorder();
        memory.start(recorder);

        memory.remove("mem://dir/a");

        assertEquals(List.of("listChanged", "updated mem://dir"), recorder.take());
    }

    @Test
    void closingTheProviderStopsTheEventsToEverySink() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem");
        Recorder first = new Recorder();
        Recorder second = new Recorder();
        memory.start(first);
        memory.start(second);
        memory.addText(text("mem://a", "a"), "A");
        assertEquals(List.of("listChanged"), first.take());
        assertEquals(List.of("listChanged"), second.take());

        memory.close();
        memory.addText(text("mem://b", "b"), "B");

        assertEquals(List.of(), first.take());
        assertEquals(List.of(), second.take());
        assertEquals(2, Calls.top(memory).size(), "the resources stay");
    }

    @Test
    void duplicateUriAndUnknownParentAreRefused() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem").addText(text("mem://a", "a"), "A");

        IllegalArgumentException duplicate = assertThrows(IllegalArgumentException.class, () -> memory.addText(text("mem://a", "a"), "B"));
        IllegalArgumentException orphan = assertThrows(IllegalArgumentException.class,
                () -> memory.addText("mem://a", text("mem://a/b", "b"), "B"));

        assertTrue(duplicate.getMessage().contains("already registered"), duplicate.getMessage());
        assertTrue(orphan.getMessage().contains("not a registered collection"), orphan.getMessage());
    }

    @Test
    void templateReadUsesTheVariablesTheFeatureMatchedInTheReadContext() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addTemplate(ResourceTemplate.of("mem://users/{id}", "user"), (uri, variables) -> List.of(
                        new TextResourceContents(Resource.builder(uri, "user " + variables.get("id")).mimeType("text/plain").build(),
                                "hello " + variables.get("id"))));
        // the engine matched the template already
        ReadContext context = ReadContext.of(Caller.none(), Map.of("id", "from-context"));

        TextResourceContents read = assertInstanceOf(TextResourceContents.class,
                memory.read(Calls.metadata(memory, "mem://users/42"), context).get(0));

        assertEquals("hello from-context", read.text());
        assertEquals("mem://users/42", read.uri());
        assertEquals(List.of("mem://users/{id}"), memory.templates().stream().map(ResourceTemplate::uriTemplate).toList());
    }

    @Test
    void templateUrisAreOwnedAndReadableOutsideARequestByMatchingHere() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("mem")
                .addTemplate(ResourceTemplate.of("mem://users/{id}", "user"), (uri, variables) -> variables.get("id").equals("0")
                        ? List.of()
                        : List.of(new TextResourceContents(Resource.of(uri, "user"), "id=" + variables.get("id"))));

        assertTrue(memory.owns("mem://users/7"));
        assertFalse(memory.owns("mem://groups/7"));
        TextResourceContents read = assertInstanceOf(TextResourceContents.class, Calls.read(memory, "mem://users/7").get(0));
        assertEquals("id=7", read.text());
        assertEquals("user", Calls.metadata(memory, "mem://users/7").name());
        assertEquals(Optional.empty(), Calls.describe(memory, "mem://users/0"));
        assertThrows(ProtocolException.class, () -> Calls.readUndescribed(memory, "mem://users/0"),
                "nothing there: not found, never empty contents");
    }
}
