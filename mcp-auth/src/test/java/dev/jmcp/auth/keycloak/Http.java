package dev.jmcp.auth.keycloak;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/** The few HTTP calls the harness makes to Keycloak: form posts and JSON answers. */
final class Http {

    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private Http() {
    }

    static HttpClient client() {
        return HttpClient.newBuilder().connectTimeout(TIMEOUT).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    static String form(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    static HttpRequest.Builder post(URI uri, Map<String, String> fields) {
        return HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(fields)));
    }

    static HttpResponse<String> send(HttpClient client, HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(request.method() + " " + request.uri() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during " + request.uri(), e);
        }
    }

    /** The JSON answer of a request that must succeed (2xx), else a failure quoting the answer. */
    static JsonStructure json(HttpClient client, HttpRequest request) {
        HttpResponse<String> response = send(client, request);
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException(request.method() + " " + request.uri() + " answered "
                    + response.statusCode() + ": " + response.body());
        }
        return Json.createReader(new StringReader(response.body())).read();
    }

    static JsonObject object(HttpClient client, HttpRequest request) {
        return (JsonObject) json(client, request);
    }
}
