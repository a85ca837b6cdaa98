package dev.jmcp.cli;

import dev.jmcp.auth.server.IntrospectionSettings;
import dev.jmcp.auth.server.IntrospectionTokenVerifier;
import dev.jmcp.auth.server.JwtTokenVerifier;
import dev.jmcp.auth.server.JwtVerifierSettings;
import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.auth.TokenVerifier;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The options of {@code jmcp serve --http} that make it an OAuth 2.1 resource server
 * ({@link ResourceProtection}): {@code --auth-issuer} turns it on, with JWT access tokens verified
 * against the issuer's keys, or with {@code --auth-introspection-client} by introspection. The
 * audience defaults to the URL served; the scope to {@code resources:read}.
 */
final class AuthArgs {
    static final String HELP = """
              --auth-issuer URL      protect the HTTP endpoint as an OAuth 2.1 resource server: every
                                     request needs a bearer token from this authorization server
                                     (its RFC 8414 or OpenID metadata names its keys); the RFC 9728
                                     metadata is served at /.well-known/oauth-protected-resource/mcp
              --auth-resource URL    this server's canonical URI, which tokens must name as their
                                     audience (default: the URL served, http://HOST:PORT/mcp;
                                     needed with port 0 or behind a proxy)
              --auth-scopes S,...    the scopes every token must grant (default resources:read);
                                     a token without them gets 403 insufficient_scope
              --auth-token-types T,...  the JWT typ headers taken (default at+jwt,application/at+jwt,
                                     as RFC 9068 says; "any" for servers that write JWT, as Keycloak)
              --auth-introspection-client ID
                                     verify tokens by introspection (RFC 7662) as this client
                                     instead of as JWTs; its secret comes from the file of
              --auth-introspection-secret-file FILE (never on the command line)
            """;

    private AuthArgs() {
    }

    /** @return {@code spec} with the options of this class */
    static Args.Spec options(Args.Spec spec) {
        return spec.option("--auth-issuer").option("--auth-resource").option("--auth-scopes").option("--auth-token-types")
                .option("--auth-introspection-client").option("--auth-introspection-secret-file");
    }

    /**
     * @param http the address served; null for stdio
     * @return the protection the options ask for; null without {@code --auth-issuer}
     * @throws CliException ({@link Exit#USAGE}) for an auth option without {@code --auth-issuer}, over
     *                      stdio (which takes no OAuth), with port 0 and no {@code --auth-resource},
     *                      or a URL that is not absolute
     */
    static ResourceProtection of(Args args, URI http) {
        boolean any = List.of("--auth-resource", "--auth-scopes", "--auth-token-types", "--auth-introspection-client",
                "--auth-introspection-secret-file").stream().anyMatch(name -> args.value(name).isPresent());
        if (args.value("--auth-issuer").isEmpty()) {
            if (any) {
                throw CliException.usage("the --auth-* options need --auth-issuer URL");
            }
            return null;
        }
        if (http == null) {
            throw CliException.usage("--auth-issuer applies to --http only: stdio takes no OAuth (its client started "
                    + "the server, and credentials come from the environment)");
        }
        URI issuer = absolute("--auth-issuer", args.value("--auth-issuer").get());
        URI resource = args.value("--auth-resource").map(value -> absolute("--auth-resource", value)).orElse(null);
        if (resource == null) {
            if (http.getPort() == 0) {
                throw CliException.usage("--auth-issuer with port 0: tokens name their audience before the port is "
                        + "chosen; give --auth-resource URL (the URL clients use)");
            }
            resource = http;
        }
        List<String> scopes = list(args.value("--auth-scopes").orElse(ResourceProtection.DEFAULT_SCOPE));
        return ResourceProtection.builder().resource(resource).authorizationServers(List.of(issuer)).scopesRequired(scopes)
                .scopesSupported(scopes).verifier(verifier(args, issuer, resource)).build();
    }

    private static TokenVerifier verifier(Args args, URI issuer, URI resource) {
        String client = args.value("--auth-introspection-client").orElse(null);
        String secretFile = args.value("--auth-introspection-secret-file").orElse(null);
        if ((client == null) != (secretFile == null)) {
            throw CliException.usage("--auth-introspection-client and --auth-introspection-secret-file go together");
        }
        if (client != null) {
            if (args.value("--auth-token-types").isPresent()) {
                throw CliException.usage("--auth-token-types applies to JWTs, not to introspection");
            }
            return IntrospectionTokenVerifier.create(IntrospectionSettings.builder().issuer(issuer).audience(resource)
                    .clientId(client).clientSecret(secret(Path.of(secretFile))).build());
        }
        JwtVerifierSettings.Builder settings = JwtVerifierSettings.builder().issuer(issuer).audience(resource);
        args.value("--auth-token-types").ifPresent(types -> settings.tokenTypes(types.strip().equals("any")
                ? List.of() : list(types)));
        return JwtTokenVerifier.create(settings.build());
    }

    private static String secret(Path file) {
        try {
            String secret = Files.readString(file).strip();
            if (secret.isEmpty()) {
                throw CliException.usage("--auth-introspection-secret-file " + file + " is empty");
            }
            return secret;
        } catch (IOException e) {
            throw CliException.usage("--auth-introspection-secret-file " + file + " cannot be read: "
                    + IoReasons.message(e));
        }
    }

    private static URI absolute(String option, String value) {
        try {
            URI uri = new URI(value.strip());
            if (uri.isAbsolute() && uri.getHost() != null && uri.getRawFragment() == null) {
                return uri;
            }
        } catch (java.net.URISyntaxException e) {
            // said below
        }
        throw CliException.usage(option + " takes an absolute http(s) URL without a fragment, was '"
                + Text.printable(value) + "'");
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
