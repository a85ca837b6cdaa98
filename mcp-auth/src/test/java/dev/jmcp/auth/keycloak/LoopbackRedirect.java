package dev.jmcp.auth.keycloak;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An OAuth client's loopback redirect receiver (RFC 8252 section 7.3) for the harness's own test, where
 * no OAuth client of jmcp is involved: 127.0.0.1 on a free port, takes one request and answers 200.
 */
final class LoopbackRedirect implements AutoCloseable {

    private final ServerSocket socket;
    private final CompletableFuture<URI> received = new CompletableFuture<>();

    LoopbackRedirect() {
        try {
            socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread thread = new Thread(this::accept, "loopback-redirect");
        thread.setDaemon(true);
        thread.start();
    }

    /** {@code http://127.0.0.1:PORT/callback} */
    URI redirectUri() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/callback");
    }

    /** The URI the browser was redirected to, with its query. */
    URI await(Duration timeout) throws InterruptedException, ExecutionException, TimeoutException {
        return received.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void accept() {
        try (Socket connection = socket.accept()) {
            BufferedReader in = new BufferedReader(new InputStreamReader(connection.getInputStream(), StandardCharsets.US_ASCII));
            String requestLine = in.readLine();
            String line;
            while ((line = in.readLine()) != null && !line.isEmpty()) {
                // headers are not needed
            }
            String[] parts = requestLine == null ? new String[0] : requestLine.split(" ");
            byte[] body = "signed in; you may close this window\n".getBytes(StandardCharsets.US_ASCII);
            OutputStream out = connection.getOutputStream();
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + body.length
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            if (parts.length < 2 || !parts[0].equals("GET")) {
                received.completeExceptionally(new IllegalStateException("not a GET: " + requestLine));
            } else {
                received.complete(redirectUri().resolve(parts[1]));
            }
        } catch (IOException e) {
            received.completeExceptionally(e);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
