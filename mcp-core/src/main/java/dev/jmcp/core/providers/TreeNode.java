package dev.jmcp.core.providers;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One entry of a {@link TreeResourceProvider}'s tree as its source knows it: a folder or a file,
 * with what is known of it. The base turns it into a {@link dev.jmcp.schema.resources.Resource}.
 * Immutable; the {@code with} methods return copies.
 *
 * @since 0.1
 */
public final class TreeNode {
    private final String name;
    private final boolean folder;
    private final long size; // -1 when unknown
    private final Instant lastModified;
    private final String mimeType;
    private final String version;

    private TreeNode(String name, boolean folder, long size, Instant lastModified, String mimeType, String version) {
        if (Objects.requireNonNull(name, "name").isEmpty() || name.indexOf('/') >= 0) {
            throw new IllegalArgumentException("a tree node's name is not empty and holds no '/': '" + name + "'");
        }
        this.name = name;
        this.folder = folder;
        this.size = size;
        this.lastModified = lastModified;
        this.mimeType = mimeType;
        this.version = version;
    }

    /** @param name the folder's name (the root's is the tree's name) @return a folder: a collection */
    public static TreeNode folder(String name) {
        return new TreeNode(name, true, -1, null, null, null);
    }

    /** @param name the file's name, whose extension gives its MIME type unless one is set @return a file: a leaf */
    public static TreeNode file(String name) {
        return new TreeNode(name, false, -1, null, null, null);
    }

    /** @param bytes the file's size in bytes, at least 0 @return a copy with that size */
    public TreeNode withSize(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a size is never negative, was " + bytes);
        }
        return new TreeNode(name, folder, bytes, lastModified, mimeType, version);
    }

    /** @param time when the entry last changed; sent as {@code annotations.lastModified} @return a copy */
    public TreeNode withLastModified(Instant time) {
        return new TreeNode(name, folder, size, Objects.requireNonNull(time, "time"), mimeType, version);
    }

    /** @param type the MIME type, when the extension does not say it @return a copy */
    public TreeNode withMimeType(String type) {
        return new TreeNode(name, folder, size, lastModified, Objects.requireNonNull(type, "type"), version);
    }

    /**
     * @param value the version of a file's content, for conditional reads (a CRC, a hash, a
     *              revision; see {@link dev.jmcp.core.spi.ResourceProvider#version}); not empty
     * @return a copy with that version, which the tree base gives as the resource's version
     */
    public TreeNode withVersion(String value) {
        if (Objects.requireNonNull(value, "value").isEmpty()) {
            throw new IllegalArgumentException("a version is never empty");
        }
        if (folder) {
            throw new IllegalArgumentException("a folder has no content, so no version: " + name);
        }
        return new TreeNode(name, folder, size, lastModified, mimeType, value);
    }

    /** @return the name */
    public String name() {
        return name;
    }

    /** @return true for a folder (a collection) */
    public boolean isFolder() {
        return folder;
    }

    /** @return the size in bytes; empty when unknown, and for a folder */
    public OptionalLong size() {
        return size < 0 ? OptionalLong.empty() : OptionalLong.of(size);
    }

    /** @return when it last changed; empty when unknown */
    public Optional<Instant> lastModified() {
        return Optional.ofNullable(lastModified);
    }

    /** @return the MIME type that was set; empty when the base chooses ({@code inode/directory}, or by extension) */
    public Optional<String> mimeType() {
        return Optional.ofNullable(mimeType);
    }

    /** @return the version that was set; empty when none was */
    public Optional<String> version() {
        return Optional.ofNullable(version);
    }

    @Override
    public String toString() {
        return (folder ? "folder " : "file ") + name;
    }
}
