package dev.jmcp.transport.netty;

import dev.jmcp.core.internal.transport.NamedSettings;
import java.util.Set;

/**
 * The {@link HttpServerSettings} that {@link StreamableHttpTransportProvider#serve(java.net.URI,
 * dev.jmcp.core.spi.ServeOptions, java.util.function.Consumer)} accepts by name: every setter of its
 * builder, under the setter's name, but those {@link dev.jmcp.core.spi.ServeOptions} carries typed
 * ({@code codec}, whose limits are {@code limits}, and {@code allowRemoteBind}).
 */
final class HttpServeSettings {
    /** The setters that are not settings by name. */
    static final Set<String> TYPED = Set.of("codec", "allowRemoteBind");

    static final NamedSettings<HttpServerSettings.Builder> NAMES = NamedSettings.of(
            StreamableHttpTransportProvider.ID, HttpServerSettings.Builder.class, HttpServerSettings.defaults(), TYPED);

    private HttpServeSettings() {
    }
}
