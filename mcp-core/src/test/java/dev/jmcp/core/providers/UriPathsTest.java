package dev.jmcp.core.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class UriPathsTest {
    private static final String ROOT = "notes://all";

    private static void assertRefused(String root, String uri, int maxSegments, String... says) {
        Calls.assertInvalidParams(() -> UriPaths.below(root, uri, maxSegments), uri, says);
    }

    @Test
    void aSegmentKeepsUnreservedCharactersAndPcharAndEncodesTheRestAsUtf8() {
        assertEquals("aZ09-._~!$&'()*+,;=:@", UriPaths.encodeSegment("aZ09-._~!$&'()*+,;=:@"));
        assertEquals("b%20c", UriPaths.encodeSegment("b c"));
        assertEquals("%C3%BC%F0%9D%84%9E", UriPaths.encodeSegment("ü𝄞"));
        assertEquals("a%2Fb%5Cc%25d%3Fe%23f", UriPaths.encodeSegment("a/b\\c%d?e#f"));
    }

    @Test
    void aChildIsItsParentASlashAndItsEncodedNameAndATrailingSlashIsNotDoubled() {
        assertEquals("notes://all/a%20b", UriPaths.child(ROOT, "a b"));
        assertEquals("file:///etc", UriPaths.child("file:///", "etc"));
        assertEquals("notes://all/a/b%2Fc", UriPaths.join(ROOT, List.of("a", "b/c")));
        assertEquals(ROOT, UriPaths.join(ROOT, List.of()));
    }

    @Test
    void belowDecodesWhatJoinEncodes() {
        List<String> names = List.of("a b", "ü", "per%cent", "q?#", "[x]", "+;=");
        String uri = UriPaths.join(ROOT, names);

        assertEquals(names, UriPaths.below(ROOT, uri, 256));
        assertEquals(List.of(), UriPaths.below(ROOT, ROOT, 256));
        assertEquals(List.of("a", "b"), UriPaths.below("file:///", "file:///a/b", 256), "a root that ends with '/'");
    }

    @Test
    void aUriThatIsNotBelowTheRootIsRefused() {
        assertRefused(ROOT, "other://all/a", 256, "not under notes://all");
        assertRefused(ROOT, "notes://allx", 256, "at offset 11", "goes on with '/'");
    }

    @Test
    void emptySegmentsAndATrailingSlashAreRefusedNamingTheirOffset() {
        assertRefused(ROOT, "notes://all/", 256, "at offset 12", "empty segment");
        assertRefused(ROOT, "notes://all//a", 256, "at offset 12", "empty segment");
        assertRefused(ROOT, "notes://all/a/", 256, "at offset 14", "empty segment");
    }

    @Test
    void dotSegmentsAlsoEncodedAreRefused() {
        assertRefused(ROOT, "notes://all/a/../b", 256, "at offset 14", "'..' segment");
        assertRefused(ROOT, "notes://all/%2e%2E", 256, "at offset 12", "'..' segment");
        assertRefused(ROOT, "notes://all/.", 256, "at offset 12", "'.' segment");
    }

    @Test
    void encodedSeparatorsNulAndBadEscapesAreRefused() {
        assertRefused(ROOT, "notes://all/a%2Fb", 256, "at offset 12", "path separator");
        assertRefused(ROOT, "notes://all/a%5cb", 256, "at offset 12", "path separator");
        assertRefused(ROOT, "notes://all/a%00", 256, "at offset 12", "NUL");
        assertRefused(ROOT, "notes://all/x/a%zz", 256, "at offset 14", "malformed percent escape");
        assertRefused(ROOT, "notes://all/%C3%28", 256, "at offset 12", "not valid UTF-8");
    }

    @Test
    void aSegmentIsANameThatBelowWouldAccept() {
        for (String name : List.of("a", "ü b", "..a", ".hidden", "x%2Fy")) {
            assertTrue(UriPaths.isSegment(name), name);
            assertEquals(List.of(name), UriPaths.below("r://x", UriPaths.child("r://x", name), 8));
        }
        for (String name : List.of("", ".", "..", "a/b", "a\\b", "nul\0")) {
            assertFalse(UriPaths.isSegment(name), name);
        }
    }

    @Test
    void utf8BodiesAreTextAndOthersAreNot() {
        assertEquals(Optional.of("ü"), MimeTypes.utf8("ü".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(Optional.empty(), MimeTypes.utf8(new byte[] {(byte) 0xC3}));
    }

    @Test
    void aQueryOrFragmentIsRefusedNamingItsOffset() {
        assertRefused(ROOT, "notes://all/a?x=1", 256, "at offset 13", "query or fragment");
        assertRefused(ROOT, "notes://all/a#top", 256, "at offset 13", "query or fragment");
    }

    @Test
    void morePathSegmentsThanTheBoundAreRefusedBeforeAnyIsDecoded() {
        assertEquals(List.of("a", "b", "c"), UriPaths.below(ROOT, "notes://all/a/b/c", 3));
        assertRefused(ROOT, "notes://all/a/b/c/..", 3, "at offset 17", "maxPathSegments=3");
        assertRefused("file:///", "file:///a/b/c/d", 3, "maxPathSegments=3");
    }
}
