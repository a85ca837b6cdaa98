package dev.jmcp.auth.keycloak;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A Keycloak started by the tests in dev mode on 127.0.0.1, with the realm of
 * {@code src/test/resources/keycloak/jmcp-realm.json}. One per test run (see {@link KeycloakExtension}):
 * it takes tens of seconds and about half a gigabyte to start.
 *
 * <p>Everything is addressed as 127.0.0.1, since Keycloak's issuer follows the Host header of the
 * request: a token fetched through "localhost" would carry another {@code iss}.
 */
public final class Keycloak implements AutoCloseable {

    public static final String REALM = "jmcp";
    /** the public client for the authorization code flow with PKCE S256, redirects on http://127.0.0.1/* */
    public static final String PUBLIC_CLIENT = "jmcp-cli";
    /** the confidential client for client credentials (client_secret_basic or _post) */
    public static final String MACHINE_CLIENT = "jmcp-machine";
    public static final String MACHINE_SECRET = "jmcp-machine-secret";
    /** client credentials whose tokens live {@value #SHORT_LIFESPAN_SECONDS} s and carry resources:read */
    public static final String SHORT_CLIENT = "jmcp-short";
    public static final String SHORT_SECRET = "jmcp-short-secret";
    public static final int SHORT_LIFESPAN_SECONDS = 2;
    /** client credentials whose tokens carry resources:read for {@value #ELSEWHERE_AUDIENCE} only */
    public static final String ELSEWHERE_CLIENT = "jmcp-elsewhere";
    public static final String ELSEWHERE_SECRET = "jmcp-elsewhere-secret";
    public static final String ELSEWHERE_AUDIENCE = "https://elsewhere.example/mcp";
    /** the audience the realm file puts in tokens until {@link #useAudience} names the server under test */
    public static final String INITIAL_AUDIENCE = "http://127.0.0.1/mcp";
    /** the MCP server's own confidential client: Keycloak lets a client introspect only tokens whose aud names it */
    public static final String RESOURCE_SERVER_CLIENT = "jmcp-resource-server";
    public static final String RESOURCE_SERVER_SECRET = "jmcp-resource-server-secret";
    public static final String READ_SCOPE = "resources:read";
    /** the extra scope the step-up tests ask for */
    public static final String ADMIN_SCOPE = "resources:admin";
    public static final String USER = "alice";
    public static final String PASSWORD = "alice-password";

    /**
     * how long a start may take: 20 s on an idle two-core machine, and up to about two and a half
     * minutes measured while six builds shared it
     */
    static final Duration START_DEADLINE = Duration.ofMinutes(5);
    static final Duration STOP_DEADLINE = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(250);
    private static final String ADMIN = "admin";

    private final Process process;
    private final Path log;
    private final URI base;
    private final String adminPassword;
    private final HttpClient http = Http.client();

    private Keycloak(Process process, Path log, URI base, String adminPassword) {
        this.process = process;
        this.log = log;
        this.base = base;
        this.adminPassword = adminPassword;
    }

    /**
     * Starts Keycloak from the unpacked distribution (system property {@code jmcp.keycloak.home}, set by
     * the pom) and returns once the realm answers its discovery document.
     */
    static Keycloak start() {
        Path home = Path.of(required("jmcp.keycloak.home"));
        Path data = Path.of(required("jmcp.keycloak.data"));
        Path kc = home.resolve("bin/kc.sh");
        if (!Files.isRegularFile(kc)) {
            throw new IllegalStateException(kc + " is missing: the Keycloak distribution is unpacked by"
                    + " maven-dependency-plugin in process-test-resources (run the tests through Maven)");
        }
        Path jdk = JdkLocator.locate();
        try {
            Files.createDirectories(data);
            // --import-realm reads the distribution's data/import; the distribution itself lives in target/
            Path imports = Files.createDirectories(home.resolve("data/import"));
            try (InputStream realm = Keycloak.class.getResourceAsStream("/keycloak/jmcp-realm.json")) {
                if (realm == null) {
                    throw new IllegalStateException("keycloak/jmcp-realm.json is not on the test class path");
                }
                Files.copy(realm, imports.resolve("jmcp-realm.json"), StandardCopyOption.REPLACE_EXISTING);
            }
            int port = freePort();
            String adminPassword = randomPassword();
            Path log = data.resolve("keycloak.log");
            ProcessBuilder builder = new ProcessBuilder(kc.toString(), "start-dev",
                    "--http-host=127.0.0.1", "--http-port=" + port,
                    // in memory: every run starts from the realm file, nothing is left from the last one
                    "--db=dev-mem", "--import-realm", "--log-level=warn")
                    .directory(home.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            Map<String, String> env = builder.environment();
            env.put("JAVA_HOME", jdk.toString());
            env.put("JAVA_OPTS_KC_HEAP", "-Xms64m -Xmx512m");
            env.put("KC_BOOTSTRAP_ADMIN_USERNAME", ADMIN);
            env.put("KC_BOOTSTRAP_ADMIN_PASSWORD", adminPassword);
            Keycloak keycloak = new Keycloak(builder.start(), log, URI.create("http://127.0.0.1:" + port), adminPassword);
            // a test JVM that dies before the store closes still takes Keycloak with it
            Runtime.getRuntime().addShutdownHook(new Thread(keycloak::close, "keycloak-stop"));
            try {
                keycloak.awaitReady();
            } catch (RuntimeException | Error e) {
                keycloak.close();
                throw e;
            }
            return keycloak;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start Keycloak from " + home, e);
        }
    }

    private void awaitReady() {
        Instant deadline = Instant.now().plus(START_DEADLINE);
        URI discovery = issuer().resolve(issuer().getPath() + "/.well-known/openid-configuration");
        while (true) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Keycloak exited with " + process.exitValue()
                        + " before it was ready; the end of " + log + ":\n" + logTail());
            }
            try {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(discovery)
                        .timeout(Http.TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while Keycloak started", e);
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("Keycloak did not answer " + discovery + " within "
                        + START_DEADLINE + "; the end of " + log + ":\n" + logTail());
            }
            // the pause between polls is a wait on the process's exit, which ends it early
            try {
                process.onExit().get(POLL.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException stillRunning) {
                // poll again
            } catch (ExecutionException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while Keycloak started", e);
            }
        }
    }

