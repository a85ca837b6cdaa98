package dev.jmcp.core.internal.resources;

import dev.jmcp.schema.resources.Blob;
import java.io.IOException;
import java.io.InputStream;

/**
 * A blob's source that may be opened only once to be sent, but whose bytes can be read through
 * once more before that, to count them for progress ({@link BlobReads}): the file-system
 * provider's open file, which is never opened again by name. Any other source is opened again.
 */
public interface CountableSource extends Blob.Source {
    /**
     * @return a stream of the same bytes as {@link #open()} will give, which leaves the source as it
     *         was: closing it does not close what {@link #open()} reads from
     */
    InputStream openToCount() throws IOException;
}
