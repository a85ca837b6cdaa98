package dev.jmcp.core.internal.resources;

import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadDirectoryRequestParams;
import dev.jmcp.schema.resources.Resource;
import java.util.ArrayList;
import java.util.List;

/**
 * SEP-2640's view of a SEP-2093 children page: a child that is a collection is a directory, which
 * a client descends into when its {@code mimeType} is {@code inode/directory}. Everything else of
 * the page, its cursor and caching fields included, is {@code resources/list}'s.
 */
final class Directories {
    private Directories() {
    }

    /** @return the page, each collection child with {@code mimeType: inode/directory}; the same page when none changes */
    static ListResourcesResult marked(ListResourcesResult page) {
        List<Resource> children = new ArrayList<>(page.resources().size());
        boolean changed = false;
        for (Resource child : page.resources()) {
            if (child.collection() && !ReadDirectoryRequestParams.DIRECTORY_MIME_TYPE.equals(child.mimeType())) {
                child = child.toBuilder().mimeType(ReadDirectoryRequestParams.DIRECTORY_MIME_TYPE).build();
                changed = true;
            }
            children.add(child);
        }
        return changed ? new ListResourcesResult(children, page.nextCursor(), page.resultType(), page.ttlMs(),
                page.cacheScope(), page.meta()) : page;
    }
}
