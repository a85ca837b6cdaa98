package dev.jmcp.auth.keycloak;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user at a browser, scripted: opens an authorization URL at Keycloak, fills in the login form with
 * the user's name and password, and follows the redirects to the client's loopback redirect URI
 * (RFC 8252), which it requests as a browser would. Returns that redirect URI, with its {@code code},
 * {@code state} and {@code iss}.
 *
 * <p>Keeps its own cookies: Keycloak marks its session cookies {@code Secure} even on http, and
 * {@link java.net.CookieManager} never sends those over http (a browser does for 127.0.0.1).
 */
public final class ScriptedLogin {

    private static final Pattern FORM = Pattern.compile("<form\\b[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern ACTION = Pattern.compile("\\baction=\"([^\"]*)\"");
    private static final Pattern INPUT = Pattern.compile("<input\\b[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern NAME = Pattern.compile("\\bname=\"([^\"]*)\"");
    private static final Pattern VALUE = Pattern.compile("\\bvalue=\"([^\"]*)\"");
    private static final int MAX_STEPS = 10;

    private final URI authorizationServer;
    private final String user;
    private final String password;
    private final HttpClient http = Http.client();
    private final Map<String, String> cookies = new LinkedHashMap<>();
    private final List<String> steps = new ArrayList<>();

    /** A user who logs in at {@code authorizationServer} (scheme, host and port) with these credentials. */
    public ScriptedLogin(URI authorizationServer, String user, String password) {
        this.authorizationServer = authorizationServer;
        this.user = user;
        this.password = password;
    }

    /** The user of the test realm at this Keycloak. */
    public static ScriptedLogin of(Keycloak keycloak) {
        return new ScriptedLogin(keycloak.base(), Keycloak.USER, Keycloak.PASSWORD);
    }

    /**
     * Logs in through {@code authorizationUrl} and requests the redirect it ends on, off the
     * authorization server; returns that URI. Fails naming each step when the server answers anything
     * but a login form or a redirect.
     */
    public synchronized URI login(URI authorizationUrl) {
        URI next = authorizationUrl;
        HttpRequest request = get(next);
        for (int step = 0; step < MAX_STEPS; step++) {
            HttpResponse<String> response = Http.send(http, request);
            steps.add(request.method() + " " + request.uri() + " -> " + response.statusCode());
            keepCookies(response);
            int status = response.statusCode();
            if (status / 100 == 3) {
                next = request.uri().resolve(response.headers().firstValue("Location").orElseThrow(
                        () -> new IllegalStateException(status + " without Location; " + steps)));
                if (!sameOrigin(next)) {
                    HttpResponse<String> landing = Http.send(http, HttpRequest.newBuilder(next).timeout(Http.TIMEOUT).GET().build());
                    steps.add("GET " + next + " -> " + landing.statusCode());
                    return next;
                }
                request = get(next);
            } else if (status == 200 && response.body().contains("name=\"password\"")) {
                request = submit(request.uri(), response.body());
            } else {
                throw new IllegalStateException("the authorization server answered neither a login form nor a"
                        + " redirect; steps " + steps + "; body: " + excerpt(response.body()));
            }
        }
        throw new IllegalStateException("no redirect off the authorization server after " + MAX_STEPS + " steps: " + steps);
    }

    private HttpRequest submit(URI page, String html) {
        String form = null;
        Matcher forms = FORM.matcher(html);
        while (forms.find()) {
            int end = html.indexOf("</form>", forms.end());
            String body = html.substring(forms.start(), end < 0 ? html.length() : end);
            if (body.contains("name=\"password\"")) {
                form = body;
                break;
            }
        }
        if (form == null) {
            throw new IllegalStateException("no form with a password field at " + page);
        }
        Matcher action = ACTION.matcher(form.substring(0, form.indexOf('>') + 1));
        if (!action.find()) {
            throw new IllegalStateException("the login form at " + page + " has no action");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        Matcher inputs = INPUT.matcher(form);
        while (inputs.find()) {
            Matcher name = NAME.matcher(inputs.group());
            if (name.find()) {
                Matcher value = VALUE.matcher(inputs.group());
                fields.put(unescape(name.group(1)), value.find() ? unescape(value.group(1)) : "");
            }
        }
        fields.put("username", user);
        fields.put("password", password);
        URI target = page.resolve(unescape(action.group(1)));
        return withCookies(Http.post(target, fields)).build();
    }

    private HttpRequest get(URI uri) {
        return withCookies(HttpRequest.newBuilder(uri).timeout(Http.TIMEOUT).GET()).build();
    }

    private HttpRequest.Builder withCookies(HttpRequest.Builder builder) {
        if (!cookies.isEmpty()) {
            StringBuilder header = new StringBuilder();
            cookies.forEach((name, value) -> header.append(header.length() == 0 ? "" : "; ").append(name).append('=').append(value));
            builder.header("Cookie", header.toString());
        }
        return builder;
    }

    private void keepCookies(HttpResponse<String> response) {
        for (String setCookie : response.headers().allValues("Set-Cookie")) {
            String pair = setCookie.split(";", 2)[0];
            int equals = pair.indexOf('=');
            if (equals > 0) {
                String name = pair.substring(0, equals).trim();
                String value = pair.substring(equals + 1).trim();
                boolean expired = setCookie.toLowerCase(java.util.Locale.ROOT).contains("max-age=0");
                if (expired || value.isEmpty()) {
                    cookies.remove(name);
                } else {
                    cookies.put(name, value);
                }
            }
        }
    }

    private boolean sameOrigin(URI uri) {
        return authorizationServer.getScheme().equals(uri.getScheme())
                && authorizationServer.getHost().equals(uri.getHost())
                && authorizationServer.getPort() == uri.getPort();
    }

    private static String unescape(String html) {
        return html.replace("&amp;", "&").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&lt;", "<").replace("&gt;", ">");
    }

    private static String excerpt(String body) {
        return body.length() <= 2000 ? body : body.substring(0, 2000) + "…";
    }
}
