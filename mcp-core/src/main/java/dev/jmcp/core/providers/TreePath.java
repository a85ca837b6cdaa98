package dev.jmcp.core.providers;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A path in a {@link TreeResourceProvider}'s tree: the decoded names from the root down, none for
 * the root. Immutable.
 *
 * @since 0.1
 */
public final class TreePath {
    private static final TreePath ROOT = new TreePath(List.of());

    private final List<String> segments;

    private TreePath(List<String> segments) {
        this.segments = segments;
    }

    /** @return the root */
    public static TreePath root() {
        return ROOT;
    }

    /**
     * @param segments names from the root down; each not empty and without {@code /}
     * @return the path
     */
    public static TreePath of(List<String> segments) {
        for (String segment : segments) {
            if (segment.isEmpty() || segment.indexOf('/') >= 0) {
                throw new IllegalArgumentException("a tree path segment is not empty and holds no '/': '" + segment + "'");
            }
        }
        return segments.isEmpty() ? ROOT : new TreePath(List.copyOf(segments));
    }

    /** @return the names from the root down; empty for the root; unmodifiable */
    public List<String> segments() {
        return segments;
    }

    /** @return true for the root */
    public boolean isRoot() {
        return segments.isEmpty();
    }

    /** @return the last name; empty for the root */
    public Optional<String> name() {
        return isRoot() ? Optional.empty() : Optional.of(segments.get(segments.size() - 1));
    }

    /** @return the path of the folder that holds this one; empty for the root */
    public Optional<TreePath> parent() {
        return isRoot() ? Optional.empty() : Optional.of(of(segments.subList(0, segments.size() - 1)));
    }

    /** @return the path of a child of this one */
    public TreePath child(String name) {
        List<String> longer = new ArrayList<>(segments.size() + 1);
        longer.addAll(segments);
        longer.add(Objects.requireNonNull(name, "name"));
        return of(longer);
    }

    /** @return the names joined with {@code /}: {@code "docs/a.md"}; {@code ""} for the root */
    @Override
    public String toString() {
        return String.join("/", segments);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TreePath that && segments.equals(that.segments);
    }

    @Override
    public int hashCode() {
        return segments.hashCode();
    }
}
