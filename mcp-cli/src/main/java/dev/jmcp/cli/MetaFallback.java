package dev.jmcp.cli;

import dev.jmcp.core.McpClient;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import java.io.PrintStream;

/**
 * A resource's metadata from a server without {@code resources/metadata} (SEP-2093; a server of an
 * earlier design answers -32601): the entry with its URI in the server's top-level listing, which
 * carries the same fields.
 */
final class MetaFallback {
    private MetaFallback() {
    }

    /** @return whether {@code failure} says that the server has no {@code resources/metadata} */
    static boolean applies(Exception failure) {
        return failure instanceof ProtocolException protocol && protocol.code() == ErrorCodes.METHOD_NOT_FOUND;
    }

    /**
     * Pages through the top-level listing, at most {@code maxPages} pages, until an entry has {@code uri},
     * saying on {@code err} that it does.
     *
     * @throws CliException ({@link Exit#PROTOCOL}) when no entry has it: the listing ended, or
     *                      {@code --max-pages} did
     */
    static Resource scan(McpClient client, String uri, int maxPages, PrintStream err) {
        err.println("jmcp: the server has no resources/metadata (" + ErrorCodes.METHOD_NOT_FOUND + "): looking for "
                + Text.printable(uri) + " in its listing");
        String cursor = null;
        int pages = 0;
        int seen = 0;
        do {
            ListResourcesResult page = client.resources().list(cursor);
            pages++;
            for (Resource resource : page.resources()) {
                if (resource.uri().equals(uri)) {
                    return resource;
                }
            }
            seen += page.resources().size();
            cursor = page.nextCursor();
        } while (cursor != null && pages < maxPages);
        throw new CliException(Exit.PROTOCOL, "resource not found: " + Text.printable(uri) + " is not among the "
                + seen + " resources of the server's listing" + (cursor == null ? ""
                : " within --max-pages=" + maxPages + " pages; raise it to look further"));
    }
}
