package dev.jmcp.core.internal.fs;

import dev.jmcp.core.spi.ResourceChanges;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Turns what a {@link DirectoryWatcher} sees under the root into resource changes: a modified
 * file or folder is {@code updated(uri)}; one that appears or goes away is {@code listChanged()},
 * plus {@code updated(folder)} for the folder that holds it, the root included (a client subscribed
 * to a folder hears of its entries coming and going); lost events are {@code listChanged()}.
 */
public final class ChangeReports implements DirectoryWatcher.Events {
    private final SafePaths paths;
    private final ResourceChanges changes;

    /**
     * @param paths   the root the watched paths lie under, which writes their URIs
     * @param changes where the changes go
     */
    public ChangeReports(SafePaths paths, ResourceChanges changes) {
        this.paths = paths;
        this.changes = changes;
    }

    @Override
    public void modified(Path path) {
        rulesChanged(path);
        if (!excluded(path)) {
            changes.updated(paths.toUri(path));
        }
    }

    @Override
    public void created(Path path) {
        rulesChanged(path);
        if (!excluded(path)) {
            entriesChanged(path);
        }
    }

    @Override
    public void deleted(Path path) {
        rulesChanged(path);
        // what went away cannot tell whether it was a folder: left out if either would be
        if (!paths.exclusions().excludes(path, false) && !paths.exclusions().excludes(path, true)) {
            entriesChanged(path);
        }
    }

    /** A changed {@code .gitignore} changes what its folder lists, though it is itself left out. */
    private void rulesChanged(Path path) {
        if (paths.exclusions().isRulesFile(path) && !paths.exclusions().excludes(path.getParent(), true)) {
            paths.exclusions().forget(path.getParent());
            changes.listChanged();
        }
    }

    /** What is left out is never announced: its URI is no client's business, nor the fact that it changed. */
    private boolean excluded(Path path) {
        return paths.exclusions().excludes(path, Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS));
    }

    @Override
    public void overflow() {
        changes.listChanged();
    }

    private void entriesChanged(Path path) {
        changes.listChanged();
        Path parent = path.getParent();
        if (parent != null && parent.startsWith(paths.root())) {
            changes.updated(paths.toUri(parent));
        }
    }
}
