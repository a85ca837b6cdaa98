package dev.jmcp.core.internal.fs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules of one {@code .gitignore} file, as git reads them (gitignore(5)): blank lines and
 * {@code #} comments skipped; trailing spaces dropped unless escaped; {@code !} re-includes; a
 * trailing {@code /} matches folders only; a pattern with a {@code /} at its start or in its middle
 * is anchored to the file's folder, one without matches a name at any depth below it; {@code *},
 * {@code ?} and {@code [...]} never match a {@code /}; {@code **}{@code /} at the start or in the
 * middle matches any number of folders, {@code /**} at the end everything inside; a backslash
 * quotes the next character. Immutable.
 */
public final class GitIgnore {
    static final GitIgnore EMPTY = new GitIgnore(List.of());

    private record Rule(Pattern pattern, boolean negated, boolean directoryOnly, boolean anchored) {
    }

    private final List<Rule> rules;

    private GitIgnore(List<Rule> rules) {
        this.rules = rules;
    }

    /** @return the rules of {@code text}, a {@code .gitignore} file's content */
    public static GitIgnore parse(String text) {
        List<Rule> rules = new ArrayList<>();
        for (String line : text.split("\r?\n", -1)) {
            Rule rule = rule(line);
            if (rule != null) {
                rules.add(rule);
            }
        }
        return rules.isEmpty() ? EMPTY : new GitIgnore(List.copyOf(rules));
    }

    /**
     * @param path      a path relative to this file's folder, its names joined with {@code /}
     * @param directory whether it names a folder
     * @return true when the last rule that matches ignores it, false when it re-includes it
     *         ({@code !}), null when none matches
     */
    public Boolean decide(String path, boolean directory) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        for (int i = rules.size() - 1; i >= 0; i--) {
            Rule rule = rules.get(i);
            if (rule.directoryOnly && !directory) {
                continue;
            }
            if (rule.pattern.matcher(rule.anchored ? path : name).matches()) {
                return !rule.negated;
            }
        }
        return null;
    }

    /** @return whether there are no rules */
    boolean isEmpty() {
        return rules.isEmpty();
    }

    private static Rule rule(String line) {
        String text = stripTrailingSpaces(line);
        if (text.isEmpty() || text.startsWith("#")) {
            return null;
        }
        boolean negated = text.startsWith("!");
        if (negated) {
            text = text.substring(1);
        }
        boolean directoryOnly = text.endsWith("/") && !text.endsWith("\\/");
        if (directoryOnly) {
            text = text.substring(0, text.length() - 1);
        }
        boolean anchored = text.indexOf('/') >= 0;
        if (text.startsWith("/")) {
            text = text.substring(1);
        }
        if (text.isEmpty()) {
            return null; // "/" or "!" alone match nothing
        }
        return new Rule(Pattern.compile(regex(text), Pattern.DOTALL), negated, directoryOnly, anchored);
    }

    /** Drops trailing spaces, but keeps one quoted with a backslash ("a\ " is "a "). */
    private static String stripTrailingSpaces(String line) {
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ' && !(end > 1 && line.charAt(end - 2) == '\\')) {
            end--;
        }
        return line.substring(0, end);
    }

    /** @return a regular expression that matches what the glob {@code glob} matches */
    static String regex(String glob) {
        StringBuilder out = new StringBuilder();
        int n = glob.length();
        int i = 0;
        while (i < n) {
            char c = glob.charAt(i);
            if (c == '*') {
                int j = i;
                while (j < n && glob.charAt(j) == '*') {
                    j++;
                }
                boolean wholeSegment = (i == 0 || glob.charAt(i - 1) == '/') && (j == n || glob.charAt(j) == '/');
                if (j - i >= 2 && wholeSegment) {
                    if (j == n) {
                        out.append(".*"); // "**" alone, or "/**" at the end: everything inside
                    } else {
                        out.append("(?:.*/)?"); // "**/": any number of folders, none included
                        j++;
                    }
                } else {
                    out.append("[^/]*");
                }
                i = j;
            } else if (c == '?') {
                out.append("[^/]");
                i++;
            } else if (c == '[') {
                int end = classEnd(glob, i);
                if (end < 0) {
                    out.append("\\[");
                    i++;
                } else {
                    out.append(characterClass(glob.substring(i + 1, end)));
                    i = end + 1;
                }
            } else if (c == '\\' && i + 1 < n) {
                out.append(Pattern.quote(String.valueOf(glob.charAt(i + 1))));
                i += 2;
            } else {
                out.append(Pattern.quote(String.valueOf(c)));
                i++;
            }
        }
        return out.toString();
    }

    /** @return the index of the {@code ]} that closes the class opened at {@code open}; -1 when none does */
    private static int classEnd(String glob, int open) {
        int i = open + 1;
        if (i < glob.length() && (glob.charAt(i) == '!' || glob.charAt(i) == '^')) {
            i++;
        }
        if (i < glob.length() && glob.charAt(i) == ']') {
            i++; // a ']' first is a member
        }
        for (; i < glob.length(); i++) {
            if (glob.charAt(i) == '\\') {
                i++;
            } else if (glob.charAt(i) == ']') {
                return i;
            }
        }
        return -1;
    }

    /** @param body what is between {@code [} and {@code ]} */
    private static String characterClass(String body) {
        StringBuilder out = new StringBuilder("[");
        int i = 0;
        if (!body.isEmpty() && (body.charAt(0) == '!' || body.charAt(0) == '^')) {
            out.append('^');
            i++;
        }
        for (; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\' && i + 1 < body.length()) {
                c = body.charAt(++i);
                if (Character.isLetterOrDigit(c)) {
                    out.append(c); // "\d" in a regular expression would be a class of its own
                } else {
                    out.append('\\').append(c);
                }
            } else if (c == '-' && i > 0 && i + 1 < body.length()) {
                out.append('-'); // a range
            } else if (Character.isLetterOrDigit(c)) {
                out.append(c);
            } else {
                out.append('\\').append(c);
            }
        }
        return out.append("&&[^/]]").toString();
    }
}
