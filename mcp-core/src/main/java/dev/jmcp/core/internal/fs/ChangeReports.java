package dev.jmcp.core.internal.fs;

import dev.jmcp.core.spi.ResourceChanges;
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
        changes.updated(paths.toUri(path));
    }

    @Override
    public void created(Path path) {
        entriesChanged(path);
    }

    @Override
    public void deleted(Path path) {
        entriesChanged(path);
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
