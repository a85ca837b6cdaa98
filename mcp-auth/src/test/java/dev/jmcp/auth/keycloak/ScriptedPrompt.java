package dev.jmcp.auth.keycloak;

import dev.jmcp.auth.client.AuthorizationPrompt;
import dev.jmcp.auth.client.LoopbackPrompt;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * jmcp's client's user-interaction interface answered by the scripted user: jmcp's own
 * {@link LoopbackPrompt} waits on its loopback redirect while {@link ScriptedLogin} logs in at
 * Keycloak, on another thread, and follows the redirect to it, as a browser would. Keeps the
 * authorization URLs it was shown, so that a test can count the logins (a step-up is a second one)
 * and read what was asked.
 */
public final class ScriptedPrompt implements AuthorizationPrompt {

    private final ScriptedLogin user;
    private final List<URI> shown = new CopyOnWriteArrayList<>();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private final LoopbackPrompt loopback;

    public ScriptedPrompt(ScriptedLogin user) {
        this.user = user;
        this.loopback = new LoopbackPrompt(this::open);
    }

    private void open(URI authorizationUrl) {
        shown.add(authorizationUrl);
        // the loopback receiver accepts only after this returns, so the browser runs beside it
        CompletableFuture.runAsync(() -> user.login(authorizationUrl)).exceptionally(failure -> {
            failures.add(failure);
            return null;
        });
    }

    @Override
    public URI redirectUri() throws IOException {
        return loopback.redirectUri();
    }

    @Override
    public URI authorize(URI authorizationUrl, Duration timeout) throws IOException {
        try {
            return loopback.authorize(authorizationUrl, timeout);
        } catch (IOException e) {
            failures.forEach(e::addSuppressed); // the scripted login's own failure says why
            throw e;
        }
    }

    /** The authorization URLs shown so far, in order. */
    public List<URI> shown() {
        return List.copyOf(shown);
    }
}
