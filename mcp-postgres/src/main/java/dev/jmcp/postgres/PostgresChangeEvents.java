package dev.jmcp.postgres;

import dev.jmcp.core.spi.ChangeEvent;
import dev.jmcp.core.spi.ChangeEvents;
import dev.jmcp.postgres.internal.Payloads;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Change events carried between a server's replicas on PostgreSQL's {@code LISTEN}/{@code NOTIFY}:
 * what a provider of this process reports is delivered here at once and sent on the channel
 * ({@code pg_notify}) for the other replicas; what arrives on the channel, from a replica or from
 * the triggers of {@code jmcp-resources.sql}, is delivered here. Any provider's changes can travel
 * this way (a folder shared by the replicas, say), not only the PostgreSQL provider's.
 *
 * <p>One connection of the {@link DataSource} is held to listen (a pool needs one more than its
 * other users). When it is lost (PostgreSQL restarted, a network cut) it is made again with a
 * back-off from {@link PostgresSettings#minReconnectDelay()} doubling to
 * {@link PostgresSettings#maxReconnectDelay()}, and once it listens again every listener is told
 * that any listing may have changed ({@link ChangeEvent#anyListChanged()}): events sent meanwhile
 * were lost, and nobody keeps stale state silently. A payload that is not a jmcp event (another
 * program's {@code NOTIFY} on the channel) is ignored and logged.
 *
 * @since 0.1
 */
public final class PostgresChangeEvents implements ChangeEvents {
    private static final System.Logger LOG = System.getLogger(PostgresChangeEvents.class.getName());
    /** Events waiting to be sent; past this the newest are dropped and logged (the others still hear them here). */
    private static final int MAX_QUEUED = 10_000;

    private final DataSource dataSource;
    private final PostgresSettings settings;
    private final String origin = UUID.randomUUID().toString();
    private final ThreadPoolExecutor sender;
    private final Object wake = new Object();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean warnedForeign = new AtomicBoolean();
    private volatile Consumer<ChangeEvent> deliver;
    private volatile boolean listening;
    private volatile Connection listen;
    private volatile Thread listener;

    private PostgresChangeEvents(DataSource dataSource, PostgresSettings settings) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(MAX_QUEUED), runnable -> {
            Thread thread = new Thread(runnable, "jmcp-postgres-notify");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * @param dataSource the user's connections; one is held to listen; never closed here
     * @param settings   the channel and the back-off
     * @return events not yet started: the server starts them
     */
    public static PostgresChangeEvents create(DataSource dataSource, PostgresSettings settings) {
        return new PostgresChangeEvents(dataSource, settings);
    }

    /** @return true while the listening connection listens: events of the other replicas arrive */
    public boolean isListening() {
        return listening;
    }

    @Override
    public void start(Consumer<ChangeEvent> value) {
        this.deliver = Objects.requireNonNull(value, "deliver");
        listener = new Thread(this::listenLoop, "jmcp-postgres-listen");
        listener.setDaemon(true);
        listener.start();
    }

    @Override
    public void publish(ChangeEvent event) {
        Consumer<ChangeEvent> to = deliver;
        if (to != null) {
            to.accept(event); // here at once; the replicas through PostgreSQL, whose echo is skipped
        }
        String payload = Payloads.write(origin, event);
        try {
            sender.execute(() -> send(payload));
        } catch (RejectedExecutionException e) {
            if (!closed.get()) {
                LOG.log(Level.WARNING, "{0} change events wait to be sent to PostgreSQL: this one is not sent to the other"
                        + " replicas: {1}", MAX_QUEUED, event);
            }
        }
    }

    private void send(String payload) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement notify = connection.prepareStatement("SELECT pg_notify(?, ?)")) {
            notify.setString(1, settings.channel());
            notify.setString(2, payload);
            notify.execute();
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "a change event was not sent to the other replicas: NOTIFY {0} failed (SQLState {1}): {2}",
                    settings.channel(), e.getSQLState(), e.getMessage());
        }
    }

    private void listenLoop() {
        Duration delay = settings.minReconnectDelay();
        boolean lost = false;
        while (!closed.get()) {
            try (Connection connection = dataSource.getConnection()) {
                listen = connection;
                try (Statement statement = connection.createStatement()) {
                    statement.execute("LISTEN " + settings.channel()); // a checked identifier
                }
                if (closed.get()) {
                    return;
                }
                listening = true;
                LOG.log(Level.INFO, "listening for change events on PostgreSQL channel {0}", settings.channel());
                delay = settings.minReconnectDelay();
                if (lost) {
                    deliverHere(ChangeEvent.anyListChanged()); // what was sent while we were away is lost
                }
                receive(connection);
            } catch (SQLException | RuntimeException e) {
                if (closed.get()) {
                    return;
                }
                LOG.log(Level.WARNING, "listening for change events on PostgreSQL channel {0} failed (SQLState {1}): {2};"
                        + " again in {3} ms", settings.channel(), e instanceof SQLException sql ? sql.getSQLState() : "none",
                        e.getMessage(), delay.toMillis());
            } finally {
                listening = false;
                listen = null;
            }
            lost = true;
            if (!pause(delay)) {
                return;
            }
            delay = delay.multipliedBy(2).compareTo(settings.maxReconnectDelay()) > 0 ? settings.maxReconnectDelay()
                    : delay.multipliedBy(2);
        }
    }

    /** Delivers what arrives until the connection fails (an exception) or this closes. */
    private void receive(Connection connection) throws SQLException {
        PGConnection notifications = connection.unwrap(PGConnection.class);
        int wait = (int) Math.min(Integer.MAX_VALUE, settings.listenCheckInterval().toMillis());
        while (!closed.get()) {
            PGNotification[] arrived = notifications.getNotifications(wait);
            if (arrived == null || arrived.length == 0) {
                try (Statement check = connection.createStatement()) {
                    check.execute("SELECT 1"); // an idle connection that died says so only when used
                }
                continue;
            }
            for (PGNotification notification : arrived) {
                accept(notification.getParameter());
            }
        }
    }

    private void accept(String payload) {
        Optional<Payloads.Received> received = Payloads.read(payload);
        if (received.isEmpty()) {
            // logged once at WARNING, then at DEBUG: another program on the channel must not flood the log
            LOG.log(warnedForeign.compareAndSet(false, true) ? Level.WARNING : Level.DEBUG, "ignored a NOTIFY on channel {0}"
                    + " that is not a jmcp change event ({1} bytes)", settings.channel(), payload == null ? 0 : payload.length());
            return;
        }
        if (!received.get().origin().equals(origin)) {
            deliverHere(received.get().event());
        }
    }

    private void deliverHere(ChangeEvent event) {
        Consumer<ChangeEvent> to = deliver;
        if (to != null) {
            try {
                to.accept(event);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "delivering a change event failed: " + event, e);
            }
        }
    }

    /** @return false when closed while waiting */
    private boolean pause(Duration delay) {
        long deadline = System.nanoTime() + delay.toNanos();
        synchronized (wake) {
            while (!closed.get()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return true;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(wake, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return false;
    }

    /** Stops listening (the held connection is given back) and sending; events still queued are dropped. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        synchronized (wake) {
            wake.notifyAll();
        }
        Connection held = listen;
        if (held != null) {
            try {
                held.close(); // wakes a getNotifications that waits
            } catch (SQLException e) {
                LOG.log(Level.DEBUG, "closing the listening connection: {0}", e.getMessage());
            }
        }
        sender.shutdownNow();
        Thread thread = listener;
        if (thread != null) {
            thread.interrupt();
        }
    }
}
