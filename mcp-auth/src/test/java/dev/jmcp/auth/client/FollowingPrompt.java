package dev.jmcp.auth.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/** A user who approves: requests the authorization URL and brings back its redirect, optionally altered. */
final class FollowingPrompt implements AuthorizationPrompt {
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final UnaryOperator<URI> alter;
    final AtomicInteger prompts = new AtomicInteger();

    FollowingPrompt() {
        this(UnaryOperator.identity());
    }

    FollowingPrompt(UnaryOperator<URI> alter) {
        this.alter = alter;
    }

    @Override
    public URI redirectUri() {
        return URI.create("http://127.0.0.1:1/callback");
    }

    @Override
    public URI authorize(URI authorizationUrl, Duration timeout) throws IOException {
        prompts.incrementAndGet();
        try {
            HttpResponse<Void> response = http.send(HttpRequest.newBuilder(authorizationUrl).build(),
                    HttpResponse.BodyHandlers.discarding());
            return alter.apply(URI.create(response.headers().firstValue("Location").orElseThrow()));
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }
}
