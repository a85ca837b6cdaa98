package dev.jmcp.core.internal.fs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a served folder leaves out: hidden entries (a name that starts with {@code .}) unless asked,
 * and what the {@code .gitignore} files at or below the root exclude unless asked, as git would
 * (a deeper file's rules come after its parents', the last rule that matches decides, and nothing
 * inside an excluded folder can be re-included). Only {@code .gitignore} files are read: not
 * {@code .git/info/exclude}, nor a global excludes file, nor one above the root. Thread-safe.
 *
 * <p>A {@code .gitignore} file is read again when its size or modification time changes, looked at
 * no more than once every {@value #RECHECK_MILLIS} ms (a read or a listing would otherwise stat every
 * folder above it) unless it was written in the last two seconds (it may have been read half
 * written), or at once when the watch reports it changed ({@link #forget}); the rules of up to
 * {@value #MAX_CACHED_FILES} folders are kept (past that, one is dropped, to be read again when
 * needed). One of more than {@value #MAX_FILE_BYTES}
 * bytes is not read, and everything in its folder is left out: failing closed, as with a file the
 * server may not read.
 */
public final class Exclusions {
    private static final System.Logger LOG = System.getLogger(Exclusions.class.getName());
    /** The most folders whose {@code .gitignore} rules are kept. */
    static final int MAX_CACHED_FILES = 1024;
    /** How long the rules of a {@code .gitignore} are used before its attributes are read again. */
    static final long RECHECK_MILLIS = 1_000;
    /** The largest {@code .gitignore} file read. */
    static final int MAX_FILE_BYTES = 1 << 20;
    private static final String FILE = ".gitignore";
    /** Excludes everything: the rules of a folder whose {@code .gitignore} cannot be read in full. */
    private static final GitIgnore EVERYTHING = GitIgnore.parse("*");

    private final Path root;
    private final boolean includeHidden;
    private final boolean gitIgnore;
    /**
     * The rules read, each entry immutable and replaced whole when its file changed: a look at a
     * folder whose rules are fresh takes no lock (every read and listing looks at every folder
     * above its file, from every handler thread at once).
     */
    private final ConcurrentHashMap<Path, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(FileTime modified, long size, GitIgnore rules, long checkedNanos) {
    }

    /**
     * @param root          the served folder, whose entries are judged
     * @param includeHidden whether entries whose name starts with {@code .} are served
     * @param gitIgnore     whether the {@code .gitignore} files' rules apply
     */
    public Exclusions(Path root, boolean includeHidden, boolean gitIgnore) {
        this.root = root;
        this.includeHidden = includeHidden;
        this.gitIgnore = gitIgnore;
    }

    /** @return whether entries whose name starts with {@code .} are served */
    public boolean includeHidden() {
        return includeHidden;
    }

    /** @return whether the {@code .gitignore} files' rules apply */
    public boolean gitIgnore() {
        return gitIgnore;
    }

    /** @return whether nothing is left out */
    public boolean none() {
        return includeHidden && !gitIgnore;
    }

    /**
     * @param path      a path under the root (the root itself is never excluded)
     * @param directory whether it is a folder
     * @return whether it, or a folder it lies in, is left out
     */
    public boolean excludes(Path path, boolean directory) {
        if (none() || !path.startsWith(root) || path.equals(root)) {
            return false;
        }
        Path relative = root.relativize(path);
        List<String> names = new ArrayList<>(relative.getNameCount());
        for (Path name : relative) {
            names.add(name.toString());
        }
        return excludes(names, directory);
    }

    /**
     * @param names     the names of a path below the root, from the root down (as a checked URI
     *                  gives them: no path is made or taken apart again); empty for the root
     * @param directory whether it is a folder
     * @return whether it, or a folder it lies in, is left out
     */
    public boolean excludes(List<String> names, boolean directory) {
        if (none() || names.isEmpty()) {
            return false;
        }
        Folder folder = new Folder(root, List.of(), List.of());
        for (int i = 0; i < names.size(); i++) {
            boolean last = i == names.size() - 1;
            if (folder.excludes(names.get(i), !last || directory)) {
                return true;
            }
            if (!last) {
                folder = folder.child(names.get(i));
            }
        }
        return false;
    }

    /**
     * @param folder a folder under the root that is not itself excluded
     * @return the judge of its entries, for a listing: its ancestors' rules are read once
     */
    public Folder folder(Path folder) {
        Folder judge = new Folder(root, List.of(), List.of());
        if (none() || !folder.startsWith(root)) {
            return judge;
        }
        for (Path name : root.relativize(folder)) {
            if (!name.toString().isEmpty()) {
                judge = judge.child(name.toString());
            }
        }
        return judge;
    }

    /** The entries of one folder: the rules of the {@code .gitignore} files from the root down to it. */
    public final class Folder {
        private final Path path;
        /** The folder's names below the root: a rule's path is made of them, not of a relativized Path. */
        private final List<String> names;
        /** From the root down: each file's folder (relative names below it are matched) and rules. */
        private final List<Scope> scopes;

        private record Scope(int depth, GitIgnore rules) {
        }

        private Folder(Path path, List<String> names, List<Scope> parents) {
            this.path = path;
            this.names = names;
            GitIgnore rules = gitIgnore ? rules(path) : GitIgnore.EMPTY;
            if (rules.isEmpty()) {
                this.scopes = parents;
            } else {
                List<Scope> scopes = new ArrayList<>(parents);
                scopes.add(new Scope(names.size(), rules));
                this.scopes = List.copyOf(scopes);
            }
        }

        Folder child(String name) {
            List<String> childNames = new ArrayList<>(names.size() + 1);
            childNames.addAll(names);
            childNames.add(name);
            return new Folder(path.resolve(name), childNames, scopes);
        }

        /**
         * @param name      an entry's name
         * @param directory whether it is a folder
         * @return whether it is left out
         */
        public boolean excludes(String name, boolean directory) {
            if (!includeHidden && name.startsWith(".")) {
                return true;
            }
            if (scopes.isEmpty()) {
                return false;
            }
            Boolean ignored = null;
            for (Scope scope : scopes) {
                StringBuilder below = new StringBuilder();
                for (int i = scope.depth; i < names.size(); i++) {
                    below.append(names.get(i)).append('/');
                }
                Boolean decided = scope.rules.decide(below.append(name).toString(), directory);
                if (decided != null) {
                    ignored = decided;
                }
            }
            return Boolean.TRUE.equals(ignored);
        }
    }

    /** @return whether {@code path} is a {@code .gitignore} file whose rules apply: a change to it changes listings */
    public boolean isRulesFile(Path path) {
        return gitIgnore && path.getFileName() != null && path.getFileName().toString().equals(FILE);
    }

    /** Forgets the rules of {@code folder}, whose {@code .gitignore} changed: the next look reads it again. */
    public void forget(Path folder) {
        cache.remove(folder);
    }

    /** @return the rules of {@code folder}'s {@code .gitignore}; none when it has none */
    private GitIgnore rules(Path folder) {
        long now = System.nanoTime();
        Cached cached = cache.get(folder);
        // a file written in the last moments may have been read half written: look again
        if (cached != null && now - cached.checkedNanos < RECHECK_MILLIS * 1_000_000 && (cached.modified == null
                || System.currentTimeMillis() - cached.modified.toMillis() > FolderListings.SETTLED)) {
            return cached.rules;
        }
        Path file = folder.resolve(FILE);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            keep(folder, new Cached(null, -1, GitIgnore.EMPTY, now));
            return GitIgnore.EMPTY;
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot read " + file + ", so nothing in its folder is served: " + e);
            return EVERYTHING;
        }
        if (!attributes.isRegularFile()) {
            return GitIgnore.EMPTY; // a link or a folder named .gitignore is not git's
        }
        if (cached != null && attributes.lastModifiedTime().equals(cached.modified) && cached.size == attributes.size()) {
            keep(folder, new Cached(cached.modified, cached.size, cached.rules, now));
            return cached.rules;
        }
        GitIgnore rules = read(file, attributes.size());
        keep(folder, new Cached(attributes.lastModifiedTime(), attributes.size(), rules, now));
        return rules;
    }

    /**
     * Keeps {@code rules} for {@code folder}, dropping another folder's when there are too many: any
     * one, since a look at a folder must not take a lock to keep an order of use.
     */
    private void keep(Path folder, Cached rules) {
        cache.put(folder, rules);
        if (cache.size() > MAX_CACHED_FILES) {
            for (Path other : cache.keySet()) {
                if (!other.equals(folder)) {
                    cache.remove(other);
                    break;
                }
            }
        }
    }

    private static GitIgnore read(Path file, long size) {
        if (size > MAX_FILE_BYTES) {
            LOG.log(System.Logger.Level.WARNING, file + " has " + size + " bytes, more than the " + MAX_FILE_BYTES
                    + " read, so nothing in its folder is served");
            return EVERYTHING;
        }
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes(MAX_FILE_BYTES + 1);
            if (bytes.length > MAX_FILE_BYTES) {
                return EVERYTHING;
            }
            return GitIgnore.parse(new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot read " + file + ", so nothing in its folder is served: " + e);
            return EVERYTHING;
        }
    }
}
