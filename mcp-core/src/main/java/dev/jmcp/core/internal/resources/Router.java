package dev.jmcp.core.internal.resources;

import dev.jmcp.core.internal.template.UriTemplate;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the resource a URI names: the providers that {@linkplain ResourceProvider#owns own} the
 * URI, or have a template that matches it, are asked to {@linkplain ResourceProvider#describe
 * describe} it in priority order, and the first that finds it answers. The variables come from the
 * first of that provider's templates that matches, so that a provider that owns its templated URIs
 * still gets them in {@link dev.jmcp.core.spi.ReadContext}.
 */
public final class Router {
    private static final System.Logger LOG = System.getLogger(Router.class.getName());
    private static final int MAX_CACHED_TEMPLATES = 1024;

    private final List<ResourceProvider> providers;
    // parsed once per template text; a template that does not parse is remembered as empty
    private final Map<String, Optional<UriTemplate>> parsed = new ConcurrentHashMap<>();

    public Router(List<ResourceProvider> providers) {
        this.providers = providers;
    }

    /**
     * A resource found: the provider that described it, its description, and the variables of the
     * provider's template that matched the URI (empty when none did).
     */
    public record Found(ResourceProvider provider, Resource resource, Map<String, String> variables) {
    }

    /**
     * @return the resource {@code uri} names, as the first provider that finds it describes it;
     *         empty when none does
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} when a provider that owns
     *         the URI refuses its spelling
     */
    public Optional<Found> find(String uri, Caller caller) {
        for (ResourceProvider provider : providers) {
            Optional<Map<String, String>> variables = match(provider, uri);
            if (provider.owns(uri) || variables.isPresent()) {
                Optional<Resource> resource = Rules.described(provider, uri, provider.describe(uri, caller));
                if (resource.isPresent()) {
                    return Optional.of(new Found(provider, resource.get(), variables.orElse(Map.of())));
                }
            }
        }
        return Optional.empty();
    }

    /** @return the resource {@code uri} names @throws dev.jmcp.schema.jsonrpc.ProtocolException -32602 when none */
    public Found require(String uri, Caller caller) {
        return find(uri, caller).orElseThrow(() -> ResourceErrors.notFound(uri));
    }

    private Optional<Map<String, String>> match(ResourceProvider provider, String uri) {
        for (ResourceTemplate template : provider.templates()) {
            Optional<Map<String, String>> variables = parse(provider, template.uriTemplate()).flatMap(t -> t.match(uri));
            if (variables.isPresent()) {
                return variables;
            }
        }
        return Optional.empty();
    }

    private Optional<UriTemplate> parse(ResourceProvider provider, String text) {
        Optional<UriTemplate> known = parsed.get(text);
        if (known != null) {
            return known;
        }
        Optional<UriTemplate> template;
        try {
            template = Optional.of(UriTemplate.parse(text));
        } catch (IllegalArgumentException e) {
            LOG.log(Level.WARNING, "resource provider ''{0}'' offers a template that is not RFC 6570 level 1-3; it "
                    + "routes no read: {1}", provider.id(), e.getMessage());
            template = Optional.empty();
        }
        if (parsed.size() >= MAX_CACHED_TEMPLATES) {
            parsed.clear(); // providers that mint templates without end must not grow this
        }
        parsed.put(text, template);
        return template;
    }
}
