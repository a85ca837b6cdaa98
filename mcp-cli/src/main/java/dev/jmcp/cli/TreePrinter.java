package dev.jmcp.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Draws a tree with {@code ├──}, {@code └──} and {@code │}, one line at a time, so that
 * {@code jmcp tree} can print each entry as soon as it is known instead of after the whole walk.
 */
final class TreePrinter {
    private TreePrinter() {
    }

    /**
     * A whole tree, for {@link #render}.
     *
     * @param label    what the line shows
     * @param children never null
     */
    record Node(String label, List<Node> children) {
        Node {
            children = List.copyOf(children);
        }

        static Node leaf(String label) {
            return new Node(label, List.of());
        }
    }

    /**
     * @param ancestorsLast for each ancestor below the root, whether it was the last of its siblings
     * @param last          whether this entry is the last of its siblings
     * @param label         the entry
     * @return its line, without a newline; the label is made printable
     */
    static String line(List<Boolean> ancestorsLast, boolean last, String label) {
        StringBuilder line = new StringBuilder();
        for (boolean ancestorLast : ancestorsLast) {
            line.append(ancestorLast ? "    " : "│   ");
        }
        return line.append(last ? "└── " : "├── ").append(Text.printable(label)).toString();
    }

    /** @return the lines of the whole tree, the root's label first, each ending with a newline */
    static String render(Node root) {
        StringBuilder out = new StringBuilder(Text.printable(root.label())).append('\n');
        render(root.children(), new ArrayList<>(), out);
        return out.toString();
    }

    private static void render(List<Node> children, List<Boolean> ancestorsLast, StringBuilder out) {
        for (int i = 0; i < children.size(); i++) {
            Node child = children.get(i);
            boolean last = i == children.size() - 1;
            out.append(line(ancestorsLast, last, child.label())).append('\n');
            ancestorsLast.add(last);
            render(child.children(), ancestorsLast, out);
            ancestorsLast.remove(ancestorsLast.size() - 1);
        }
    }
}
