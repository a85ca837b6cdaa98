package dev.jmcp.skills.internal;

import java.util.Locale;

/** What a skill URI may not hold. */
public final class SkillUris {
    private SkillUris() {
    }

    /**
     * @param uri a URI a client sent
     * @return how it climbs out of a skill ({@code "has a '..' segment"}), or null when it does not:
     *         a {@code .} or {@code ..} segment, plain or percent-encoded, an encoded {@code /} or {@code \}
     */
    public static String climbsOut(String uri) {
        int scheme = uri.indexOf("://");
        String path = scheme < 0 ? uri : uri.substring(scheme + 3);
        for (String segment : path.split("/", -1)) {
            String plain = segment.toLowerCase(Locale.ROOT).replace("%2e", ".");
            if (plain.equals("..") || plain.equals(".")) {
                return "has a '" + segment + "' segment, which climbs out of its folder";
            }
            if (plain.contains("%2f") || plain.contains("%5c") || plain.contains("\\")) {
                return "has an encoded separator in '" + segment + "'";
            }
        }
        return null;
    }
}
