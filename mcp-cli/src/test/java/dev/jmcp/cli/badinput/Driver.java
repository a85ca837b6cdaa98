package dev.jmcp.cli.badinput;

import java.util.function.UnaryOperator;

/** Sends the matrix's text to one running {@code jmcp serve}, over one transport. */
interface Driver extends AutoCloseable {
    /**
     * @param era      the kind of client that sends it
     * @param text     JSON-RPC text, placeholders filled in, encoded
     * @param http     HTTP only: what to change in the POST that carries it
     * @param answered whether an answer is to come; over stdio, without one nothing is waited for
     *                 (over HTTP the response, 202 or not, is always read)
     * @param awaited  the id (as JSON text) of the answer that is waited for, skipping others as
     *                 strays; null for the next answer, whatever it is
     */
    Answer send(BadInput.Era era, byte[] text, UnaryOperator<RawRequest> http, boolean answered, String awaited)
            throws Exception;

    /** @return whether the server process still runs */
    boolean alive();

    /** @return what the server wrote to its standard error so far, for failure messages */
    String log();

    @Override
    void close();
}
