package dev.jmcp.cli;

import dev.jmcp.auth.client.OAuthClient;
import dev.jmcp.auth.client.StoredAuthorization;
import dev.jmcp.auth.client.TokenStore;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@code jmcp auth login|logout|status [URL]}: the OAuth authorizations kept for http(s) servers. */
final class AuthCommand implements Command {

    @Override
    public String name() {
        return "auth";
    }

    @Override
    public String summary() {
        return "sign in to an http(s) server that asks for OAuth, sign out, or show what is kept";
    }

    @Override
    public String help() {
        return """
                usage: jmcp auth login URL | logout URL | status [URL]

                  login URL    authorize for the MCP server at URL now (its protected resource
                               metadata must be at a well-known URL), and keep the tokens
                  logout URL   forget the tokens and client registration kept for URL
                  status [URL] show what is kept (for URL, or for every server): the authorization
                               server, the client id, the scopes and when the token expires; never
                               a token or a secret

                """ + CliAuth.HELP;
    }

    @Override
    public Args.Spec spec() {
        return CliAuth.options(new Args.Spec());
    }

    @Override
    public int run(Context context) throws Exception {
        List<String> positionals = context.args().positionals();
        if (positionals.isEmpty()) {
            throw CliException.usage("jmcp auth takes login, logout or status (see jmcp auth --help)");
        }
        String action = positionals.get(0);
        URI server = positionals.size() > 1 ? server(positionals.get(1)) : null;
        if (positionals.size() > 2) {
            throw CliException.usage("jmcp auth " + Text.printable(action) + " takes one URL; got "
                    + positionals.subList(1, positionals.size()));
        }
        TokenStore store = TokenStore.file(CliAuth.tokenFile(context.args()));
        switch (action) {
            case "login" -> {
                OAuthClient oauth = CliAuth.client(context.args(), context.err());
                oauth.login(required(server, action));
                context.err().println("jmcp: authorized for " + server);
                return Exit.OK;
            }
            case "logout" -> {
                boolean kept = store.load(required(server, action).toString()) != null;
                store.remove(server.toString());
                context.err().println("jmcp: " + (kept ? "forgot the authorization for " : "nothing was kept for ")
                        + server);
                return Exit.OK;
            }
            case "status" -> {
                Map<String, StoredAuthorization> all = new TreeMap<>(store.all());
                if (server != null) {
                    all.keySet().retainAll(List.of(server.toString()));
                }
                if (all.isEmpty()) {
                    context.err().println("jmcp: no authorization kept" + (server == null ? "" : " for " + server));
                    return server == null ? Exit.OK : Exit.PROTOCOL;
                }
                all.forEach((url, kept) -> context.out().println(line(url, kept)));
                return Exit.OK;
            }
            default -> throw CliException.usage("jmcp auth: unknown action '" + Text.printable(action)
                    + "'; the actions are login, logout, status");
        }
    }

    private static String line(String url, StoredAuthorization kept) {
        String token = kept.accessToken() == null ? "no token"
                : kept.expiresAt() == null ? "token, no stated expiry"
                : kept.expiresAt().isBefore(Instant.now()) ? "token expired " + kept.expiresAt()
                : "token until " + kept.expiresAt();
        return url + "\tissuer " + kept.issuer() + "\tclient " + kept.clientId() + "\t" + token
                + (kept.refreshToken() != null ? ", refreshable" : "") + "\tscope " + (kept.scope() == null ? "-"
                : kept.scope());
    }

    private static URI server(String text) {
        try {
            URI uri = URI.create(text);
            if (uri.getScheme() != null && (uri.getScheme().equalsIgnoreCase("http")
                    || uri.getScheme().equalsIgnoreCase("https"))) {
                return uri;
            }
        } catch (IllegalArgumentException e) {
            // said below
        }
        throw CliException.usage("jmcp auth: " + Text.printable(text) + " is not an http(s) URL");
    }

    private static URI required(URI server, String action) {
        if (server == null) {
            throw CliException.usage("jmcp auth " + action + " takes the server's URL");
        }
        return server;
    }
}
