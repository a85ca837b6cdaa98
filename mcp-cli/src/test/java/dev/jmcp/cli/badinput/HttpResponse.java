package dev.jmcp.cli.badinput;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A response read to the end of its connection: the status, the headers (names in lower case), and
 * the body, de-chunked. Its JSON-RPC message is the body of an {@code application/json} response or
 * the one {@code message} event of an event stream.
 */
public record HttpResponse(int status, Map<String, String> headers, String body) {
    static HttpResponse read(InputStream in) throws IOException {
        byte[] bytes = in.readAllBytes();
        int end = indexOf(bytes, 0, "\r\n\r\n");
        String[] head = new String(bytes, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < head.length; i++) {
            int colon = head[i].indexOf(':');
            String name = head[i].substring(0, colon).strip().toLowerCase(Locale.ROOT);
            headers.put(name, head[i].substring(colon + 1).strip());
        }
        byte[] body = Arrays.copyOfRange(bytes, end + 4, bytes.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(body);
        }
        return new HttpResponse(Integer.parseInt(head[0].split(" ")[1]), headers,
                new String(body, StandardCharsets.UTF_8));
    }

    String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** @return the JSON-RPC message of the response; null when it has none (202) */
    JsonObject message() {
        String contentType = header("content-type");
        if (body.isEmpty() || contentType == null) {
            return null;
        }
        if (contentType.startsWith("application/json")) {
            return Json.createReader(new StringReader(body)).readObject();
        }
        if (!contentType.startsWith("text/event-stream")) {
            throw new AssertionError("a body of " + contentType + ": " + body);
        }
        List<String> messages = new ArrayList<>();
        for (String event : body.split("\n\n")) {
            StringBuilder data = new StringBuilder();
            event.lines().filter(line -> line.startsWith("data:"))
                    .forEach(line -> data.append(line.substring(5).strip()));
            if (data.length() > 0) {
                messages.add(data.toString());
            }
        }
        if (messages.size() != 1) {
            throw new AssertionError("expected one message in the event stream, got " + messages);
        }
        return Json.createReader(new StringReader(messages.get(0))).readObject();
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (true) {
            int lineEnd = indexOf(chunked, at, "\r\n");
            int size = Integer.parseInt(new String(chunked, at, lineEnd - at, StandardCharsets.US_ASCII).strip(), 16);
            if (size == 0) {
                return out.toByteArray();
            }
            out.write(chunked, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
    }

    private static int indexOf(byte[] bytes, int from, String ascii) {
        byte[] wanted = ascii.getBytes(StandardCharsets.US_ASCII);
        for (int i = from; i + wanted.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + wanted.length, wanted, 0, wanted.length)) {
                return i;
            }
        }
        throw new AssertionError("no " + ascii.replace("\r\n", "CRLF") + " in the response from byte " + from + ": "
                + new String(bytes, StandardCharsets.UTF_8));
    }
}
