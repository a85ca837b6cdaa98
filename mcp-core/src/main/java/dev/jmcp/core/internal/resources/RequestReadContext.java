package dev.jmcp.core.internal.resources;

import dev.jmcp.core.internal.session.AnswerMemory;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.ReadContext;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@link ReadContext} of a read inside a request. It also lets a provider of this module charge
 * what it makes for the answer to the transport's answer budget while it makes it ({@link #hold}),
 * and remembers what it charged, so that the read does not charge it again afterwards.
 */
public final class RequestReadContext implements ReadContext {
    private final Caller caller;
    private final RequestContext request;
    private final Map<String, String> variables;
    private final Set<Object> charged = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));

    RequestReadContext(Caller caller, RequestContext request, Map<String, String> variables) {
        this.caller = caller;
        this.request = request;
        this.variables = Map.copyOf(variables);
    }

    /**
     * Takes {@code bytes} of the answer budget while a provider makes {@code what}, when
     * {@code context} is a request's; does nothing otherwise.
     *
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32603} naming the budget's setting
     */
    public static void hold(ReadContext context, long bytes, String what) {
        if (context instanceof RequestReadContext read) {
            AnswerMemory.hold(read.request, bytes, what);
        }
    }

    /** Gives back {@code bytes} taken by {@link #hold}. */
    public static void giveBack(ReadContext context, long bytes) {
        if (context instanceof RequestReadContext read) {
            AnswerMemory.giveBack(read.request, bytes);
        }
    }

    /** Records that {@code body} (a text or an array) is already charged to the answer budget. */
    public static void charged(ReadContext context, Object body) {
        if (context instanceof RequestReadContext read) {
            read.charged.add(body);
        }
    }

    /** @return whether {@link #charged} recorded {@code body} */
    boolean wasCharged(Object body) {
        return charged.contains(body);
    }

    RequestContext request() {
        return request;
    }

    @Override
    public Caller caller() {
        return caller;
    }

    @Override
    public boolean isCancelled() {
        return request.isCancelled();
    }

    @Override
    public Map<String, String> templateVariables() {
        return variables;
    }
}
