package dev.jmcp.benchmarks.e2e;

/**
 * Ends a benchmark server when the process that started it ends. A server that outlives its
 * benchmark JVM (one that crashed, or an SDK server whose stdio reader died on a message it could
 * not parse and so never sees the end of its input) would keep a core busy and a port taken for
 * the runs after it.
 */
final class ParentWatch {
    private ParentWatch() {
    }

    /** Starts watching; the server halts with status 3 once its parent has gone. */
    static void exitWithParent() {
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> {
            System.err.println("benchmark server: the process that started it (" + parent.pid() + ") has ended");
            Runtime.getRuntime().halt(3); // halt, not exit: a stuck shutdown hook must not keep it alive
        }));
    }
}
