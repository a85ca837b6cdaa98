package dev.jmcp.dialect.gomcp.internal.client;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** The client's listeners: of changes to resources, by subscribed URI, and of list changes. Thread-safe. */
final class UpdateListeners {
    private static final System.Logger LOG = System.getLogger(UpdateListeners.class.getName());

    private final Map<String, List<Consumer<String>>> byUri = new LinkedHashMap<>(); // guarded by this
    private final List<Runnable> listChanged = new CopyOnWriteArrayList<>();

    /** @return true when it is the first listener of {@code uri}: the server must be told */
    synchronized boolean add(String uri, Consumer<String> listener) {
        List<Consumer<String>> listeners = byUri.computeIfAbsent(uri, u -> new ArrayList<>());
        listeners.add(listener);
        return listeners.size() == 1;
    }

    /** @return true when it was the last listener of {@code uri}: the server may be told */
    synchronized boolean remove(String uri, Consumer<String> listener) {
        List<Consumer<String>> listeners = byUri.get(uri);
        if (listeners == null || !listeners.removeIf(l -> l == listener)) {
            return false;
        }
        if (listeners.isEmpty()) {
            byUri.remove(uri);
            return true;
        }
        return false;
    }

    /** Tells the listeners of {@code uri}, and of the URIs it lies under, that it changed. */
    void changed(String uri) {
        for (Consumer<String> listener : targets(uri)) {
            try {
                listener.accept(uri);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a listener of changes to " + uri + " failed", e);
            }
        }
    }

    private synchronized List<Consumer<String>> targets(String uri) {
        List<Consumer<String>> targets = new ArrayList<>();
        byUri.forEach((subscribed, listeners) -> {
            if (uri.equals(subscribed) || uri.startsWith(subscribed.endsWith("/") ? subscribed : subscribed + "/")) {
                targets.addAll(listeners);
            }
        });
        return targets;
    }

    Runnable onListChanged(Runnable listener) {
        listChanged.add(listener);
        return () -> listChanged.removeIf(l -> l == listener);
    }

    void listChanged() {
        for (Runnable listener : listChanged) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a list-changed listener failed", e);
            }
        }
    }
}
