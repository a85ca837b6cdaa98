package dev.jmcp.cli;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.SigningKeys;
import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.spi.ResourceDialect;
import dev.jmcp.core.spi.ServeOptions;
import dev.jmcp.core.tasks.TaskSettings;
import dev.jmcp.schema.lifecycle.Implementation;
import java.io.IOException;
import dev.jmcp.skills.RefusedSkill;
import dev.jmcp.skills.SkillFolder;
import dev.jmcp.skills.SkillSettings;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code jmcp serve [--root DIR] [--http [HOST:]PORT] [--page-size N] [--cache-ttl MS] [--dialect ID] ...}:
 * serves a folder through the file-system provider, and with {@code --discover} the providers of
 * {@link ProviderArgs}, over this process's stdin and stdout (the default) or over HTTP, with the
 * transport options of {@link ServeOptionArgs}, in MCP's resources protocol or in a dialect's.
 */
final class ServeCommand implements Command {
    static final String DEFAULT_HOST = "127.0.0.1";
    /** The named setting of the HTTP transport that places the HTTP+SSE stream and its POSTs. */
    static final String LEGACY_PATHS = "legacyPaths";
    /** Where a dialect's clients find the HTTP+SSE stream and POST their messages, unless set otherwise. */
    static final String DEFAULT_LEGACY_PATHS = "/sse,/messages";

    @Override
    public String name() {
        return "serve";
    }

    @Override
    public String summary() {
        return "serve a folder (default: the current one), or discovered providers, over stdio or HTTP";
    }

    @Override
    public String help() {
        return """
                usage: jmcp serve [--root DIR] [--skills DIR] [--http [HOST:]PORT] [--page-size N] [--cache-ttl MS]
                                  [--content-hashes] [--include-hidden] [--no-ignore] [--resources-as-tools]
                                  [--tasks] [--dialect ID] [--secret-file FILE]
                                  [--postgres JDBC_URL] [--allow-remote-bind]
                                  [--max-message-bytes N] [--set NAME=VALUE]...
                                  [--auth-issuer URL [--auth-resource URL] [--auth-scopes S,...]]
                                  [--discover [--provider-setting ID.NAME=VALUE]...]

                Serves the files under DIR as MCP resources: folders are collections, files are
                leaves, named by file: URIs. Nothing outside DIR is served (.., links that leave it),
                nor hidden entries or what DIR's .gitignore files exclude, unless asked: a URI that
                names one is not found.
                With --discover it serves the resources of the providers on its module path (a
                ZIP archive's entries, say), alone or beside DIR.
                Without --http it speaks MCP over its standard input and output, as MCP hosts launch
                servers; its logs go to standard error. It ends when the client closes its input.

                  --root DIR             the folder to serve (default: the current folder; with
                                         --discover or --skills, none)
                  --skills DIR           serve the Agent Skills in DIR (each a folder with a
                                         SKILL.md whose front matter names and describes it) by
                                         the Skills extension (SEP-2640): skill://NAME/PATH
                                         resources, skills/list, skills/get; alone or beside
                                         --root. A folder that breaks a rule is not served, and
                                         a line on standard error says why
                  --resources-as-tools   also serve the resources as tools, for MCP hosts that
                                         only call tools: resources_list, resources_read (text
                                         in parts of 20000 characters, each answer naming the
                                         offset of the next), resources_search; they show what
                                         resources/list and resources/read show the same caller
                  --tasks                serve the tasks extension (SEP-2663): a client that
                                         declares it gets a task for a long request, and polls
                                         tasks/get for its result; a read of a file of 8 MiB or
                                         more is one. Its bounds are settings of --set (below)
                  --http [HOST:]PORT     serve Streamable HTTP at http://HOST:PORT/mcp instead
                                         (HOST defaults to 127.0.0.1); needs the HTTP transport
                                         module; stop it with Ctrl-C
                  --page-size N          the most resources in one page of resources/list
                                         (default 10000)
                  --cache-ttl MS         how long clients of MCP 2026-07-28 may keep a listing
                                         or a file's content before asking again (ttlMs, with
                                         cacheScope private; default 0: ask every time);
                                         clients that listen are told of changes sooner
                  --content-hashes       version each file by a SHA-256 of its bytes (_meta
                                         "dev.jmcp/version": sha256-...) instead of its size and
                                         modification time: exact, but every listing, metadata
                                         and read hashes the files it names
                  --include-hidden       also serve hidden files and folders (a name that starts
                                         with "."): .git, .env, .ssh are left out by default
                  --no-ignore            also serve what the folder's .gitignore files exclude
                                         (left out by default, as git leaves it out)
                  --dialect ID           speak the resources protocol of another library instead
                                         of MCP's, for its clients only: gomcp (the Go library's
                                         resources/get, filters, versions; its clients use
                                         stdio, or HTTP at http://HOST:PORT/sse)
                  --secret-file FILE     sign cursors and request states with the secret on the
                                         first line of FILE (32 bytes at least), and accept the
                                         previous one on a second line during a rotation: every
                                         replica behind a load balancer needs the same (default:
                                         a random secret of this process)
                """ + PostgresArgs.HELP + ProviderArgs.HELP + ServeOptionArgs.HELP + AuthArgs.HELP + ServeOptionArgs.settingsHelp() + ProviderArgs.help();
    }

