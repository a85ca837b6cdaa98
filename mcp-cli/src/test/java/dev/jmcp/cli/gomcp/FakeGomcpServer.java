package dev.jmcp.cli.gomcp;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A gomcp-style server written from gomcp's shapes (its code at 53ce9f5 and its protocol document),
 * not from jmcp's server: {@code initialize} only at 2025-03-26 (else -32001), nothing before the
 * bare {@code initialized} (else -32600), {@code resources/list} in pages of {@value #PAGE_SIZE}
 * with a {@code uriPrefix} filter, the read as {@code resources/read} and {@code resources/get}
 * (or only the latter) with {@code version} answered by Not Modified (-32050), -32040 for an
 * unknown URI, {@code uris[]} subscriptions. Tests drive it with {@code test/change} (a resource gets
 * new text and a new version, and subscribed sessions hear of it under the name given; or every
 * session hears {@code notifications/resources/list_changed}) and read what it saw with
 * {@code test/seen}. Thread-safe.
 */
public final class FakeGomcpServer {
    static final int PAGE_SIZE = 2;
    /** {@code mem://blob/N}: a blob of N zero bytes that no listing shows, for tests of size limits. */
    static final String BLOB_PREFIX = "mem://blob/";

    private final boolean answersRead;
    private final Map<String, Entry> resources = new LinkedHashMap<>(); // guarded by this
    private final List<Session> sessions = new CopyOnWriteArrayList<>();
    private final List<String> seen = new ArrayList<>(); // guarded by this
    private int contentsSent; // guarded by this
    private int notModified; // guarded by this

    /** One resource: gomcp's fields and its content, whose version counts changes. */
    private static final class Entry {
        final String uri;
        final String kind;
        final String contentType;
        String text;
        byte[] blob;
        int version = 1;

        Entry(String uri, String kind, String contentType) {
            this.uri = uri;
            this.kind = kind;
            this.contentType = contentType;
        }
    }

    /** One client's connection: answers go to {@code out}, one JSON message each. */
    public final class Session {
        private final Consumer<String> out;
        /** Where answers go: {@link #out}, or what {@link #exchange} captures. */
        private Consumer<String> replies; // guarded by FakeGomcpServer.this
        private boolean initialized; // guarded by FakeGomcpServer.this
        private final List<String> subscribed = new ArrayList<>(); // guarded by FakeGomcpServer.this

        Session(Consumer<String> out) {
            this.out = out;
            this.replies = out;
        }

        /** Handles one message the client sent. */
        public void receive(String message) {
            handle(this, Json.createReader(new java.io.StringReader(message)).readObject());
        }

        /**
         * Handles one message and returns its answer instead of sending it (empty for none), as
         * gomcp's HTTP server answers in the POST's body; notifications still go out.
         */
        public String exchange(String message) {
            synchronized (FakeGomcpServer.this) {
                StringBuilder captured = new StringBuilder();
                replies = captured::append;
                try {
                    receive(message);
                } finally {
                    replies = out;
                }
                return captured.toString();
            }
        }

        /** Forgets the session: its connection ended. */
        public void end() {
            sessions.remove(this);
        }
    }

    /** @param answersRead false for a server of gomcp's document, which knows the read only as {@code resources/get} */
    public FakeGomcpServer(boolean answersRead) {
        this.answersRead = answersRead;
        text("mem://docs/readme.md", "hello gomcp");
        Entry logo = new Entry("mem://docs/logo.png", "image", "image/png");
        logo.blob = new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2, (byte) 0xff};
        resources.put(logo.uri, logo);
        resources.put("mem://docs/sub", new Entry("mem://docs/sub", "collection", null));
        text("mem://docs/sub/deep.txt", "deep");
        text("mem://notes.txt", "notes");
    }

    private void text(String uri, String text) {
        Entry entry = new Entry(uri, "file", "text/plain");
        entry.text = text;
        resources.put(uri, entry);
    }

    /** @return a new session whose answers and notifications go to {@code out} */
    public Session open(Consumer<String> out) {
        Session session = new Session(out);
        sessions.add(session);
        return session;
    }

    private synchronized void handle(Session session, JsonObject message) {
        String method = message.getString("method", null);
        JsonValue id = message.get("id");
        JsonObject params = message.get("params") instanceof JsonObject object ? object : JsonValue.EMPTY_JSON_OBJECT;
        seen.add(method == null ? "(response)" : method);
        if (method == null) {
            return;
        }
        if (!session.initialized) {
            if (method.equals("initialize")) {
                String version = params.getString("protocolVersion", "");
                if (!version.equals("2025-03-26")) {
                    error(session, id, -32001, "Unsupported protocol version: " + version, null);
                    return;
                }
                answer(session, id, Json.createObjectBuilder().add("protocolVersion", "2025-03-26")
                        .add("capabilities", Json.createObjectBuilder().add("resources",
                                Json.createObjectBuilder().add("subscribe", true).add("listChanged", true)))
                        .add("serverInfo", Json.createObjectBuilder().add("name", "fake-gomcp").add("version", "0")));
            } else if (method.equals("initialized")) {
                session.initialized = true;
            } else if (id != null) {
                error(session, id, -32600, "Expected 'initialize' request or 'initialized' notification", null);
            }
            return;
        }
        switch (method) {
            case "resources/list" -> list(session, id, params);
            case "resources/read", "resources/get" -> {
                if (method.equals("resources/read") && !answersRead) {
                    error(session, id, -32601, "Method '" + method + "' not implemented", null);
                } else {
                    read(session, id, params);
                }
            }
            case "resources/subscribe", "resources/unsubscribe" -> {
                for (JsonString uri : params.getJsonArray("uris").getValuesAs(JsonString.class)) {
                    if (method.equals("resources/subscribe")) {
                        session.subscribed.add(uri.getString());
                    } else {
                        session.subscribed.remove(uri.getString());
                    }
                }
                answer(session, id, Json.createObjectBuilder());
            }
            case "test/change" -> {
                change(params.getString("uri"), params.getString("text"), params.getString("notification"));
                answer(session, id, Json.createObjectBuilder());
            }
            case "test/seen" -> answer(session, id, Json.createObjectBuilder().add("methods", Json.createArrayBuilder(seen))
                    .add("contentsSent", contentsSent).add("notModified", notModified)
                    .add("subscribed", Json.createArrayBuilder(session.subscribed)));
            default -> {
                if (id != null) {
                    error(session, id, -32601, "Method '" + method + "' not implemented", null);
                }
            }
        }
    }

    private void list(Session session, JsonValue id, JsonObject params) {
        String prefix = params.get("filter") instanceof JsonObject filter ? filter.getString("uriPrefix", "") : "";
        List<Entry> matching = resources.values().stream().filter(e -> e.uri.startsWith(prefix)).toList();
        int from = params.containsKey("cursor") ? Integer.parseInt(params.getString("cursor")) : 0;
        JsonArrayBuilder page = Json.createArrayBuilder();
        matching.subList(from, Math.min(from + PAGE_SIZE, matching.size())).forEach(e -> page.add(resource(e)));
        JsonObjectBuilder result = Json.createObjectBuilder().add("resources", page);
        if (from + PAGE_SIZE < matching.size()) {
            result.add("nextCursor", String.valueOf(from + PAGE_SIZE));
        }
        answer(session, id, result);
    }

    private void read(Session session, JsonValue id, JsonObject params) {
        String uri = params.getString("uri");
        Entry entry = uri.startsWith(BLOB_PREFIX) ? blob(uri) : resources.get(uri);
        if (entry == null || entry.text == null && entry.blob == null) {
            error(session, id, -32040, "Resource not found: " + uri, Json.createObjectBuilder().add("uri", uri).build());
            return;
        }
        String version = String.valueOf(entry.version);
        if (version.equals(params.getString("version", null))) {
            notModified++;
            error(session, id, -32050, "Not Modified: " + uri + " is at version " + version,
                    Json.createObjectBuilder().add("uri", uri).add("version", version).build());
            return;
        }
        contentsSent++;
        JsonObjectBuilder contents = Json.createObjectBuilder().add("contentType", entry.contentType);
        if (entry.blob != null) {
            contents.add("blob", Base64.getEncoder().encodeToString(entry.blob));
        } else {
            contents.add("content", entry.text);
        }
        answer(session, id, Json.createObjectBuilder().add("resource", resource(entry)).add("contents", contents));
    }

    private static Entry blob(String uri) {
        Entry entry = new Entry(uri, "file", "application/octet-stream");
        entry.blob = new byte[Integer.parseInt(uri.substring(BLOB_PREFIX.length()))];
        return entry;
    }

    /** Gives {@code uri} new text and version, and tells the sessions subscribed to it with {@code notification}. */
    public synchronized void change(String uri, String text, String notification) {
        if (notification.equals("notifications/resources/list_changed")) {
            String message = "{\"jsonrpc\":\"2.0\",\"method\":\"" + notification + "\",\"params\":{}}";
            sessions.forEach(session -> session.out.accept(message));
            return;
        }
        Entry entry = resources.get(uri);
        entry.text = text;
        entry.version++;
        String message = Json.createObjectBuilder().add("jsonrpc", "2.0").add("method", notification)
                .add("params", Json.createObjectBuilder().add("resource", resource(entry))).build().toString();
        for (Session session : sessions) {
            if (session.subscribed.contains(uri)) {
                session.out.accept(message);
            }
        }
    }

    private static JsonObjectBuilder resource(Entry entry) {
        JsonObjectBuilder resource = Json.createObjectBuilder().add("uri", entry.uri).add("kind", entry.kind)
                .add("metadata", Json.createObjectBuilder().add("owner", "fake"));
        if (entry.text != null || entry.blob != null) {
            resource.add("version", String.valueOf(entry.version)).add("size", entry.blob != null ? entry.blob.length
                    : entry.text.getBytes(StandardCharsets.UTF_8).length);
        }
        return resource;
    }

    private static void answer(Session session, JsonValue id, JsonObjectBuilder result) {
        session.replies.accept(Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", id).add("result", result)
                .build().toString());
    }

    private static void error(Session session, JsonValue id, int code, String message, JsonObject data) {
        JsonObjectBuilder error = Json.createObjectBuilder().add("code", code).add("message", message);
        if (data != null) {
            error.add("data", data);
        }
        session.replies.accept(Json.createObjectBuilder().add("jsonrpc", "2.0")
                .add("id", id == null ? JsonValue.NULL : id).add("error", error).build().toString());
    }
}
