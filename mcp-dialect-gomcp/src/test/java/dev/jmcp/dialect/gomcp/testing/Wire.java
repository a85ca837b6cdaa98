package dev.jmcp.dialect.gomcp.testing;

import java.io.IOException;

/** How a gomcp-style client's JSON-RPC messages travel: lines on stdio, or HTTP+SSE. */
public interface Wire extends AutoCloseable {

    /** Sends one JSON-RPC message. */
    void send(String json) throws IOException;

    /**
     * Every message the server sends, one JSON text each, is handed to {@code sink} on the wire's
     * own thread; {@code ended} runs when the server's side ends.
     */
    void start(java.util.function.Consumer<String> sink, Runnable ended) throws IOException;

    /** @return what the server said besides the protocol (a child's stderr), for failure messages */
    default String diagnostics() {
        return "";
    }

    @Override
    void close();
}
