package dev.jmcp.core.internal.resources;

import dev.jmcp.core.resources.Subscription;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A client's listeners for resource updates, by URI, and for list changes: MCP's client and a
 * resources dialect's keep them alike. Thread-safe.
 */
public final class ClientUpdates {
    private static final System.Logger LOG = System.getLogger(ClientUpdates.class.getName());

    private final Map<String, List<Entry>> byUri = new LinkedHashMap<>(); // guarded by this
    private final List<Runnable> listChanged = new CopyOnWriteArrayList<>();

    /** One listener for one URI. @param first true when it was the first for its URI */
    public record Entry(String uri, Consumer<String> listener, boolean first) {
    }

    public synchronized Entry add(String uri, Consumer<String> listener) {
        List<Entry> entries = byUri.computeIfAbsent(uri, u -> new ArrayList<>());
        Entry entry = new Entry(uri, listener, entries.isEmpty());
        entries.add(entry);
        return entry;
    }

    /** @return true when it was the last listener for its URI */
    public synchronized boolean remove(Entry entry) {
        List<Entry> entries = byUri.get(entry.uri());
        if (entries == null || !entries.removeIf(e -> e == entry)) {
            return false;
        }
        if (entries.isEmpty()) {
            byUri.remove(entry.uri());
            return true;
        }
        return false;
    }

    /**
     * Adds {@code listener} for {@code uri}, telling the server only as often as it must: the first
     * listener of a URI runs {@code subscribe} (and is taken back when that fails), and the last one
     * to close runs {@code unsubscribe}.
     */
    public Subscription subscribe(String uri, Consumer<String> listener, Runnable subscribe, Runnable unsubscribe) {
        Entry entry = add(uri, listener);
        if (entry.first()) {
            try {
                subscribe.run();
            } catch (RuntimeException e) {
                remove(entry);
                throw e;
            }
        }
        return () -> {
            if (remove(entry)) {
                unsubscribe.run();
            }
        };
    }

    synchronized int size() {
        return byUri.size();
    }

    /** @return the URIs with listeners, in the order they were first subscribed */
    synchronized List<String> uris() {
        return List.copyOf(byUri.keySet());
    }

    boolean hasListChangedListeners() {
        return !listChanged.isEmpty();
    }

    public Subscription onListChanged(Runnable listener) {
        Objects.requireNonNull(listener, "listener");
        listChanged.add(listener);
        return () -> listChanged.removeIf(l -> l == listener);
    }

    public void listChanged() {
        for (Runnable listener : listChanged) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a list-changed listener failed", e);
            }
        }
    }

    void updated(Object params) {
        if (params instanceof ResourceUpdatedNotificationParams update) {
            updated(update.uri());
        }
    }

    /** Tells the listeners of {@code uri}, and of the URIs it lies under (when none: every listener), that it changed. */
    public void updated(String uri) {
        for (Entry entry : targets(uri)) {
            try {
                entry.listener().accept(uri);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a listener of updates to " + entry.uri() + " failed", e);
            }
        }
    }

    /** The URI's own listeners and those of URIs it lies under; when none match, all of them. */
    private synchronized List<Entry> targets(String uri) {
        List<Entry> matched = new ArrayList<>();
        List<Entry> all = new ArrayList<>();
        for (Map.Entry<String, List<Entry>> subscribed : byUri.entrySet()) {
            String key = subscribed.getKey();
            all.addAll(subscribed.getValue());
            if (uri.equals(key) || uri.startsWith(key.endsWith("/") ? key : key + "/")) {
                matched.addAll(subscribed.getValue());
            }
        }
        return matched.isEmpty() ? all : matched;
    }
}