    @Override
    public Args.Spec spec() {
        return AuthArgs.options(PostgresArgs.options(ProviderArgs.options(ServeOptionArgs.options(new Args.Spec().option("--root").option("--skills").option("--http")
                .option("--page-size").option("--cache-ttl").flag("--content-hashes").flag("--include-hidden")
                .flag("--no-ignore").flag("--resources-as-tools").flag("--tasks").option("--dialect").option("--secret-file")))));
    }

    @Override
    public int run(Context context) {
        Args args = context.args();
        if (!args.positionals().isEmpty() || args.command() != null) {
            throw CliException.usage("jmcp serve takes no arguments but its options; got "
                    + (args.command() != null ? "-- " + String.join(" ", args.command()) : args.positionals()));
        }
        URI http = args.value("--http").map(ServeCommand::httpAddress).orElse(null);
        if (http != null) {
            Transports.require("http", "cannot serve " + http);
        }
        ResourceDialect dialect = args.value("--dialect").map(ServeCommand::dialect).orElse(null);
        ServeOptions options = ServeOptionArgs.of(args, http);
        ResourceProtection protection = AuthArgs.of(args, http); // null unless --auth-issuer
        String ssePath = null;
        if (http != null && dialect != null) {
            ssePath = legacySsePath(options);
            options = options.toBuilder().set(LEGACY_PATHS, options.settings().getOrDefault(LEGACY_PATHS,
                    DEFAULT_LEGACY_PATHS)).build();
        }
        McpServer.Builder builder = McpServer.builder();
        String discovered = ProviderArgs.apply(args, builder); // null without --discover
        PostgresArgs.Pool postgres = PostgresArgs.apply(args, builder); // null without --postgres
        String skills = args.value("--skills").map(dir -> serveSkills(Path.of(dir), builder, context.err())).orElse(null);
        String sources = discovered == null ? null : "the resource providers " + discovered;
        if (postgres != null) {
            sources = sources == null ? postgres.served() : sources + " and " + postgres.served();
        }
        if (skills != null) {
            sources = sources == null ? skills : sources + " and " + skills;
        }
        String folder = sources == null || args.value("--root").isPresent() ? serveFolder(args, builder) : null;
        if (folder == null && (args.flag("--content-hashes") || args.value("--cache-ttl").isPresent()
                || args.flag("--include-hidden") || args.flag("--no-ignore"))) {
            throw CliException.usage("--content-hashes, --cache-ttl, --include-hidden and --no-ignore apply to the folder"
                    + " of --root, and --discover, --postgres or --skills serves none without it");
        }
        String served = sources == null ? folder : (folder == null ? "" : folder + " and ") + sources;
        String listing = dialect == null ? "resources/list and its uri" : dialect.childrenListing();
        builder.serverInfo(new Implementation("jmcp", served, Main.version(), sources == null
                        ? "the files under " + folder + " as resources" : "the resources of " + served, null, null))
                .instructions((sources == null
                        ? "The files under " + folder + ", as file: URIs. Folders are collections: list one with "
                        + listing + "." : "The resources of " + served + ". Collections: list one with " + listing + "."
                        + (skills == null ? "" : " Skills: skills/list, skills/get (io.modelcontextprotocol/skills)."))
                        + (args.flag("--resources-as-tools") ? " Tools: resources_list, resources_read, resources_search." : ""))
                .resourceSettings(ResourceSettings.builder().pageSize(args.intValue("--page-size",
                        ResourceSettings.DEFAULT_PAGE_SIZE, 1, 100_000)).build());
        builder.dialect(dialect).settings(ServeOptionArgs.server(args));
        TaskSettings tasks = ServeOptionArgs.tasks(args, args.flag("--tasks"));
        if (tasks != null) {
            builder.tasks(tasks);
        }
        if (args.flag("--resources-as-tools")) {
            builder.resourcesAsTools();
        }
        if (protection != null) {
            builder.protection(protection);
        }
        args.value("--secret-file").map(ServeCommand::signingKeys).ifPresent(builder::signingKeys);
        if (http == null) {
            AttachedSessions attached = new AttachedSessions();
            McpServer server = build(builder.feature(attached), postgres);
            if (context.terminal().stdin()) {
                context.err().println("jmcp: serving " + served + " over stdio: waiting for an MCP client on standard"
                        + " input (MCP hosts start jmcp serve themselves; Ctrl-D ends)");
            }
            return serveStdio(server, attached, options, context.err());
        }
        String clients = dialect == null ? null : dialect.id() + " clients";
        if (protection != null) {
            served += ", protected by " + protection.verifier().name() + " for " + protection.resource();
        }
        return serveHttp(build(builder, postgres), served, http, clients, ssePath, options, context);
    }

