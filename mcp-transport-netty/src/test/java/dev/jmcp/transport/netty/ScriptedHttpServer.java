package dev.jmcp.transport.netty;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Function;

/**
 * A plain HTTP server on 127.0.0.1 that answers each request, on a connection of its own, with the
 * bytes a script gives for its request line and headers: for a server that does what jmcp's never
 * would.
 */
final class ScriptedHttpServer implements AutoCloseable {
    private final ServerSocket socket;
    private final Thread serving;

    private ScriptedHttpServer(Function<String, byte[]> script) throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        serving = new Thread(() -> {
            while (!socket.isClosed()) {
                try (Socket connection = socket.accept()) {
                    byte[] response = script.apply(readRequest(connection.getInputStream()));
                    connection.getOutputStream().write(response);
                    connection.getOutputStream().flush();
                } catch (IOException e) {
                    // closed by the test, or a connection that went away
                }
            }
        }, "scripted-http-server");
        serving.setDaemon(true);
        serving.start();
    }

    /** @param script the whole response to a request, given its request line and headers */
    static ScriptedHttpServer start(Function<String, byte[]> script) throws IOException {
        return new ScriptedHttpServer(script);
    }

    /** @return a response of {@code status} (such as {@code 200 OK}) that closes its connection */
    static byte[] response(String status, String contentType, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + "\r\n" + (contentType == null ? "" : "Content-Type: " + contentType + "\r\n")
                + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
        all.writeBytes(bytes);
        return all.toByteArray();
    }

    /** @return the endpoint, {@code http://127.0.0.1:<port>/mcp} */
    URI uri() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/mcp");
    }

    @Override
    public void close() throws Exception {
        socket.close();
        serving.join(5_000);
    }

    /**
     * @return the request line and headers; the body (of Content-Length bytes, or chunked, as the
     *         JDK client sends a body of unknown length) is read and dropped, so that closing the
     *         connection does not reset it under the response
     */
    static String readRequest(InputStream in) throws IOException {
        String text = readUntil(in, "\r\n\r\n");
        for (String line : text.split("\r\n")) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                in.readNBytes(Integer.parseInt(line.substring(15).strip()));
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                int size;
                do {
                    size = Integer.parseInt(readUntil(in, "\r\n").strip(), 16);
                    in.readNBytes(size + 2); // the chunk and its CRLF (the last one's is the body's end)
                } while (size > 0);
            }
        }
        return text;
    }

    private static String readUntil(InputStream in, String end) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        while (!bytes.toString(StandardCharsets.US_ASCII).endsWith(end)) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            bytes.write(b);
        }
        return bytes.toString(StandardCharsets.US_ASCII);
    }
}
