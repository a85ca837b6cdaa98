package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What the base gives a tree-shaped source that writes only lookup, children and open. */
class TreeResourceProviderTest {
    private static final Instant MODIFIED = Instant.parse("2026-01-02T03:04:05.600Z");

    /**
     * Texts by path ({@code "a b/ü.md"}); a folder is every proper prefix of a path. Its children
     * are every entry of the folder, whatever the page asks, so that the base must filter them.
     */
    static final class MapTree extends TreeResourceProvider {
        final TreeMap<String, String> files;
        /** "after limit" of each children call, as the base passed them. */
        final List<String> asked = new CopyOnWriteArrayList<>();

        MapTree(String rootUri, Map<String, String> files) {
            super("map", rootUri);
            this.files = new TreeMap<>(files);
        }

        @Override
        protected Optional<TreeNode> lookup(TreePath path, Caller caller) {
            if (path.isRoot()) {
                return Optional.of(TreeNode.folder("all"));
            }
            String key = path.toString();
            String name = path.name().orElseThrow();
            if (files.containsKey(key)) {
                return Optional.of(TreeNode.file(name).withSize(files.get(key).getBytes(StandardCharsets.UTF_8).length)
                        .withLastModified(MODIFIED).withVersion("v" + files.get(key).hashCode()));
            }
            return files.keySet().stream().anyMatch(file -> file.startsWith(key + "/"))
                    ? Optional.of(TreeNode.folder(name)) : Optional.empty();
        }

        @Override
        protected Stream<TreeNode> children(TreePath folder, Optional<String> after, int limit, Caller caller) {
            asked.add(after.orElse("-") + " " + limit);
            String prefix = folder.isRoot() ? "" : folder + "/";
            return files.keySet().stream().filter(file -> file.startsWith(prefix))
                    .map(file -> file.substring(prefix.length()).split("/")[0]).distinct().sorted()
                    .map(name -> lookup(folder.child(name), caller).orElseThrow());
        }

        @Override
        protected List<ResourceContents> open(TreePath path, Resource resource, ReadContext context) {
            String text = files.get(path.toString());
            if (text == null) {
                throw ResourceErrors.notFound(resource.uri());
            }
            return List.of(new TextResourceContents(resource, text));
        }
    }

    private final MapTree tree = new MapTree("notes://all", Map.of(
            "a b/ü.md", "# ü", "a b/zeta.txt", "z", "x+y.txt", "plus", "deep/er/file.json", "{}"));

    @Test
    void aVersionGivenToAFileNodeIsTheResourcesVersionAndAFolderHasNone() {
        Resource file = tree.describe("notes://all/x+y.txt", Caller.none()).orElseThrow();
        assertEquals(Optional.of("v" + "plus".hashCode()), tree.version(file));
        assertEquals(Optional.empty(), tree.version(tree.describe("notes://all/deep", Caller.none()).orElseThrow()));
        assertThrows(IllegalArgumentException.class, () -> TreeNode.folder("f").withVersion("1"));
        assertThrows(IllegalArgumentException.class, () -> TreeNode.file("f").withVersion(""));
    }

    @Test
    void theRootIsACollectionOfTypeInodeDirectoryNamedByTheRootUri() {
        Resource root = Calls.metadata(tree, "notes://all");

        assertEquals(Boolean.TRUE, root.isCollection());
        assertEquals(MimeTypes.DIRECTORY, root.mimeType());
        assertEquals("all", root.name());
        assertEquals("notes://all", tree.rootUri());
        assertEquals("map", tree.id());
    }

    @Test
    void listedUrisAreEncodedCanonicallyWithNonAsciiAndSpaces() {
        assertEquals(List.of("notes://all/a%20b", "notes://all/deep", "notes://all/x+y.txt"),
                Calls.top(tree).stream().map(Resource::uri).toList());
        assertEquals(List.of("notes://all/a%20b/zeta.txt", "notes://all/a%20b/%C3%BC.md"), // by String.compareTo
                Calls.children(tree, "notes://all/a%20b").stream().map(Resource::uri).toList());
        assertEquals(List.of("notes://all/deep/er/file.json"),
                Calls.children(tree, "notes://all/deep/er").stream().map(Resource::uri).toList());
    }

    @Test
    void aLeafHasItsSizeItsTypeByExtensionAndItsTimeAsAnIsoAnnotation() {
        Resource leaf = Calls.metadata(tree, "notes://all/a%20b/%C3%BC.md");
        Resource folder = Calls.metadata(tree, "notes://all/deep");

        assertEquals(Boolean.FALSE, leaf.isCollection());
        assertEquals("ü.md", leaf.name());
        assertEquals("text/markdown", leaf.mimeType());
        assertEquals(4L, leaf.size());
        assertEquals("2026-01-02T03:04:05.600Z", leaf.annotations().lastModified());
        assertEquals(MimeTypes.DIRECTORY, folder.mimeType());
        assertEquals(Boolean.TRUE, folder.isCollection());
    }

