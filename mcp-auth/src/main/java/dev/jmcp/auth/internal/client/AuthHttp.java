package dev.jmcp.auth.internal.client;

import dev.jmcp.auth.client.OAuthException;
import dev.jmcp.auth.client.OAuthSettings;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The client's calls to metadata endpoints and authorization servers (java.net.http), each bounded
 * by {@link OAuthSettings#requestTimeout()} and {@link OAuthSettings#maxResponseBytes()}. Redirects
 * are never followed: a metadata document or a token comes from the URL asked, or not at all.
 */
public final class AuthHttp {
    static final JsonProvider JSON = JsonProvider.provider();

    private final OAuthSettings settings;
    private final HttpClient http;

    /** @param settings never null */
    public AuthHttp(OAuthSettings settings) {
        this.settings = settings;
        this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** An answer: its status, headers and (bounded) body. */
    public record Answer(int status, HttpResponse<?> response, byte[] body) {
        /** @return the body as UTF-8 text, for messages */
        public String text() {
            String text = new String(body, StandardCharsets.UTF_8).strip();
            return text.length() > 300 ? text.substring(0, 300) + "..." : text;
        }

        /** @return the body as a JSON object; throws naming {@code what} when it is not one */
        public JsonObject json(String what) {
            try (JsonReader reader = JSON.createReader(new ByteArrayInputStream(body))) {
                JsonValue value = reader.readValue();
                if (value instanceof JsonObject object) {
                    return object;
                }
                throw new OAuthException(what + " is not a JSON object: " + text());
            } catch (JsonException e) {
                throw new OAuthException(what + " is not JSON: " + text(), e);
            }
        }
    }

    /** @return the answer to a GET of {@code uri} accepting JSON */
    public Answer get(URI uri) throws IOException {
        return send(HttpRequest.newBuilder(uri).header("Accept", "application/json").GET(), uri);
    }

    /** @return the answer to a POST of {@code form} (application/x-www-form-urlencoded), with extra headers */
    public Answer postForm(URI uri, Map<String, String> form, Map<String, String> headers) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("Accept", "application/json")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(form)));
        headers.forEach(request::header);
        return send(request, uri);
    }

    /** @return the answer to a POST of a JSON body */
    public Answer postJson(URI uri, JsonObject body) throws IOException {
        return send(HttpRequest.newBuilder(uri).header("Accept", "application/json")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())), uri);
    }

    private Answer send(HttpRequest.Builder request, URI uri) throws IOException {
        request.timeout(settings.requestTimeout());
        HttpResponse<InputStream> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while calling " + uri, e);
        } catch (java.net.http.HttpTimeoutException e) {
            throw new IOException(uri + " did not answer within requestTimeout="
                    + settings.requestTimeout().toMillis() + " ms", e);
        }
        try (InputStream in = response.body()) {
            int max = settings.maxResponseBytes();
            byte[] body = in.readNBytes(max + 1);
            if (body.length > max) {
                throw new OAuthException("the answer of " + uri + " exceeds maxResponseBytes=" + max);
            }
            return new Answer(response.statusCode(), response, body);
        }
    }

    /** @return {@code form} encoded as application/x-www-form-urlencoded, in its order */
    public static String form(Map<String, String> form) {
        StringJoiner joined = new StringJoiner("&");
        form.forEach((name, value) -> joined.add(encode(name) + "=" + encode(value)));
        return joined.toString();
    }

    /** @return {@code value} form-urlencoded (RFC 6749 appendix B, also for client_secret_basic) */
    public static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
