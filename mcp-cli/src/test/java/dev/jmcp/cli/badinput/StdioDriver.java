package dev.jmcp.cli.badinput;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * One {@code jmcp serve} over its standard input and output, for the whole matrix: each text is one
 * line in, each answer one line out. Both eras share the stream, as a dual-era client would: the
 * session's requests after {@code initialize}, and stateless requests that carry their own
 * {@code _meta}.
 */
final class StdioDriver extends Driver {
    /** A bound on a wait that only a broken server reaches; not a measure of speed. */
    private static final long ANSWER_BOUND_SECONDS = 30;
    private static final String END = "";

    private final OutputStream in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    StdioDriver(Path root) throws Exception {
        super(new ServeProcess(root, List.of(), line -> { }));
        in = process().getOutputStream();
        try {
            Thread reader = new Thread(this::readLines, "jmcp-serve-stdout");
            reader.setDaemon(true);
            reader.start();
            JsonObject initialized = send(BadInput.Era.SESSION, Clients.utf8(Clients.INITIALIZE), null, true, null)
                    .message();
            if (!initialized.containsKey("result")) {
                throw new AssertionError("initialize failed: " + initialized + "\n" + log());
            }
            send(BadInput.Era.SESSION, Clients.utf8(Clients.INITIALIZED), null, false, null);
        } catch (Exception | AssertionError e) {
            close(); // no server left behind by a driver that could not start
            throw e;
        }
    }

    private void readLines() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process().getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            // the process ended
        }
        lines.add(END);
    }

    @Override
    Answer send(BadInput.Era era, byte[] text, UnaryOperator<RawRequest> http, boolean answered, String awaited)
            throws Exception {
        in.write(text);
        in.write('\n');
        in.flush();
        if (!answered) {
            return new Answer(200, null);
        }
        List<JsonObject> strays = new ArrayList<>();
        while (true) {
            JsonObject message = next();
            if (awaited == null || awaited.equals(String.valueOf(message.get("id")))) {
                return new Answer(200, message, strays);
            }
            strays.add(message);
        }
    }

    private JsonObject next() throws InterruptedException {
        String line = lines.poll(ANSWER_BOUND_SECONDS, TimeUnit.SECONDS);
        if (line == null || line.equals(END)) {
            throw new AssertionError((line == null ? "no answer within " + ANSWER_BOUND_SECONDS + " s"
                    : "jmcp serve ended its output") + "\n" + log());
        }
        return Json.createReader(new StringReader(line)).readObject();
    }
}
