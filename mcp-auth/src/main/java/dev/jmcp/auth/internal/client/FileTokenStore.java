package dev.jmcp.auth.internal.client;

import dev.jmcp.auth.client.StoredAuthorization;
import dev.jmcp.auth.client.TokenStore;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@link TokenStore#file(Path)}: one JSON object, server URL to authorization, rewritten whole
 * through a temporary file in the same folder (created {@code rw-------}) and an atomic move, so
 * that a reader never sees half a file and no other user can ever read the tokens.
 */
public final class FileTokenStore implements TokenStore {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private final Path file;

    /** @param file never null */
    public FileTokenStore(Path file) {
        this.file = file.toAbsolutePath();
    }

    @Override
    public synchronized StoredAuthorization load(String server) throws IOException {
        return read().get(server);
    }

    @Override
    public synchronized void save(String server, StoredAuthorization authorization) throws IOException {
        Map<String, StoredAuthorization> all = read();
        all.put(server, authorization);
        write(all);
    }

    @Override
    public synchronized void remove(String server) throws IOException {
        Map<String, StoredAuthorization> all = read();
        if (all.remove(server) != null) {
            write(all);
        }
    }

    @Override
    public synchronized Map<String, StoredAuthorization> all() throws IOException {
        return Map.copyOf(read());
    }

    private Map<String, StoredAuthorization> read() throws IOException {
        Map<String, StoredAuthorization> all = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return all;
        }
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                JsonReader reader = AuthHttp.JSON.createReader(in)) {
            JsonObject servers = reader.readObject();
            for (Map.Entry<String, JsonValue> entry : servers.entrySet()) {
                if (entry.getValue() instanceof JsonObject kept) {
                    all.put(entry.getKey(), fromJson(kept));
                }
            }
        } catch (JsonException | ClassCastException | NullPointerException | java.time.format.DateTimeParseException e) {
            throw new IOException("the token file " + file + " is not one jmcp wrote: " + e.getMessage(), e);
        }
        return all;
    }

    private void write(Map<String, StoredAuthorization> all) throws IOException {
        JsonObjectBuilder servers = AuthHttp.JSON.createObjectBuilder();
        all.forEach((server, kept) -> servers.add(server, toJson(kept)));
        Path folder = file.getParent();
        Files.createDirectories(folder);
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        FileAttribute<?>[] ownerOnly = posix ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)}
                : new FileAttribute<?>[0];
        Path temporary = Files.createTempFile(folder, file.getFileName().toString(), ".tmp", ownerOnly);
        try {
            try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                out.write(servers.build().toString());
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
        if (posix) {
            Files.setPosixFilePermissions(file, OWNER_ONLY); // a file that was there before, made by hand
        }
    }

    private static JsonObject toJson(StoredAuthorization kept) {
        JsonObjectBuilder json = AuthHttp.JSON.createObjectBuilder().add("issuer", kept.issuer())
                .add("client_id", kept.clientId()).add("token_endpoint_auth_method", kept.tokenEndpointAuthMethod());
        put(json, "client_secret", kept.clientSecret());
        put(json, "redirect_uri", kept.redirectUri());
        put(json, "access_token", kept.accessToken());
        put(json, "refresh_token", kept.refreshToken());
        put(json, "expires_at", kept.expiresAt() == null ? null : kept.expiresAt().toString());
        put(json, "scope", kept.scope());
        put(json, "token_type", kept.tokenType());
        return json.build();
    }

    private static void put(JsonObjectBuilder json, String name, String value) {
        if (value != null) {
            json.add(name, value);
        }
    }

    private static StoredAuthorization fromJson(JsonObject json) {
        String expires = Discovery.string(json, "expires_at");
        return new StoredAuthorization(json.getString("issuer"), json.getString("client_id"),
                Discovery.string(json, "client_secret"), json.getString("token_endpoint_auth_method"),
                Discovery.string(json, "redirect_uri"), Discovery.string(json, "access_token"),
                Discovery.string(json, "refresh_token"), expires == null ? null : Instant.parse(expires),
                Discovery.string(json, "scope"), Discovery.string(json, "token_type"));
    }
}
