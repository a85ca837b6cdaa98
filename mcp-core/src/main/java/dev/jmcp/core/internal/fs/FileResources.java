package dev.jmcp.core.internal.fs;

import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Describes files and folders under a root as resources, and lists folders. Thread-safe (immutable). */
public final class FileResources {
    private final SafePaths paths;

    /** @param paths the root the resources lie under */
    public FileResources(SafePaths paths) {
        this.paths = paths;
    }

    /**
     * Lists a folder's entries, sorted by name, leaving out symbolic links that are broken or lead
     * outside the root, special files, and names whose URI would be refused (holding {@code \}).
     *
     * @param folder a folder under the root, as a URI names it
     * @param skip   how many listed entries to pass over: they are checked (so that positions do
     *               not move) but not described, which is what a page deep into a big folder costs
     * @return the entries after the skipped ones, described; empty when the folder is gone
     */
    public Stream<Resource> list(Path folder, long skip) {
        List<Named> entries;
        try (Stream<Path> stream = Files.list(folder)) {
            entries = stream.map(Named::of)
                    .filter(entry -> entry.name().indexOf('\\') < 0)
                    .sorted(Comparator.comparing(Named::name))
                    .toList();
        } catch (NoSuchFileException e) {
            return Stream.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("could not list " + folder, e);
        }
        return entries.stream().map(this::listable).flatMap(Optional::stream).skip(skip)
                .map(entry -> describe(paths.toUri(entry.path()), entry.path(), entry.real(), entry.attributes()));
    }

    /** A path with its file name computed once, for sorting. */
    private record Named(String name, Path path) {
        static Named of(Path path) {
            return new Named(path.getFileName().toString(), path);
        }
    }

    /** A listed entry whose attributes are known: a folder or a regular file inside the root. */
    private record Listable(Path path, Path real, BasicFileAttributes attributes) {
    }

    private Optional<Listable> listable(Named entry) {
        Path path = entry.path();
        Path real = path;
        if (Files.isSymbolicLink(path)) {
            try {
                real = path.toRealPath();
            } catch (IOException broken) {
                return Optional.empty();
            }
            if (!paths.isInside(real)) {
                return Optional.empty();
            }
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException gone) {
            return Optional.empty();
        }
        if (!attributes.isDirectory() && !attributes.isRegularFile()) {
            return Optional.empty();
        }
        return Optional.of(new Listable(path, real, attributes));
    }

    /**
     * Describes a folder or a regular file from its attributes; a file whose extension says nothing
     * about its type also has its first {@value MimeTypes#SNIFF_BYTES} bytes read.
     *
     * @param uri  the URI to put in the resource
     * @param path the path as the URI names it: gives the name
     * @param real the path with its links resolved: gives the attributes
     * @return the resource; empty when nothing is there, or something that is neither a folder nor
     *         a regular file (a pipe or a device could block a read forever)
     */
    public Optional<Resource> describe(String uri, Path path, Path real) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException gone) {
            return Optional.empty();
        }
        if (!attributes.isDirectory() && !attributes.isRegularFile()) {
            return Optional.empty();
        }
        return Optional.of(describe(uri, path, real, attributes));
    }

    /** Describes a folder or a regular file whose attributes were read already. */
    private Resource describe(String uri, Path path, Path real, BasicFileAttributes attributes) {
        Resource.Builder resource = builder(uri, path, attributes);
        if (attributes.isDirectory()) {
            return resource.isCollection(true).mimeType(MimeTypes.DIRECTORY).build();
        }
        String name = name(path);
        String type = MimeTypes.byExtension(name);
        if (type == null) {
            type = sniff(uri, real);
        }
        return resource.isCollection(false).size(attributes.size()).mimeType(type).build();
    }

    /**
     * Describes a file that a read has open: its size and, when the name says nothing, its type
     * come from the open file, so they match the bytes that will be sent.
     *
     * @param path the path as the URI names it: gives the name
     */
    public Resource describe(String uri, Path path, OpenedFile file) {
        String name = name(path);
        String type = MimeTypes.byExtension(name);
        if (type == null) {
            type = MimeTypes.sniff(file.head(MimeTypes.SNIFF_BYTES), file.size() <= MimeTypes.SNIFF_BYTES);
        }
        return builder(uri, path, file.attributes()).isCollection(false).size(file.size()).mimeType(type).build();
    }

    /** @return the type the first bytes show, read from the file opened as a read opens it; null when it cannot be */
    private static String sniff(String uri, Path real) {
        try (OpenedFile file = OpenedFile.open(uri, real).orElse(null)) {
            return file == null ? null
                    : MimeTypes.sniff(file.head(MimeTypes.SNIFF_BYTES), file.size() <= MimeTypes.SNIFF_BYTES);
        } catch (RuntimeException unreadable) {
            return null; // a listing or metadata still describes a file it cannot read; a read says why
        }
    }

    private static String name(Path path) {
        Path fileName = path.getFileName();
        return fileName == null ? path.toString() : fileName.toString();
    }

    private static Resource.Builder builder(String uri, Path path, BasicFileAttributes attributes) {
        return Resource.builder(uri, name(path))
                .annotations(Annotations.lastModified(attributes.lastModifiedTime().toInstant().toString()));
    }
}
