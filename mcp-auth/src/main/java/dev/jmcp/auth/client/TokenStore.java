package dev.jmcp.auth.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where an {@link OAuthClient} keeps its authorizations, one per MCP server (keyed by the server's
 * URL). {@link #inMemory()} by default; {@link #file(Path)} keeps them across runs in a file that
 * only its owner may read, as the {@code jmcp} command does. An implementation is safe for use by
 * several threads.
 *
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public interface TokenStore {

    /**
     * @param server the MCP server's URL; never null
     * @return what is kept for it; null when nothing is
     * @throws IOException when the store cannot be read
     */
    StoredAuthorization load(String server) throws IOException;

    /**
     * @param server        never null
     * @param authorization never null; replaces what was kept
     * @throws IOException when the store cannot be written
     */
    void save(String server, StoredAuthorization authorization) throws IOException;

    /**
     * Forgets what is kept for {@code server} (a logout).
     *
     * @param server never null
     * @throws IOException when the store cannot be written
     */
    void remove(String server) throws IOException;

    /**
     * @return every server kept and its authorization; never null
     * @throws IOException when the store cannot be read
     */
    Map<String, StoredAuthorization> all() throws IOException;

    /** @return a store that keeps authorizations for as long as it lives */
    static TokenStore inMemory() {
        Map<String, StoredAuthorization> kept = new ConcurrentHashMap<>();
        return new TokenStore() {
            @Override
            public StoredAuthorization load(String server) {
                return kept.get(server);
            }

            @Override
            public void save(String server, StoredAuthorization authorization) {
                kept.put(server, authorization);
            }

            @Override
            public void remove(String server) {
                kept.remove(server);
            }

            @Override
            public Map<String, StoredAuthorization> all() {
                return Map.copyOf(kept);
            }
        };
    }

    /**
     * @param file a JSON file, created when missing with permissions {@code rw-------} where the
     *             file system has POSIX permissions; never null
     * @return a store in {@code file}, read and rewritten whole on each change
     */
    static TokenStore file(Path file) {
        return new dev.jmcp.auth.internal.client.FileTokenStore(file);
    }
}
