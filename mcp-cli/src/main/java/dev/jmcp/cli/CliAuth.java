package dev.jmcp.cli;

import dev.jmcp.auth.client.ClientRegistration;
import dev.jmcp.auth.client.LoopbackPrompt;
import dev.jmcp.auth.client.OAuthClient;
import dev.jmcp.auth.client.TokenStore;
import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.spi.HttpAuthorizer;
import dev.jmcp.core.spi.HttpChallenge;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * OAuth for the client commands' http(s) servers: an {@link OAuthClient} whose prompt prints the
 * authorization URL on standard error (and opens a browser when there is a display) and receives
 * the redirect on a loopback port; its tokens in a file only the user can read.
 */
final class CliAuth {
    static final String HELP = """
            Authorization (an http(s) server that asks for OAuth): the command prints the URL to sign
            in at (and opens a browser when there is one), receives the answer on 127.0.0.1, and keeps
            the tokens in --token-file for the next commands (jmcp auth status|logout).
              --client-id ID              a client id registered with the authorization server
                                          beforehand (else: --client-metadata-url, else dynamic
                                          registration)
              --client-secret-file FILE   that client's secret, read from FILE
              --client-metadata-url URL   this client's metadata document (an https URL), used as
                                          its client id where the authorization server takes them
              --token-file FILE           where tokens are kept (default
                                          $XDG_CONFIG_HOME/jmcp/tokens.json, ~/.config/jmcp/...)
              --no-browser                only print the authorization URL
            """;

    private CliAuth() {
    }

    /** @return {@code spec} with the authorization options */
    static Args.Spec options(Args.Spec spec) {
        return spec.option("--client-id").option("--client-secret-file").option("--client-metadata-url")
                .option("--token-file").flag("--no-browser");
    }

    /** @return the token file of {@code --token-file}, or the default */
    static Path tokenFile(Args args) {
        String given = args.value("--token-file").orElse(null);
        if (given != null) {
            return Path.of(given);
        }
        String config = System.getenv("XDG_CONFIG_HOME");
        Path base = config != null && !config.isBlank() ? Path.of(config)
                : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("jmcp").resolve("tokens.json");
    }

    /**
     * @return the OAuth client the command line describes
     * @throws CliException ({@link Exit#USAGE}) for an unreadable secret file or a bad metadata URL
     */
    static OAuthClient client(Args args, PrintStream err) {
        ClientRegistration.Builder registration = ClientRegistration.builder().clientName("jmcp");
        args.value("--client-id").ifPresent(registration::clientId);
        String secretFile = args.value("--client-secret-file").orElse(null);
        if (secretFile != null) {
            if (args.value("--client-id").isEmpty()) {
                throw CliException.usage("--client-secret-file needs --client-id");
            }
            try {
                registration.clientSecret(Files.readString(Path.of(secretFile), StandardCharsets.UTF_8).strip());
            } catch (IOException e) {
                throw CliException.usage("--client-secret-file " + Text.printable(secretFile) + ": cannot read it: "
                        + e.getMessage());
            }
        }
        String metadata = args.value("--client-metadata-url").orElse(null);
        if (metadata != null) {
            try {
                registration.metadataDocument(URI.create(metadata));
            } catch (IllegalArgumentException e) {
                throw CliException.usage("--client-metadata-url " + Text.printable(metadata) + ": " + e.getMessage());
            }
        }
        boolean browser = !args.flag("--no-browser");
        return OAuthClient.builder().registration(registration.build()).tokenStore(TokenStore.file(tokenFile(args)))
                .prompt(new LoopbackPrompt(url -> show(url, err, browser))).build();
    }

    /**
     * Connects with OAuth: a 401 met while connecting is not answered inside the request (a user's
     * sign-in takes longer than a request may wait, --timeout) but after it failed, with no request
     * waiting; then the command connects again, once. After connecting, a 401 or 403 (an expired
     * token, a step-up) is answered inside its request.
     */
    static McpClient connect(Target target, ClientOptions options, OAuthClient oauth) {
        Deferring authorizer = new Deferring(oauth);
        try {
            McpClient client = target.connect(options.toBuilder().authorizer(authorizer).build());
            authorizer.connected = true;
            return client;
        } catch (CliException refused) {
            HttpChallenge challenge = authorizer.deferred;
            if (challenge == null) {
                throw refused;
            }
            try {
                if (!oauth.challenged(challenge)) {
                    throw refused;
                }
            } catch (IOException | RuntimeException e) {
                throw new CliException(Exit.CONNECT, "cannot connect to " + target.display()
                        + ": authorization failed: " + Failures.innermostMessage(e), e);
            }
            return target.connect(options.toBuilder().authorizer(oauth).build());
        }
    }

    /** Keeps a challenge met while connecting for later; afterwards answers as the OAuth client does. */
    private static final class Deferring implements HttpAuthorizer {
        private final OAuthClient oauth;
        volatile boolean connected;
        volatile HttpChallenge deferred;

        Deferring(OAuthClient oauth) {
            this.oauth = oauth;
        }

        @Override
        public String authorization(URI resource) {
            return oauth.authorization(resource);
        }

        @Override
        public Map<String, String> headers(URI resource, String method, URI request) {
            return oauth.headers(resource, method, request);
        }

        @Override
        public boolean challenged(HttpChallenge challenge) throws IOException {
            if (connected) {
                return oauth.challenged(challenge);
            }
            if (deferred == null) {
                deferred = challenge;
            }
            return false;
        }
    }

    private static void show(URI url, PrintStream err, boolean browser) {
        err.println("jmcp: to authorize, open this URL in a browser:");
        err.println("  " + url);
        err.flush();
        if (browser) {
            openBrowser(url);
        }
    }

    /** Opens {@code url} with the desktop's opener, when there is a desktop; failing quietly. */
    private static void openBrowser(URI url) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String opener = os.contains("mac") ? "open" : os.contains("win") ? null
                : System.getenv("DISPLAY") != null || System.getenv("WAYLAND_DISPLAY") != null ? "xdg-open" : null;
        if (opener == null) {
            return;
        }
        try {
            new ProcessBuilder(opener, url.toString()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            // no opener: the printed URL is enough
        }
    }
}
