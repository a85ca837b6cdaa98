package dev.jmcp.cli.load;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * One POST on a connection of its own ({@code Connection: close}), its body streamed into an
 * {@link AnswerScan}, chunked transfer coding undone: a plain socket, so that the test holds no
 * more of an answer than the scan keeps.
 */
final class RawPost {
    private RawPost() {
    }

    /** @return what the answer was, as {@link AnswerScan#outcome()} says it */
    static String post(int port, String path, Map<String, String> headers, String json, AnswerScan scan)
            throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(120_000);
            StringBuilder head = new StringBuilder("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nConnection: close\r\nContent-Length: " + body.length + "\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            OutputStream out = socket.getOutputStream();
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
            String status = line(in);
            boolean chunked = false;
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                chunked |= header.toLowerCase(Locale.ROOT).startsWith("transfer-encoding:")
                        && header.toLowerCase(Locale.ROOT).contains("chunked");
            }
            if (status.isEmpty()) {
                return "no response";
            }
            byte[] buffer = new byte[64 * 1024];
            if (!chunked) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    scan.feed(buffer, 0, n);
                }
            } else {
                long size;
                while ((size = chunkSize(in)) > 0) {
                    while (size > 0) {
                        int n = in.read(buffer, 0, (int) Math.min(buffer.length, size));
                        if (n < 0) {
                            return "cut: " + scan.outcome();
                        }
                        scan.feed(buffer, 0, n);
                        size -= n;
                    }
                    line(in); // the CRLF after the chunk
                }
                if (size < 0) {
                    return "cut: " + scan.outcome();
                }
            }
            return scan.outcome();
        }
    }

    /** @return the next chunk's size; -1 when the connection ended instead, as on a cut answer */
    private static long chunkSize(InputStream in) throws IOException {
        String size = line(in).split(";")[0].trim();
        return size.isEmpty() ? -1 : Long.parseLong(size, 16);
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }
}
