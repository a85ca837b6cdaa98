package dev.jmcp.auth.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The user's step for a program on the user's own machine (RFC 8252): the redirect URI is
 * {@code http://127.0.0.1:PORT/callback} on a port the system chooses; {@link #authorize} hands the
 * authorization URL to a {@code show} callback (print it, open a browser) and waits for the browser
 * to come back to that port. Only a request for {@code /callback} ends the wait; the browser gets a
 * short page that says it may close. One authorization at a time.
 *
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
public final class LoopbackPrompt implements AuthorizationPrompt {
    private static final String PATH = "/callback";
    /** A browser's request line and headers are far below this. */
    private static final int MAX_REQUEST_HEAD = 16 * 1024;

    private final Consumer<URI> show;
    private ServerSocket socket;

    /** @param show shows the user the authorization URL; never null */
    public LoopbackPrompt(Consumer<URI> show) {
        this.show = Objects.requireNonNull(show, "show");
    }

    @Override
    public synchronized URI redirectUri() throws IOException {
        if (socket == null) {
            socket = new ServerSocket();
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        }
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + PATH);
    }

    @Override
    public synchronized URI authorize(URI authorizationUrl, Duration timeout) throws IOException {
        URI redirect = redirectUri();
        Instant deadline = Instant.now().plus(timeout);
        try {
            show.accept(authorizationUrl);
            while (true) {
                long left = Duration.between(Instant.now(), deadline).toMillis();
                if (left <= 0) {
                    throw new SocketTimeoutException("no redirect came back to " + redirect + " within authorizationTimeout="
                            + timeout.toMillis() + " ms");
                }
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
                try (Socket browser = socket.accept()) {
                    browser.setSoTimeout(10_000);
                    String target = requestTarget(browser.getInputStream());
                    boolean ours = target != null && (target.equals(PATH) || target.startsWith(PATH + "?"));
                    respond(browser.getOutputStream(), ours);
                    if (ours) {
                        return redirect.resolve(target);
                    }
                } catch (SocketTimeoutException e) {
                    if (Duration.between(Instant.now(), deadline).isNegative()) {
                        throw new SocketTimeoutException("no redirect came back to " + redirect
                                + " within authorizationTimeout=" + timeout.toMillis() + " ms");
                    }
                }
            }
        } finally {
            socket.close();
            socket = null;
        }
    }

    /** @return the request target of a GET, or null for anything else */
    private static String requestTarget(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) != -1 && c != '\n';) {
            if (line.length() > MAX_REQUEST_HEAD) {
                return null;
            }
            line.append((char) c);
        }
        String[] parts = line.toString().trim().split(" ");
        return parts.length == 3 && parts[0].equals("GET") ? parts[1] : null;
    }

    private static void respond(OutputStream out, boolean ours) throws IOException {
        String body = ours ? "<!doctype html><title>jmcp</title><p>Authorization received. You may close this window."
                : "<!doctype html><title>jmcp</title><p>Not found.";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        out.write(((ours ? "HTTP/1.1 200 OK" : "HTTP/1.1 404 Not Found") + "\r\nContent-Type: text/html; charset=utf-8"
                + "\r\nContent-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
    }
}
