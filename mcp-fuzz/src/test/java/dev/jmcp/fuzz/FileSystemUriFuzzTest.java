package dev.jmcp.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzzed URIs given to the file-system provider's {@code describe}, {@code read} and {@code list},
 * over a root that holds files, folders, a link inside it and links that point out of it: the
 * answer is either {@link ErrorCodes#INVALID_PARAMS}, nothing, or resources whose URIs and bytes
 * come from inside the root. The files outside hold a marker that must never be read.
 */
class FileSystemUriFuzzTest {
    private static final String SECRET = "OUTSIDE-THE-ROOT";

    private static Path base;
    private static Path root;
    private static FileSystemResourceProvider provider;
    private static List<String> prefixes;

    @BeforeAll
    static void makeTree() throws IOException {
        base = Files.createTempDirectory("jmcp-fuzz-fs").toRealPath();
        root = Files.createDirectories(base.resolve("root"));
        Path outside = Files.createDirectories(base.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), SECRET);
        Files.writeString(base.resolve("secret.txt"), SECRET);
        Files.writeString(root.resolve("a.txt"), "a");
        Files.writeString(root.resolve("sp ace %41.md"), "# b");
        Path dir = Files.createDirectories(root.resolve("dir/sub"));
        Files.write(dir.resolve("c.bin"), new byte[] {0, 1, (byte) 0xff});
        Files.createSymbolicLink(root.resolve("out"), outside);
        Files.createSymbolicLink(root.resolve("dir/secret.txt"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(root.resolve("dir/a-again.txt"), Paths.get("../a.txt"));
        provider = FileSystemResourceProvider.of(root);
        String rootUri = root.toUri().toString();
        prefixes = List.of(rootUri, "file://localhost" + root.toUri().getRawPath(), "file:" + root.toUri().getRawPath(),
                base.toUri().toString(), "file:///", "file:", "");
    }

    @AfterAll
    static void removeTree() throws IOException {
        try (var walk = Files.walk(base)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    /**
     * @param input a digit that picks a prefix (the root's URI in three spellings, its parent, the
     *              file system's root, bare {@code file:}, nothing), then the rest of the URI in UTF-8;
     *              an input that starts with anything else is the whole URI. Seeds stay readable.
     */
    @FuzzTest
    void nothingOutsideTheRootIsEverDescribedOrRead(byte[] input) {
        String uri = uriOf(input);
        Optional<Resource> described;
        try {
            described = provider.describe(uri, Caller.none());
        } catch (ProtocolException refused) {
            assertEquals(ErrorCodes.INVALID_PARAMS, refused.code(), () -> uri + ": " + refused);
            return;
        }
        if (described.isEmpty()) {
            return;
        }
        Resource resource = described.get();
        assertInside(resource);
        if (resource.collection()) {
            // the engine lists a collection rather than read it
            try (Stream<ListingEntry> children = provider.list(Listing.children(uri, null, 20, Caller.none()))) {
                children.forEach(child -> assertInside(child.resource()));
            }
            return;
        }
        List<ResourceContents> read;
        try {
            read = provider.read(resource, ReadContext.none());
        } catch (ProtocolException refused) {
            // a file swapped or gone since it was described: refused or not found, never read
            assertEquals(ErrorCodes.INVALID_PARAMS, refused.code(), () -> uri + ": " + refused);
            return;
        }
        for (ResourceContents contents : read) {
            assertInside(contents.resource());
            assertFalse(bytesOf(contents).contains(SECRET), () -> uri + " read a file outside the root");
        }
    }

    private static String uriOf(byte[] input) {
        int pick = input.length == 0 ? -1 : input[0] - '0';
        if (pick < 0 || pick >= prefixes.size()) {
            return new String(input, StandardCharsets.UTF_8);
        }
        return prefixes.get(pick) + new String(input, 1, input.length - 1, StandardCharsets.UTF_8);
    }

    private static void assertInside(Resource resource) {
        // the provider answers with the URI as asked, which may end with slashes it ignores; Path only
        // takes file: URIs without an authority, and keeps one trailing slash, which a file refuses
        String uri = resource.uri().replaceFirst("^file://localhost/", "file:///").replaceFirst("([^/:])/+$", "$1");
        Path path = Paths.get(URI.create(uri));
        try {
            Path real = path.toRealPath();
            assertTrue(real.startsWith(root), () -> resource.uri() + " is " + real + ", outside " + root);
        } catch (IOException gone) {
            throw new UncheckedIOException(resource.uri() + " names no file", gone);
        }
    }

    private static String bytesOf(ResourceContents contents) {
        if (contents instanceof TextResourceContents text) {
            return text.text();
        }
        try (InputStream in = ((BlobResourceContents) contents).blob().open()) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
