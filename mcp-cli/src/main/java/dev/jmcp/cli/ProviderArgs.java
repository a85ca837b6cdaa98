package dev.jmcp.cli;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.spi.ResourceProviderFactory;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The options of {@code jmcp serve} that discover resource providers: {@code --discover} serves a
 * provider from each {@link ResourceProviderFactory} on the module path, made with the settings of
 * {@code --provider-setting ID.NAME=VALUE}. The command checks what it can before the server is
 * built (the form of a setting, its id and name against the factories found, that some factory is
 * there), so that a wrong command line is a usage error that names the option; {@code jmcp serve
 * --help} lists the factories found and their settings.
 */
final class ProviderArgs {
    /** Where the {@code ./jmcp} script finds more modules: a user's provider jars. */
    static final String MODULE_PATH_VARIABLE = "JMCP_MODULE_PATH";

    static final String HELP = """
              --discover             serve the resource providers on the module path (one from
                                     each factory found, listed below), instead of a folder;
                                     with --root DIR, beside that folder. ./jmcp adds the jars
                                     and folders of $JMCP_MODULE_PATH (DIR:JAR:...) to the
                                     module path
              --provider-setting ID.NAME=VALUE
                                     a setting of the discovered provider ID (repeatable), as
                                     --provider-setting zip.file=docs.zip
            """;

    private ProviderArgs() {
    }

    /** @return {@code spec} with the options of this class */
    static Args.Spec options(Args.Spec spec) {
        return spec.flag("--discover").option("--provider-setting");
    }

    /**
     * Asks {@code builder} to discover providers, with the settings the command line gives, when
     * it says {@code --discover}.
     *
     * @return the ids of the factories found, comma-separated, for messages; null without {@code --discover}
     * @throws CliException ({@link Exit#USAGE}) for {@code --provider-setting} without {@code --discover}, not
     *                      written {@code ID.NAME=VALUE}, or naming an id or (when the factory lists its
     *                      settings) a name that no factory found has; ({@link Exit#CONNECT}) when no
     *                      factory is on the module path
     */
    static String apply(Args args, McpServer.Builder builder) {
        List<String> settings = args.values("--provider-setting");
        if (!args.flag("--discover")) {
            if (!settings.isEmpty()) {
                throw CliException.usage("--provider-setting applies to --discover only: without it no provider is"
                        + " discovered");
            }
            return null;
        }
        Map<String, ResourceProviderFactory> factories = factories().stream().collect(Collectors.toMap(
                ResourceProviderFactory::id, factory -> factory, (first, same) -> first, LinkedHashMap::new)); // by id
        if (factories.isEmpty()) {
            throw new CliException(Exit.CONNECT, "--discover found no resource provider factory on the module path: add a"
                    + " provider's jar to it (./jmcp: " + MODULE_PATH_VARIABLE + "=JAR; java: --module-path); its module"
                    + " declares 'provides dev.jmcp.core.spi.ResourceProviderFactory with ...'");
        }
        for (String setting : settings) {
            int dot = setting.indexOf('.');
            int equals = setting.indexOf('=');
            if (dot <= 0 || equals < dot + 2) {
                throw CliException.usage("--provider-setting takes ID.NAME=VALUE, was '" + Text.printable(setting) + "'");
            }
            String id = setting.substring(0, dot);
            String name = setting.substring(dot + 1, equals);
            ResourceProviderFactory factory = factories.get(id);
            if (factory == null) {
                throw CliException.usage("--provider-setting " + Text.printable(id + "." + name) + ": no resource provider"
                        + " factory on the module path has the id '" + Text.printable(id) + "'; found: "
                        + String.join(", ", factories.keySet()));
            }
            if (!factory.settings().isEmpty() && !factory.settings().containsKey(name)) {
                throw CliException.usage("--provider-setting " + Text.printable(id + "." + name) + ": resource provider '"
                        + id + "' has no setting '" + Text.printable(name) + "'; its settings: "
                        + String.join(", ", new TreeMap<>(factory.settings()).keySet()));
            }
            builder.providerSetting(id, name, setting.substring(equals + 1));
        }
        builder.discoverResourceProviders();
        return String.join(", ", factories.keySet());
    }

    /**
     * @return the server {@code builder} makes
     * @throws CliException when discovery cannot make a provider: ({@link Exit#USAGE}) when its factory
     *                      refuses a setting (missing or wrong), ({@link Exit#CONNECT}) when it fails otherwise
     */
    static McpServer build(McpServer.Builder builder) {
        try {
            return builder.build();
        } catch (IllegalStateException e) { // its message names the factory, and the setting
            throw new CliException(e.getCause() instanceof IllegalArgumentException ? Exit.USAGE : Exit.CONNECT,
                    "cannot serve: " + Text.printable(e.getMessage()), e);
        }
    }

    /** @return for each factory on the module path, its id and the settings it takes; or how to add one */
    static String help() {
        List<ResourceProviderFactory> found;
        try {
            found = factories();
        } catch (CliException e) {
            return "\nResource providers on the module path (--discover): " + e.getMessage() + "\n";
        }
        StringBuilder text = new StringBuilder("\nResource providers on the module path (--discover): ");
        if (found.isEmpty()) {
            return text.append("none; add a provider's jar with ").append(MODULE_PATH_VARIABLE).append("=JAR\n").toString();
        }
        text.append(found.stream().map(ResourceProviderFactory::id).collect(Collectors.joining(", "))).append('\n');
        for (ResourceProviderFactory factory : found) {
            text.append("Settings of the ").append(factory.id()).append(" provider (--provider-setting ")
                    .append(factory.id()).append(".NAME=VALUE)");
            ServeOptionArgs.appendSettings(text, new TreeMap<>(factory.settings()));
        }
        return text.toString();
    }

    /**
     * @return the factories on the module path, by id
     * @throws CliException ({@link Exit#SETUP}) when one cannot be loaded
     */
    private static List<ResourceProviderFactory> factories() {
        try {
            return ServiceLoader.load(ResourceProviderFactory.class).stream().map(ServiceLoader.Provider::get)
                    .sorted(Comparator.comparing(ResourceProviderFactory::id)).toList();
        } catch (ServiceConfigurationError e) {
            throw new CliException(Exit.SETUP, "a resource provider factory on the module path cannot be loaded: "
                    + Failures.innermostMessage(e), e);
        }
    }
}