    /** Builds the server; the pool of {@code --postgres} closes with it, or at once when it cannot be built. */
    private static McpServer build(McpServer.Builder builder, PostgresArgs.Pool postgres) {
        try {
            McpServer server = ProviderArgs.build(builder);
            return postgres == null ? server : postgres.closedWith(server);
        } catch (RuntimeException e) {
            if (postgres != null) {
                postgres.dataSource().close();
            }
            throw e;
        }
    }

    /**
     * Adds the file-system provider of {@code --root} (default: the current folder) to {@code builder}.
     *
     * @return the folder it serves
     * @throws CliException ({@link Exit#USAGE}) when it is not a readable folder
     */
    private static String serveFolder(Args args, McpServer.Builder builder) {
        Path root = Path.of(args.value("--root").orElse("."));
        long cacheTtl = args.longValue("--cache-ttl", 0, 0, Long.MAX_VALUE);
        FileSystemResourceProvider files;
        try {
            files = FileSystemResourceProvider.of(root);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--root " + root + " cannot be served: it is not a readable folder");
        }
        if (cacheTtl > 0) {
            files = files.withCacheHint(CacheHint.privateFor(cacheTtl));
        }
        files = files.withContentHashes(args.flag("--content-hashes")).withIncludeHidden(args.flag("--include-hidden"))
                .withGitIgnore(!args.flag("--no-ignore"));
        builder.resourceProvider(files);
        return files.root().orElseThrow().toString();
    }

    private static SigningKeys signingKeys(String file) {
        try {
            return SigningKeys.read(Path.of(file));
        } catch (IOException e) {
            throw CliException.usage("--secret-file " + file + " cannot be read: " + IoReasons.message(e));
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--secret-file: " + e.getMessage());
        }
    }

    /**
     * Adds the skills of {@code --skills} to {@code builder}, and says on {@code err} which folders
     * are not served and why.
     *
     * @return what is served, for the banner and the server's description
     * @throws CliException ({@link Exit#USAGE}) when it is not a readable folder, or holds too many
     */
    private static String serveSkills(Path dir, McpServer.Builder builder, PrintStream err) {
        SkillFolder skills;
        try {
            skills = SkillFolder.scan(dir, SkillSettings.defaults());
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--skills " + dir + " cannot be served: " + e.getMessage());
        }
        for (RefusedSkill refused : skills.refused()) {
            err.println("jmcp: not serving the skill " + refused.folder() + ": " + refused.reason());
        }
        skills.addTo(builder);
        return skills.skills().size() + " skills of " + skills.folder();
    }

    private static ResourceDialect dialect(String id) {
        try {
            return ResourceDialect.named(id);
        } catch (IllegalArgumentException unknown) { // its message names the dialects there are
            throw CliException.usage("--dialect " + id + ": " + unknown.getMessage());
        }
    }

