package dev.jmcp.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Sets up {@code java.util.logging}, where the library's {@code System.Logger} output goes: to
 * standard error only (for {@code serve}, standard output is the protocol), warnings and errors
 * as one line each; with {@code --debug}, everything down to DEBUG, with stack traces.
 */
final class Logs {
    private Logs() {
    }

    static void configure(boolean debug) {
        Logger root = Logger.getLogger("");
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        Handler handler = new ConsoleHandler(); // System.err, as it is now
        handler.setLevel(debug ? Level.ALL : Level.WARNING);
        handler.setFormatter(new OneLine(debug));
        root.addHandler(handler);
        root.setLevel(debug ? Level.FINE : Level.WARNING);
    }

    private static final class OneLine extends Formatter {
        private final boolean debug;

        OneLine(boolean debug) {
            this.debug = debug;
        }

        @Override
        public String format(LogRecord record) {
            StringBuilder line = new StringBuilder("jmcp: ");
            if (debug) {
                line.append(LocalTime.now().truncatedTo(ChronoUnit.MILLIS)).append(' ')
                        .append(record.getLevel()).append(' ').append(record.getLoggerName()).append(": ")
                        .append(formatMessage(record));
            } else {
                line.append(record.getLevel().intValue() >= Level.SEVERE.intValue() ? "error: " : "warning: ")
                        .append(Text.printable(formatMessage(record)));
                if (record.getThrown() != null) {
                    line.append(": ").append(Failures.innermostMessage(record.getThrown()));
                }
            }
            line.append(System.lineSeparator());
            if (debug && record.getThrown() != null) {
                StringWriter trace = new StringWriter();
                record.getThrown().printStackTrace(new PrintWriter(trace));
                line.append(trace);
            }
            return line.toString();
        }
    }
}
