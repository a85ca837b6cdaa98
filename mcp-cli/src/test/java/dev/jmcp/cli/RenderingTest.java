package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.resources.Resource;
import java.util.List;
import org.junit.jupiter.api.Test;

class RenderingTest {

    @Test
    void aTableAlignsColumnsAndEndsLinesWithoutBlanks() {
        String table = Table.render(List.of("A", "BB", "C"), List.of(
                List.of("long value", "x", "-"),
                List.of("y", "wider cell", "z")));
        assertEquals("""
                A           BB          C
                long value  x           -
                y           wider cell  z
                """, table);
    }

    @Test
    void theResourceTableShowsNameUriTypeSizeAndKind() {
        String table = Table.resources(List.of(
                Resource.builder("file:///r/a.txt", "a.txt").mimeType("text/plain").size(12L).isCollection(false).build(),
                Resource.builder("file:///r/d", "d").mimeType("inode/directory").isCollection(true).build(),
                Resource.of("mem://x", "x")));
        assertEquals("""
                NAME   URI              MIME TYPE        SIZE  COLLECTION
                a.txt  file:///r/a.txt  text/plain       12    no
                d      file:///r/d      inode/directory  -     yes
                x      mem://x          -                -     -
                """, table);
    }

    @Test
    void anEmptyListingStillHasItsHeader() {
        assertEquals("NAME  URI  MIME TYPE  SIZE  COLLECTION\n", Table.resources(List.of()));
    }

    @Test
    void controlCharactersFromTheServerAreNeutralized() {
        String table = Table.resources(List.of(Resource.of("mem://evil", "bad\u001b[2Jname\nnext")));
        assertFalse(table.contains("\u001b"));
        assertTrue(table.contains("bad?[2Jname next"), table);
        assertEquals(2, table.lines().count());
    }

    @Test
    void wideCharactersCountAsOneColumnEach() {
        String table = Table.render(null, List.of(List.of("é✓", "x"), List.of("ab", "y")));
        assertEquals("é✓  x\nab  y\n", table);
    }

    @Test
    void aTreeIsDrawnWithBranchesAndPipes() {
        TreePrinter.Node root = new TreePrinter.Node("/srv", List.of(
                TreePrinter.Node.leaf("a.txt"),
                new TreePrinter.Node("docs/", List.of(
                        new TreePrinter.Node("img/", List.of(TreePrinter.Node.leaf("logo.png"))),
                        TreePrinter.Node.leaf("readme.md"))),
                new TreePrinter.Node("src/", List.of(TreePrinter.Node.leaf("Main.java")))));
        assertEquals("""
                /srv
                ├── a.txt
                ├── docs/
                │   ├── img/
                │   │   └── logo.png
                │   └── readme.md
                └── src/
                    └── Main.java
                """, TreePrinter.render(root));
    }

    @Test
    void aTreeLineHasOneIndentPerAncestor() {
        assertEquals("│       └── x", TreePrinter.line(List.of(false, true), true, "x"));
        assertEquals("├── y", TreePrinter.line(List.of(), false, "y"));
    }

    @Test
    void theProgressBarShowsTheShareDone() {
        assertEquals("writing [###############---------------]  50%  1.0 MiB / 2.0 MiB",
                ProgressBar.render("writing", 1L << 20, 2L << 20, 30));
        assertEquals("receiving  512 B", ProgressBar.render("receiving", 512, -1, 30));
        assertEquals("w [##########] 100%  12 B / 10 B", ProgressBar.render("w", 12, 10, 10));
    }

    @Test
    void aProgressBarOnNoTerminalDrawsNothing() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        ProgressBar bar = new ProgressBar(new java.io.PrintStream(bytes, true), false);
        bar.update("writing", 1, 2);
        bar.finish("writing", 2, 2);
        assertEquals(0, bytes.size());
    }

    @Test
    void sizesAreShownInBinaryUnits() {
        assertEquals("1023 B", Text.bytes(1023));
        assertEquals("1.5 KiB", Text.bytes(1536));
        assertEquals("3.0 GiB", Text.bytes(3L << 30));
    }

    @Test
    void terminalDevicesAreRecognizedByTheirPath() {
        assertTrue(Terminal.isTerminalDevice("/dev/pts/3"));
        assertTrue(Terminal.isTerminalDevice("/dev/tty1"));
        assertFalse(Terminal.isTerminalDevice("pipe:[12345]"));
        assertFalse(Terminal.isTerminalDevice("/dev/null"));
        assertFalse(Terminal.isTerminalDevice("/tmp/out.txt"));
    }
}
