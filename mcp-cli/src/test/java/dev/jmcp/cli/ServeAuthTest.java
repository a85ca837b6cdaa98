package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.cli.badinput.HttpResponse;
import dev.jmcp.cli.badinput.RawRequest;
import dev.jmcp.cli.badinput.ServeProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmcp serve --http ... --auth-issuer URL}: a real {@code jmcp} process protected by the JWT
 * verifier, against a minimal issuer of the test's own on loopback (its RFC 8414 metadata and one RSA
 * key, tokens signed with java.security), and the options' usage errors.
 */
class ServeAuthTest {
    private static final String RESOURCE = "https://files.example.com/mcp";
    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    @TempDir
    Path dir;
    private ServerSocket issuerSocket;
    private String issuer;
    private KeyPair key;

    @BeforeEach
    void startIssuer() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "protected notes");
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        key = generator.generateKeyPair();
        issuerSocket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        issuer = "http://127.0.0.1:" + issuerSocket.getLocalPort();
        RSAPublicKey publicKey = (RSAPublicKey) key.getPublic();
        String metadata = "{\"issuer\":\"" + issuer + "\",\"jwks_uri\":\"" + issuer + "/jwks\"}";
        String jwks = "{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"k1\",\"use\":\"sig\",\"alg\":\"RS256\",\"n\":\""
                + unsigned(publicKey.getModulus()) + "\",\"e\":\"" + unsigned(publicKey.getPublicExponent()) + "\"}]}";
        Thread answering = new Thread(() -> {
            while (!issuerSocket.isClosed()) {
                try (Socket connection = issuerSocket.accept()) {
                    InputStream in = connection.getInputStream();
                    String requestLine = line(in);
                    while (!line(in).isEmpty()) {
                        // the headers: a GET has no body to read
                    }
                    String body = requestLine.contains("/jwks ") ? jwks
                            : requestLine.contains("/.well-known/oauth-authorization-server ") ? metadata : null;
                    OutputStream out = connection.getOutputStream();
                    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
                    out.write(((body == null ? "HTTP/1.1 404 Not Found" : "HTTP/1.1 200 OK") + "\r\nContent-Type: "
                            + "application/json\r\nContent-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.write(bytes);
                } catch (IOException closing) {
                    // the socket closed, or a client went away
                }
            }
        }, "serve-auth-issuer");
        answering.setDaemon(true);
        answering.start();
    }

    @AfterEach
    void stopIssuer() throws IOException {
        issuerSocket.close();
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    private static String unsigned(BigInteger value) {
        byte[] bytes = value.toByteArray();
        int skip = bytes.length > 1 && bytes[0] == 0 ? 1 : 0;
        return B64.encodeToString(java.util.Arrays.copyOfRange(bytes, skip, bytes.length));
    }

    private String token(String scope) throws Exception {
        long now = Instant.now().getEpochSecond();
        String header = B64.encodeToString("{\"alg\":\"RS256\",\"typ\":\"at+jwt\",\"kid\":\"k1\"}"
                .getBytes(StandardCharsets.UTF_8));
        String claims = B64.encodeToString(("{\"iss\":\"" + issuer + "\",\"aud\":\"" + RESOURCE + "\",\"sub\":\"alice\","
                + "\"scope\":\"" + scope + "\",\"iat\":" + now + ",\"exp\":" + (now + 300) + "}")
                .getBytes(StandardCharsets.UTF_8));
        Signature rsa = Signature.getInstance("SHA256withRSA");
        rsa.initSign(key.getPrivate());
        rsa.update((header + "." + claims).getBytes(StandardCharsets.US_ASCII));
        return header + "." + claims + "." + B64.encodeToString(rsa.sign());
    }

    private static HttpResponse post(URI address, String authorization) throws Exception {
        RawRequest request = RawRequest.post(address.getPath(), INITIALIZE.getBytes(StandardCharsets.UTF_8))
                .header("Host", "127.0.0.1:" + address.getPort()).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").header("Connection", "close");
        if (authorization != null) {
            request = request.header("Authorization", authorization);
        }
        return request.sendTo(URI.create("http://127.0.0.1:" + address.getPort()), 30_000);
    }

    @Test
    void aProtectedServeTakesOnlyTokensOfItsIssuerForItsResource() throws Exception {
        try (ServeProcess serve = new ServeProcess(dir, List.of("--http", "127.0.0.1:0", "--auth-issuer", issuer,
                "--auth-resource", RESOURCE), line -> { })) {
            URI served = serve.address();
            HttpResponse missing = post(served, null);
            assertEquals(401, missing.status(), () -> missing + serve.log());
            assertEquals("Bearer resource_metadata=\"https://files.example.com/.well-known/oauth-protected-resource/mcp\", "
                    + "scope=\"resources:read\"", missing.headers().get("www-authenticate"));
            HttpResponse refused = post(served, "Bearer " + token("resources:read").replace(".ey", ".eX"));
            assertEquals(401, refused.status(), () -> refused + serve.log());
            HttpResponse unscoped = post(served, "Bearer " + token("profile"));
            assertEquals(403, unscoped.status(), () -> unscoped + serve.log());
            HttpResponse accepted = post(served, "Bearer " + token("resources:read profile"));
            assertEquals(200, accepted.status(), () -> accepted + serve.log());
            assertTrue(accepted.body().contains("\"protocolVersion\""), accepted::toString);
            HttpResponse metadata = RawRequest.post("/.well-known/oauth-protected-resource/mcp", new byte[0])
                    .requestLine("GET /.well-known/oauth-protected-resource/mcp HTTP/1.1")
                    .header("Host", "127.0.0.1:" + served.getPort()).header("Connection", "close")
                    .sendTo(URI.create("http://127.0.0.1:" + served.getPort()), 30_000);
            assertEquals(200, metadata.status(), metadata::toString);
            assertTrue(metadata.body().contains("\"authorization_servers\":[\"" + issuer + "\"]"), metadata::toString);
        }
    }

    @Test
    void theAuthOptionsRefuseWhatTheyCannotProtect() {
        Cli.Result stdio = Cli.run(Cli.command(), List.of("serve", "--root", dir.toString(), "--auth-issuer", issuer));
        assertEquals(Exit.USAGE, stdio.exitCode(), stdio::toString);
        assertTrue(stdio.stderr().contains("stdio takes no OAuth"), stdio::toString);
        Cli.Result portZero = Cli.run(Cli.command(), List.of("serve", "--root", dir.toString(), "--http", "0",
                "--auth-issuer", issuer));
        assertEquals(Exit.USAGE, portZero.exitCode(), portZero::toString);
        assertTrue(portZero.stderr().contains("give --auth-resource"), portZero::toString);
        Cli.Result alone = Cli.run(Cli.command(), List.of("serve", "--root", dir.toString(), "--http", "0",
                "--auth-scopes", "a"));
        assertEquals(Exit.USAGE, alone.exitCode(), alone::toString);
        assertTrue(alone.stderr().contains("need --auth-issuer"), alone::toString);
        Cli.Result help = Cli.run(Cli.command(), List.of("serve", "--help"));
        assertTrue(help.stdout().contains("--auth-issuer URL") && help.stdout().contains("--auth-introspection-client"),
                help::toString);
    }
}
