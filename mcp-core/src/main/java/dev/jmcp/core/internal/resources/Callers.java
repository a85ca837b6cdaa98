package dev.jmcp.core.internal.resources;

import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.Caller;

/** Makes the {@link Caller} a provider sees from the request being served. */
public final class Callers {
    private Callers() {
    }

    /**
     * @return the request's revision and era, the client's identity and capabilities
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} when the request's capabilities cannot be read
     */
    public static Caller of(RequestContext request) {
        return Caller.builder()
                .protocolVersion(request.protocolVersion())
                .stateless(request.isStateless())
                .clientInfo(request.clientInfo())
                .clientCapabilities(request.clientCapabilities())
                .build();
    }
}
