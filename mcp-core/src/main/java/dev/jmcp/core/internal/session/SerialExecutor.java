package dev.jmcp.core.internal.session;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs tasks one at a time, in submission order, on a shared executor: notifications keep their
 * order without a thread of their own.
 */
final class SerialExecutor implements Executor {
    private static final System.Logger LOG = System.getLogger(SerialExecutor.class.getName());

    private final Executor delegate;
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    private boolean running;

    SerialExecutor(Executor delegate) {
        this.delegate = delegate;
    }

    @Override
    public void execute(Runnable task) {
        synchronized (queue) {
            queue.add(task);
            if (running) {
                return;
            }
            running = true;
        }
        schedule();
    }

    private void schedule() {
        try {
            delegate.execute(this::drain);
        } catch (RejectedExecutionException e) {
            synchronized (queue) {
                LOG.log(Level.DEBUG, "dropping {0} queued notification task(s): the executor is shut down",
                        String.valueOf(queue.size()));
                queue.clear();
                running = false;
            }
        }
    }

    private void drain() {
        Runnable task;
        synchronized (queue) {
            task = queue.poll();
        }
        try {
            if (task != null) {
                task.run();
            }
        } finally {
            // one task per turn, so a long queue cannot hold a pool thread forever
            boolean more;
            synchronized (queue) {
                more = !queue.isEmpty();
                running = more;
            }
            if (more) {
                schedule();
            }
        }
    }
}