    /**
     * @return {@link Exit#OK} when the client went; {@link Exit#IO} when the session ended on a
     *         failure of the transport (such as a reader stopped by an error), so that whoever
     *         started the server sees it
     */
    private static int serveStdio(McpServer server, AttachedSessions attached, ServeOptions options,
            PrintStream err) {
        try (server) {
            endpoint(server, URI.create("stdio:-"), options).idle().join();
        }
        for (ServerSession session : attached.sessions()) {
            if (session.closeCause() != null) {
                err.println("jmcp: the session ended on a failure: " + session.closeCause().getMessage());
                return Exit.IO;
            }
        }
        return Exit.OK;
    }

    /**
     * @return the path of the HTTP+SSE stream a dialect's clients open: a dialect is a protocol of
     *         the initialize era, whose clients speak 2024-11-05's HTTP (gomcp's do); the first of
     *         {@code --set legacyPaths}, else of {@link #DEFAULT_LEGACY_PATHS}, which the command then
     *         sets itself so as not to depend on the transport's default
     * @throws CliException ({@link Exit#USAGE}) when {@code legacyPaths} is set to none
     */
    private static String legacySsePath(ServeOptions options) {
        String paths = options.settings().getOrDefault(LEGACY_PATHS, DEFAULT_LEGACY_PATHS).strip();
        if (paths.isEmpty()) {
            throw CliException.usage("--dialect over --http needs the HTTP+SSE paths its clients use, and --set "
                    + LEGACY_PATHS + "= leaves none (default " + DEFAULT_LEGACY_PATHS + ")");
        }
        return paths.split(",", -1)[0].strip();
    }

    // ---- HTTP -------------------------------------------------------------------------------
    // Works as soon as a TransportProvider for "http" is on the module path (mcp-transport-netty,
    // a runtime dependency in mcp-cli/pom.xml once it provides one): McpServer.serve(URI) finds it.
    /**
     * @param clients who the SSE stream is for, such as "gomcp clients"; null for MCP
     * @param ssePath the path a dialect's clients open (they need that URL, not Streamable HTTP's); null for MCP
     */
    private static int serveHttp(McpServer server, String folder, URI address, String clients, String ssePath,
            ServeOptions options, Context context) {
        McpServer.Endpoint endpoint;
        try {
            endpoint = endpoint(server, address, options);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "jmcp-serve-shutdown"));
        URI bound = endpoint.address();
        context.err().println("jmcp: serving " + folder + " at " + (ssePath == null ? bound + " ("
                : bound.resolve(ssePath) + " (HTTP+SSE for " + clients + "; ") + "Ctrl-C to stop)");
        server.onClose().join();
        return Exit.INTERRUPTED;
    }

    /**
     * @throws CliException {@link Exit#USAGE} when the transport refuses an option (an unknown
     *         setting, a bad value), {@link Exit#CONNECT} when it cannot serve the address
     */
    private static McpServer.Endpoint endpoint(McpServer server, URI address, ServeOptions options) {
        try {
            return server.serve(address, options);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("cannot serve " + address + ": " + e.getMessage());
        } catch (RuntimeException e) {
            throw new CliException(Exit.CONNECT, "cannot serve " + address + ": " + Failures.innermostMessage(e), e);
        }
    }

    /**
     * @param value {@code PORT}, {@code HOST:PORT} or {@code [IPV6]:PORT}
     * @return {@code http://HOST:PORT/mcp}
     */
    static URI httpAddress(String value) {
        String host = DEFAULT_HOST;
        String port = value.strip();
        int colon = port.lastIndexOf(':');
        if (colon >= 0) {
            host = port.substring(0, colon);
            port = port.substring(colon + 1);
            if (host.isEmpty()) {
                host = DEFAULT_HOST;
            } else if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
                host = "[" + host + "]";
            }
        }
        int number;
        try {
            number = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            number = -1;
        }
        if (number < 0 || number > 65535) {
            throw CliException.usage("--http takes [HOST:]PORT with PORT from 0 to 65535, was '" + value + "'");
        }
        try {
            URI uri = new URI("http://" + host.toLowerCase(Locale.ROOT) + ":" + number + "/mcp");
            if (uri.getHost() == null) {
                throw new java.net.URISyntaxException(value, "no host");
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            throw CliException.usage("--http takes [HOST:]PORT; '" + value + "' has no valid host");
        }
    }
}
