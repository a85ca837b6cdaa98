package dev.jmcp.transport.stdio;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A child process that answers each line it reads with its next argument, as one line, and exits
 * when its arguments or its input run out: a server whose answers a test chooses byte for byte.
 */
public final class CannedServerMain {
    private CannedServerMain() {
    }

    public static void main(String[] answers) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String answer : answers) {
            if (in.readLine() == null) {
                return;
            }
            System.out.print(answer + "\n");
            System.out.flush();
        }
    }
}