    /** {@code http://127.0.0.1:PORT} */
    public URI base() {
        return base;
    }

    /** {@code http://127.0.0.1:PORT/realms/jmcp}: the issuer, and the base of its metadata paths */
    public URI issuer() {
        return base.resolve("/realms/" + REALM);
    }

    public URI tokenEndpoint() {
        return base.resolve("/realms/" + REALM + "/protocol/openid-connect/token");
    }

    public URI authorizationEndpoint() {
        return base.resolve("/realms/" + REALM + "/protocol/openid-connect/auth");
    }

    /** A client-credentials token (client_secret_basic) with the given scopes (space separated, may be empty). */
    public String clientCredentialsToken(String clientId, String secret, String scope) {
        return clientCredentials(clientId, secret, scope).getString("access_token");
    }

    /** The whole token response of a client-credentials request. */
    public JsonObject clientCredentials(String clientId, String secret, String scope) {
        Map<String, String> form = scope.isEmpty() ? Map.of("grant_type", "client_credentials")
                : Map.of("grant_type", "client_credentials", "scope", scope);
        String basic = java.util.Base64.getEncoder().encodeToString(
                (Http.encode(clientId) + ":" + Http.encode(secret)).getBytes(StandardCharsets.UTF_8));
        return Http.object(http, Http.post(tokenEndpoint(), form).header("Authorization", "Basic " + basic).build());
    }

    /**
     * Makes the realm's audience mapper put {@code audience} (an MCP server's canonical URI, whose port
     * is known only once it listens) in the {@code aud} of the tokens issued from now on to the
     * public and machine clients. The tests run one after another, each naming its server first.
     */
    public synchronized void useAudience(String audience) {
        String token = adminToken();
        URI scopes = base.resolve("/admin/realms/" + REALM + "/client-scopes");
        JsonObject scope = find((JsonArray) Http.json(http, admin(scopes, token).GET().build()), "mcp-audience");
        URI mappers = URI.create(scopes + "/" + scope.getString("id") + "/protocol-mappers/models");
        JsonObject mapper = find((JsonArray) Http.json(http, admin(mappers, token).GET().build()), "mcp-server");
        JsonObject updated = Json.createObjectBuilder(mapper)
                .add("config", Json.createObjectBuilder(mapper.getJsonObject("config"))
                        .add("included.custom.audience", audience))
                .build();
        HttpResponse<String> response = Http.send(http, admin(URI.create(mappers + "/" + mapper.getString("id")), token)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(updated.toString())).build());
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException("Keycloak refused the audience " + audience + ": "
                    + response.statusCode() + " " + response.body());
        }
    }

    private String adminToken() {
        URI endpoint = base.resolve("/realms/master/protocol/openid-connect/token");
        return Http.object(http, Http.post(endpoint, Map.of("grant_type", "password", "client_id", "admin-cli",
                "username", ADMIN, "password", adminPassword)).build()).getString("access_token");
    }

    private static HttpRequest.Builder admin(URI uri, String token) {
        return HttpRequest.newBuilder(uri).timeout(Http.TIMEOUT).header("Authorization", "Bearer " + token);
    }

    private static JsonObject find(JsonArray array, String name) {
        for (JsonValue value : array) {
            JsonObject object = value.asJsonObject();
            if (name.equals(object.getString("name", null))) {
                return object;
            }
        }
        throw new IllegalStateException("the realm has no " + name + " (is jmcp-realm.json what was imported?)");
    }

    /** Stops Keycloak and everything it started (kc.sh execs java, but a wrapper may not). */
    @Override
    public void close() {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            process.onExit().get(STOP_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            tree.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            tree.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private static String required(String property) {
        String value = System.getProperty(property, "");
        if (value.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set: the mcp-auth pom sets"
                    + " it for Surefire, so run these tests through Maven");
        }
        return value;
    }

    private static int freePort() throws IOException {
        // Keycloak binds the port itself; a port another process takes in between makes Keycloak exit,
        // which awaitReady reports with its log
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String randomPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
