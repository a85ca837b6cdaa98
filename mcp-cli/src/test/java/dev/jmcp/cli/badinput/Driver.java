package dev.jmcp.cli.badinput;

import java.net.URI;
import java.util.function.UnaryOperator;

/** Sends the matrix's text to one running {@code jmcp serve}, over one transport. */
abstract class Driver implements AutoCloseable {
    private final ServeProcess serve;

    Driver(ServeProcess serve) {
        this.serve = serve;
    }

    /**
     * @param era      the kind of client that sends it
     * @param text     JSON-RPC text, placeholders filled in, encoded
     * @param http     HTTP only: what to change in the POST that carries it
     * @param answered whether an answer is to come; over stdio, without one nothing is waited for
     *                 (over HTTP the response, 202 or not, is always read)
     * @param awaited  the id (as JSON text) of the answer that is waited for, skipping others as
     *                 strays; null for the next answer, whatever it is
     */
    abstract Answer send(BadInput.Era era, byte[] text, UnaryOperator<RawRequest> http, boolean answered,
            String awaited) throws Exception;

    final Process process() {
        return serve.process();
    }

    /** @return the address the server says it serves at (HTTP) */
    final URI address() throws Exception {
        return serve.address();
    }

    /** @return whether the server process still runs */
    final boolean alive() {
        return serve.alive();
    }

    /** @return what the server wrote to its standard error so far, for failure messages */
    final String log() {
        return serve.log();
    }

    @Override
    public final void close() {
        serve.close();
    }
}
