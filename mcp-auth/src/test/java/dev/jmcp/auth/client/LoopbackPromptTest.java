package dev.jmcp.auth.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.HttpChallenge;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link LoopbackPrompt}: the redirect received on 127.0.0.1, as a browser brings it (RFC 8252). */
class LoopbackPromptTest {
    private static final HttpClient BROWSER = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.ALWAYS)
            .build();

    /** A browser: follows the authorization URL's redirect back to the loopback port; what it was shown is kept. */
    private static void browse(URI url, AtomicReference<String> page) {
        Thread browser = new Thread(() -> {
            try {
                page.set(BROWSER.send(HttpRequest.newBuilder(url).build(), HttpResponse.BodyHandlers.ofString()).body());
            } catch (IOException | InterruptedException e) {
                page.set("failed: " + e);
            }
        });
        browser.setDaemon(true);
        browser.start();
    }

    @Test
    void theCodeFlowCompletesThroughTheLoopbackRedirect() throws Exception {
        try (TestAuthorizationServer as = new TestAuthorizationServer()) {
            AtomicReference<String> page = new AtomicReference<>();
            LoopbackPrompt prompt = new LoopbackPrompt(url -> browse(url, page));
            OAuthClient oauth = OAuthClient.builder().prompt(prompt).build();

            oauth.challenged(new HttpChallenge(as.mcp(), 401, List.of("Bearer"), 1));

            assertEquals("Bearer token-1", oauth.authorization(as.mcp()));
            String redirect = as.authorizeQueries.get(0).get("redirect_uri");
            assertTrue(redirect.matches("http://127\\.0\\.0\\.1:\\d+/callback"), redirect);
            assertEquals(redirect, as.tokenForms.get(0).get("redirect_uri"));
        }
    }

    @Test
    void onlyTheCallbackPathEndsTheWait() throws Exception {
        LoopbackPrompt prompt = new LoopbackPrompt(url -> { });
        URI redirect = prompt.redirectUri();
        AtomicReference<String> stray = new AtomicReference<>();
        AtomicReference<String> callback = new AtomicReference<>();
        Thread browser = new Thread(() -> {
            try {
                stray.set(String.valueOf(BROWSER.send(HttpRequest.newBuilder(redirect.resolve("/favicon.ico")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode()));
                callback.set(BROWSER.send(HttpRequest.newBuilder(URI.create(redirect + "?code=c&state=s")).build(),
                        HttpResponse.BodyHandlers.ofString()).body());
            } catch (IOException | InterruptedException e) {
                stray.set("failed: " + e);
            }
        });
        browser.start();

        URI got = prompt.authorize(URI.create("http://127.0.0.1:1/authorize"), Duration.ofSeconds(30));

        browser.join();
        assertEquals("404", stray.get());
        assertEquals(redirect + "?code=c&state=s", got.toString());
        assertTrue(callback.get().contains("You may close this window"), callback.get());
    }

    @Test
    void noRedirectWithinTheTimeoutFailsNamingTheSetting() throws Exception {
        LoopbackPrompt prompt = new LoopbackPrompt(url -> { });
        SocketTimeoutException timeout = assertThrows(SocketTimeoutException.class,
                () -> prompt.authorize(URI.create("http://127.0.0.1:1/authorize"), Duration.ofMillis(50)));
        assertTrue(timeout.getMessage().contains("authorizationTimeout=50 ms"), timeout.getMessage());
    }
}
