package dev.jmcp.auth.internal.server;

import dev.jmcp.core.auth.VerifierUnavailableException;
import dev.jmcp.schema.codec.JsonRuntime;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Fetches a JSON object from an authorization server within two named bounds: the whole exchange,
 * body included, within {@code fetchTimeout} (java.net.http's own timeout stops at the headers, so
 * a server that trickles its body would hold a verifier thread forever), and at most
 * {@code maxResponseBytes} of body (a larger one is cut off as it arrives, never buffered). Any
 * failure is a {@link VerifierUnavailableException} naming the URL and the bound: the verifier cannot
 * decide, which is never a pass.
 */
public final class BoundedFetch {
    private final HttpClient http;
    private final Duration timeout;
    private final long maxBytes;

    public BoundedFetch(Duration timeout, long maxBytes) {
        this.timeout = timeout;
        this.maxBytes = maxBytes;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** @return the JSON object {@code url} answers a GET with, on 200 */
    public JsonObject get(URI url) {
        return send(HttpRequest.newBuilder(url).header("Accept", "application/json").GET(), url, false);
    }

    /**
     * @param form          an {@code application/x-www-form-urlencoded} body
     * @param authorization the {@code Authorization} header's value; null for none
     * @return the JSON object {@code url} answers the POST with, on 200
     */
    public JsonObject post(URI url, String form, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(url).header("Accept", "application/json")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return send(request, url, false);
    }

    /** @return the JSON object, or null when {@code url} answered 404 (for discovery, which tries the next place) */
    public JsonObject getOrNull(URI url) {
        return send(HttpRequest.newBuilder(url).header("Accept", "application/json").GET(), url, true);
    }

    private JsonObject send(HttpRequest.Builder request, URI url, boolean nullWhenNotFound) {
        CompletableFuture<HttpResponse<byte[]>> exchange = http.sendAsync(request.timeout(timeout).build(),
                info -> new Limited(maxBytes));
        HttpResponse<byte[]> response;
        try {
            response = exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException slow) {
            exchange.cancel(true);
            throw new VerifierUnavailableException(url + " did not answer within fetchTimeout=" + timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exchange.cancel(true);
            throw new VerifierUnavailableException("interrupted while fetching " + url);
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            if (cause instanceof TooLarge) {
                throw new VerifierUnavailableException(url + " answered more than maxResponseBytes=" + maxBytes);
            }
            throw new VerifierUnavailableException("could not fetch " + url + ": " + cause, cause);
        }
        if (response.statusCode() == 404 && nullWhenNotFound) {
            return null;
        }
        if (response.statusCode() != 200) {
            throw new VerifierUnavailableException(url + " answered HTTP " + response.statusCode());
        }
        try (JsonReader reader = JsonRuntime.provider().createReader(new ByteArrayInputStream(response.body()))) {
            return reader.readObject();
        } catch (JsonException | IllegalStateException notJson) {
            throw new VerifierUnavailableException(url + " did not answer a JSON object");
        }
    }

    private static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super(null, null, false, false);
        }
    }

    /** Collects a body, cancelling the exchange as soon as it passes the bound. */
    private static final class Limited implements HttpResponse.BodySubscriber<byte[]> {
        private final long max;
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private Flow.Subscription subscription;

        Limited(long max) {
            this.max = max;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription value) {
            subscription = value;
            value.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            if (result.isDone()) {
                return;
            }
            for (ByteBuffer item : items) {
                if (body.size() + (long) item.remaining() > max) {
                    subscription.cancel();
                    result.completeExceptionally(new TooLarge());
                    return;
                }
                byte[] bytes = new byte[item.remaining()];
                item.get(bytes);
                body.write(bytes, 0, bytes.length);
            }
        }

        @Override
        public void onError(Throwable failure) {
            result.completeExceptionally(failure);
        }

        @Override
        public void onComplete() {
            result.complete(body.toByteArray());
        }
    }
}