    @Test
    void describeAndReadEchoTheUriAsTheClientSpelledIt() {
        String lowerCaseEscapes = "notes://all/a%20b/%c3%bc.md";
        String unescaped = "notes://all/a b/ü.md";

        assertEquals(lowerCaseEscapes, Calls.metadata(tree, lowerCaseEscapes).uri());
        assertEquals(unescaped, Calls.metadata(tree, unescaped).uri());
        List<ResourceContents> read = Calls.read(tree, lowerCaseEscapes);
        assertEquals(lowerCaseEscapes, read.get(0).uri());
        assertEquals("# ü", ((TextResourceContents) read.get(0)).text());
    }

    @Test
    void nothingThereIsAnEmptyDescriptionAndAReadOfItIsNotFound() {
        assertEquals(Optional.empty(), Calls.describe(tree, "notes://all/missing"));
        assertEquals(List.of(), Calls.children(tree, "notes://all/missing"));

        Calls.assertInvalidParams(() -> Calls.readUndescribed(tree, "notes://all/missing"), "notes://all/missing", "not found");
    }

    @Test
    void uriSpellingsThatAreNotCanonicalOrClimbOutAreRefusedNamingTheOffset() {
        for (String uri : List.of("notes://all/a%20b/../x+y.txt", "notes://all/a%20b%2Fzeta.txt", "notes://all/a%20b/",
                "notes://all//a%20b", "notes://all/x+y.txt?v=2")) {
            Calls.assertInvalidParams(() -> Calls.describe(tree, uri), uri, "at offset");
            Calls.assertInvalidParams(() -> Calls.readUndescribed(tree, uri), uri, "at offset");
            Calls.assertInvalidParams(() -> Calls.children(tree, uri), uri, "at offset");
        }
        Calls.assertInvalidParams(() -> Calls.describe(tree, "notes://all/a%20b/../x+y.txt"), "notes://all/a%20b/../x+y.txt",
                "at offset 18", "'..' segment");
    }

    @Test
    void ownsTheRootAndWhatGoesOnBelowItWithASlashOnly() {
        assertTrue(tree.owns("notes://all"));
        assertTrue(tree.owns("notes://all/anything/at/all"));
        assertFalse(tree.owns("notes://allx"));
        assertFalse(tree.owns("notes://other"));
    }

    @Test
    void theParentOfAnEntryIsItsFolderAndTheRootHasNone() {
        assertEquals(Optional.of("notes://all/a%20b"), tree.parentOf("notes://all/a%20b/%C3%BC.md"));
        assertEquals(Optional.of("notes://all/a%20b"), tree.parentOf("notes://all/a b/ü.md"), "canonical, however asked");
        assertEquals(Optional.of("notes://all"), tree.parentOf("notes://all/x+y.txt"));
        assertEquals(Optional.empty(), tree.parentOf("notes://all"));
        assertEquals(Optional.empty(), tree.parentOf("notes://all/../x"), "refused: none, never an error");
    }

    @Test
    void aPageOfASubclassThatReturnsEveryEntryIsFilteredAfterThePositionAndLimited() {
        List<ListingEntry> all = Calls.page(tree, "notes://all/a%20b", null, 10);
        assertEquals(List.of("zeta.txt", "ü.md"), all.stream().map(ListingEntry::position).toList(), "positions are names");

        List<ListingEntry> after = Calls.page(tree, "notes://all/a%20b", "ü.md", 10);
        List<ListingEntry> first = Calls.page(tree, null, null, 1);
        List<ListingEntry> second = Calls.page(tree, null, first.get(0).position(), 1);

        assertEquals(List.of(), after, "ü sorts after zeta: nothing is after it");
        assertEquals(List.of("a b"), first.stream().map(ListingEntry::position).toList());
        assertEquals(List.of("deep"), second.stream().map(ListingEntry::position).toList());
        assertEquals(List.of("- 10", "ü.md 10", "- 1", "a b 1"), tree.asked, "after and limit reach the subclass");
    }

    @Test
    void aRootUriThatEndsWithASlashServesItsPathsToo() {
        MapTree slashed = new MapTree("tree:///", Map.of("a b/c.txt", "c"));

        assertEquals(List.of("tree:///a%20b"), Calls.top(slashed).stream().map(Resource::uri).toList());
        assertEquals(List.of("tree:///a%20b/c.txt"),
                Calls.children(slashed, "tree:///a%20b").stream().map(Resource::uri).toList());
        assertEquals("c", ((TextResourceContents) Calls.read(slashed, "tree:///a%20b/c.txt").get(0)).text());
        assertEquals(Optional.of("tree:///"), slashed.parentOf("tree:///a%20b"));
    }

    @Test
    void aRootUriWithATrailingSlashQueryOrFragmentIsRefused() {
        for (String root : List.of("notes://all/", "notes://all?x", "notes://all#x", "")) {
            assertThrows(IllegalArgumentException.class, () -> new MapTree(root, Map.of()), root);
        }
    }
}
