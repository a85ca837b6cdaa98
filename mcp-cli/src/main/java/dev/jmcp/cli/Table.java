package dev.jmcp.cli;

import dev.jmcp.schema.resources.Resource;
import java.util.ArrayList;
import java.util.List;

/**
 * Plain-text tables: columns separated by two spaces, each as wide as its widest cell, no
 * trailing blanks. Cells are made printable first ({@link Text#printable}).
 */
final class Table {
    private Table() {
    }

    /** The columns of {@code jmcp ls}. */
    static final List<String> RESOURCE_COLUMNS = List.of("NAME", "URI", "MIME TYPE", "SIZE", "COLLECTION");

    /** @return the table of {@code jmcp ls}: one row per resource under a header, even when there are none */
    static String resources(List<Resource> resources) {
        List<List<String>> rows = new ArrayList<>();
        for (Resource resource : resources) {
            rows.add(List.of(
                    Text.printable(resource.name()),
                    Text.printable(resource.uri()),
                    Text.printable(resource.mimeType()),
                    resource.size() == null ? "-" : Long.toString(resource.size()),
                    resource.isCollection() == null ? "-" : resource.isCollection() ? "yes" : "no"));
        }
        return render(RESOURCE_COLUMNS, rows);
    }

    /**
     * @param header the column titles; null for a table without a header
     * @param rows   each as many cells as the header (or the first row) has
     * @return the lines, each ending with a newline
     */
    static String render(List<String> header, List<List<String>> rows) {
        List<List<String>> all = new ArrayList<>();
        if (header != null) {
            all.add(header);
        }
        all.addAll(rows);
        if (all.isEmpty()) {
            return "";
        }
        int columns = all.get(0).size();
        int[] widths = new int[columns];
        for (List<String> row : all) {
            if (row.size() != columns) {
                throw new IllegalArgumentException("a row has " + row.size() + " cells, the table " + columns);
            }
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], Text.width(Text.printable(row.get(c))));
            }
        }
        StringBuilder out = new StringBuilder();
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = Text.printable(row.get(c));
                line.append(cell);
                if (c < columns - 1) {
                    line.append(" ".repeat(widths[c] - Text.width(cell) + 2));
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
