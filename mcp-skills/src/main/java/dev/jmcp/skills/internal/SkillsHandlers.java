package dev.jmcp.skills.internal;

import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.resources.ReadDirectoryRequestParams;
import dev.jmcp.skills.RefusedSkill;
import dev.jmcp.skills.SkillEntry;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.spi.JsonProvider;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code skills/list} and {@code skills/get} over the skills of a folder, and the extension's
 * declaration ({@code directoryRead: true}: core's resources feature answers
 * {@code resources/directory/read} for the skills' directories). The skills never change while
 * served, so a listing cursor is the index of the next entry.
 */
public final class SkillsHandlers implements ServerFeature {
    public static final String LIST = "skills/list";
    public static final String GET = "skills/get";
    private static final String CURSOR_PREFIX = "skills:";

    private final List<SkillEntry> skills;
    private final Map<String, SkillEntry> byUri = new LinkedHashMap<>();
    private final Map<String, RefusedSkill> refused = new LinkedHashMap<>();
    private final int pageSize;
    private final CacheHint cacheHint;

    public SkillsHandlers(List<SkillEntry> skills, List<RefusedSkill> refused, int pageSize, CacheHint cacheHint) {
        this.skills = List.copyOf(skills);
        this.skills.forEach(skill -> byUri.put(skill.uri(), skill));
        refused.forEach(skill -> this.refused.put(skill.uri(), skill));
        this.pageSize = pageSize;
        this.cacheHint = cacheHint;
    }

    @Override
    public void declare(ServerCapabilities.Builder capabilities) {
        capabilities.extension(ReadDirectoryRequestParams.SKILLS_EXTENSION,
                json().createObjectBuilder().add(ReadDirectoryRequestParams.DIRECTORY_READ, true).build());
    }

    @Override
    public void register(FeatureHandlers handlers) {
        handlers.requestHandler(LIST, this::list);
        handlers.requestHandler(GET, this::get);
    }

    private Object list(Object params, RequestContext context) {
        int from = 0;
        if (params instanceof JsonObject request && request.get("cursor") instanceof JsonString cursor) {
            from = position(cursor.getString());
        } else if (params instanceof JsonObject request && request.containsKey("cursor")
                && request.get("cursor").getValueType() != jakarta.json.JsonValue.ValueType.NULL) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "skills/list: params.cursor is not a string");
        }
        int to = Math.min(skills.size(), from + pageSize);
        var entries = json().createArrayBuilder();
        skills.subList(from, to).forEach(skill -> entries.add(skill.toJson()));
        JsonObjectBuilder result = json().createObjectBuilder().add("skills", entries);
        if (to < skills.size()) {
            result.add("nextCursor", cursor(to));
        }
        return cached(result, context);
    }

    private Object get(Object params, RequestContext context) {
        String uri = params instanceof JsonObject request && request.get("uri") instanceof JsonString value
                ? value.getString() : null;
        if (uri == null) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS,
                    "skills/get requires params.uri, the URI of a skill's SKILL.md (a string)");
        }
        SkillEntry skill = byUri.get(uri);
        if (skill != null) {
            return cached(json().createObjectBuilder().add("skill", skill.toJson()), context);
        }
        String climb = SkillUris.climbsOut(uri);
        if (climb != null) {
            throw invalid(uri, "params.uri " + climb + "; no skill's URI does", null);
        }
        RefusedSkill bad = refused.get(uri);
        if (bad != null) {
            throw invalid(uri, "the skill at " + uri + " is not served: " + bad.reason(), bad.reason());
        }
        throw invalid(uri, "no skill is served at " + uri + (uri.endsWith("/SKILL.md") ? ""
                : " (a skill is named by the URI of its SKILL.md)"), null);
    }

    private static ProtocolException invalid(String uri, String message, String reason) {
        JsonObjectBuilder data = json().createObjectBuilder().add("uri", uri);
        if (reason != null) {
            data.add("reason", reason);
        }
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, message, data.build());
    }

    private int position(String cursor) {
        try {
            String decoded = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (decoded.startsWith(CURSOR_PREFIX)) {
                int position = Integer.parseInt(decoded.substring(CURSOR_PREFIX.length()));
                if (position > 0 && position < skills.size()) {
                    return position;
                }
            }
        } catch (IllegalArgumentException unreadable) { // not base64, not a number: the answer below
        }
        throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "skills/list: params.cursor is not a cursor this server"
                + " gave for skills/list");
    }

    private static String cursor(int position) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString((CURSOR_PREFIX + position)
                .getBytes(StandardCharsets.UTF_8));
    }

    /** Statelessly (2026-07-28) both results are cacheable: they carry ttlMs and cacheScope. */
    private JsonObject cached(JsonObjectBuilder result, RequestContext context) {
        if (context.isStateless()) {
            result.add("ttlMs", cacheHint.ttlMs()).add("cacheScope", cacheHint.scope().name().toLowerCase(Locale.ROOT));
        }
        return result.build();
    }

    private static JsonProvider json() {
        return JsonRuntime.provider();
    }
}
