package dev.jmcp.core.internal.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The rules of one .gitignore file, as gitignore(5) describes them. */
class GitIgnoreTest {
    private static Boolean decide(String rules, String path, boolean directory) {
        return GitIgnore.parse(rules).decide(path, directory);
    }

    private static boolean ignored(String rules, String path) {
        return Boolean.TRUE.equals(decide(rules, path, false));
    }

    @Test
    void aNameWithoutASlashMatchesAtAnyDepth() {
        assertEquals(true, ignored("*.log", "debug.log"));
        assertEquals(true, ignored("*.log", "a/b/debug.log"));
        assertEquals(false, ignored("*.log", "debug.log.txt"));
        assertEquals(true, ignored("build", "src/build"));
    }

    @Test
    void aSlashAtTheStartOrInTheMiddleAnchorsToTheFilesFolder() {
        assertEquals(true, ignored("/TODO", "TODO"));
        assertEquals(false, ignored("/TODO", "sub/TODO"));
        assertEquals(true, ignored("doc/frotz", "doc/frotz"));
        assertEquals(false, ignored("doc/frotz", "a/doc/frotz"));
    }

    @Test
    void aTrailingSlashMatchesFoldersOnly() {
        assertEquals(true, decide("target/", "target", true));
        assertNull(decide("target/", "target", false));
        assertEquals(true, decide("target/", "module/target", true), "no other slash: any depth");
    }

    @Test
    void theLastMatchingRuleDecidesAndANegationReincludes() {
        assertEquals(false, decide("*.txt\n!keep.txt", "keep.txt", false));
        assertEquals(true, decide("*.txt\n!keep.txt", "drop.txt", false));
        assertEquals(true, decide("!keep.txt\n*.txt", "keep.txt", false), "a later rule wins");
        assertNull(decide("*.txt", "a.md", false));
    }

    @Test
    void starAndQuestionMarkNeverMatchASlash() {
        assertEquals(false, ignored("a/*.c", "a/b/x.c"));
        assertEquals(true, ignored("a/*.c", "a/x.c"));
        assertEquals(true, ignored("fil?.txt", "file.txt"));
        assertEquals(false, ignored("a?b", "a/b"));
    }

    @Test
    void doubleStarsMatchAnyNumberOfFolders() {
        assertEquals(true, ignored("**/foo", "foo"));
        assertEquals(true, ignored("**/foo", "x/y/foo"));
        assertEquals(true, ignored("**/foo/bar", "x/foo/bar"));
        assertEquals(true, ignored("abc/**", "abc/x/y"));
        assertEquals(false, ignored("abc/**", "abc"), "everything inside, not the folder itself");
        assertEquals(true, ignored("a/**/b", "a/b"));
        assertEquals(true, ignored("a/**/b", "a/x/y/b"));
        assertEquals(false, ignored("a/**/b", "a/xb"));
        assertEquals(true, ignored("a**b", "axxb"), "not a whole segment: a plain star");
        assertEquals(false, ignored("a**b", "a/b"));
    }

    @Test
    void characterClassesRangesAndNegatedClasses() {
        assertEquals(true, ignored("*.[oa]", "x.o"));
        assertEquals(false, ignored("*.[oa]", "x.c"));
        assertEquals(true, ignored("v[0-9]", "v7"));
        assertEquals(true, ignored("v[!0-9]", "vx"));
        assertEquals(false, ignored("v[!0-9]", "v7"));
        assertEquals(true, ignored("[]]x", "]x"), "a ] first is a member");
        assertEquals(true, ignored("a[", "a["), "an unclosed [ is itself");
    }

    @Test
    void commentsBlankLinesEscapesAndTrailingSpaces() {
        assertNull(decide("# a comment\n\n   \n", "# a comment", false));
        assertEquals(true, ignored("\\#hash", "#hash"));
        assertEquals(true, ignored("\\!bang", "!bang"));
        assertEquals(true, ignored("name   ", "name"), "trailing spaces dropped");
        assertEquals(true, ignored("name\\ ", "name "), "an escaped space kept");
        assertEquals(true, ignored("\\*", "*"));
        assertEquals(false, ignored("\\*", "x"));
        assertEquals(true, ignored("a.txt\r\nb.txt\r\n", "b.txt"), "CRLF lines");
    }
}
