package dev.jmcp.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stdio server that answers {@code initialize} and then answers {@code resources/list} with one
 * resource whose name is {@code args[0]} bytes long, or never ends when it is {@code endless}. Run
 * on the class path with nothing but the JDK, so that it costs nothing of what it makes its client
 * hold: the name is written from one small buffer.
 */
public final class HostileServerMain {
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+|\"[^\"]*\")");

    private HostileServerMain() {
    }

    public static void main(String[] args) throws Exception {
        long length = args[0].equals("endless") ? Long.MAX_VALUE : Long.parseLong(args[0]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        OutputStream out = System.out;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            Matcher id = ID.matcher(line);
            if (!id.find()) {
                continue; // a notification
            }
            if (line.contains("\"initialize\"")) {
                write(out, "{\"jsonrpc\":\"2.0\",\"id\":" + id.group(1) + ",\"result\":{\"protocolVersion\":"
                        + "\"2025-11-25\",\"capabilities\":{\"resources\":{}},\"serverInfo\":{\"name\":\"hostile\","
                        + "\"version\":\"1\"}}}\n");
            } else if (line.contains("\"resources/list\"")) {
                write(out, "{\"jsonrpc\":\"2.0\",\"id\":" + id.group(1)
                        + ",\"result\":{\"resources\":[{\"uri\":\"file:///x\",\"name\":\"");
                byte[] chunk = new byte[64 * 1024];
                Arrays.fill(chunk, (byte) 'a');
                for (long left = length; left > 0; left -= chunk.length) {
                    out.write(chunk, 0, (int) Math.min(left, chunk.length));
                }
                write(out, "\"}]}}\n");
            }
        }
    }

    private static void write(OutputStream out, String text) throws Exception {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
