package dev.jmcp.cli.badinput;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An HTTP/1.1 request as bytes on the wire, so that a row can send what no HTTP client library
 * would: a wrong Host, two of a header, a request line of 70 KB, a body shorter than its declared
 * length. Immutable.
 *
 * @param requestLine such as {@code POST /mcp HTTP/1.1}, or anything at all
 * @param headers     in order; a name may come more than once
 * @param body        the bytes after the headers
 * @param length      the {@code Content-Length} to declare; -1 for the body's own length
 */
public record RawRequest(String requestLine, List<Map.Entry<String, String>> headers, byte[] body, long length) {
    public RawRequest {
        headers = List.copyOf(headers);
    }

    public static RawRequest post(String target, byte[] body) {
        return new RawRequest("POST " + target + " HTTP/1.1", List.of(), body, -1);
    }

    /** @return this request with {@code name} set to {@code value} alone, in place of any it had */
    public RawRequest header(String name, String value) {
        return without(name).adding(name, value);
    }

    /** @return this request with one more {@code name} header, keeping those it has */
    RawRequest adding(String name, String value) {
        List<Map.Entry<String, String>> more = new ArrayList<>(headers);
        more.add(Map.entry(name, value));
        return new RawRequest(requestLine, more, body, length);
    }

    RawRequest without(String name) {
        List<Map.Entry<String, String>> kept = new ArrayList<>(headers);
        kept.removeIf(header -> header.getKey().equalsIgnoreCase(name));
        return new RawRequest(requestLine, kept, body, length);
    }

    public RawRequest requestLine(String value) {
        return new RawRequest(value, headers, body, length);
    }

    /** @return this request declaring a {@code Content-Length} of {@code value}, whatever it sends */
    RawRequest declaring(long value) {
        return new RawRequest(requestLine, headers, body, value);
    }

    /**
     * Sends this request on a connection of its own and reads the response to the end of the connection.
     *
     * @param timeoutMillis the longest wait for each read
     */
    public HttpResponse sendTo(URI address, int timeoutMillis) throws IOException {
        try (Socket socket = new Socket(address.getHost(), address.getPort())) {
            socket.setSoTimeout(timeoutMillis);
            socket.getOutputStream().write(bytes());
            socket.getOutputStream().flush();
            return HttpResponse.read(socket.getInputStream());
        }
    }

    /** @return the bytes to write: the line, the headers, {@code Content-Length}, an empty line, the body */
    byte[] bytes() {
        StringBuilder head = new StringBuilder(requestLine).append("\r\n");
        for (Map.Entry<String, String> header : headers) {
            head.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n");
        }
        head.append("Content-Length: ").append(length < 0 ? body.length : length).append("\r\n\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        out.writeBytes(body);
        return out.toByteArray();
    }
}
