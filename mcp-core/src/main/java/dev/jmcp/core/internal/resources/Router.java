package dev.jmcp.core.internal.resources;

import dev.jmcp.core.internal.template.UriTemplate;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.ResourceTemplate;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the provider that answers for a URI: the first (in priority order) that
 * {@linkplain ResourceProvider#owns owns} it, else the first with a template that matches it. The
 * variables come from the first of that provider's templates that matches, so that a provider
 * that owns its templated URIs still gets them in {@link dev.jmcp.core.spi.ReadContext}.
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

    /** Where a URI goes. @param variables the matched template's variables; empty when none matched */
    public record Route(ResourceProvider provider, Map<String, String> variables) {
    }

    public Optional<Route> route(String uri) {
        for (ResourceProvider provider : providers) {
            if (provider.owns(uri)) {
                return Optional.of(new Route(provider, match(provider, uri).orElse(Map.of())));
            }
        }
        for (ResourceProvider provider : providers) {
            Optional<Map<String, String>> variables = match(provider, uri);
            if (variables.isPresent()) {
                return Optional.of(new Route(provider, variables.get()));
            }
        }
        return Optional.empty();
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
