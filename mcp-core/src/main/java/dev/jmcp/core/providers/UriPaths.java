package dev.jmcp.core.providers;

import dev.jmcp.core.internal.PercentEncoding;
import java.util.ArrayList;
import java.util.List;

/**
 * The one codec for path-like resource URIs ({@code scheme:.../a/b%20c}): segments are UTF-8,
 * percent-encoded but for RFC 3986's {@code pchar}, joined with {@code /}, with no trailing slash.
 * Decoding is strict: a URI is refused with {@code -32602} naming the offset of what is wrong, so
 * that one resource has one spelling and nothing climbs out of its root.
 *
 * @since 0.1
 */
public final class UriPaths {
    /** The characters a segment keeps as they are besides the unreserved ones: RFC 3986 {@code pchar} less {@code %}. */
    private static final String KEPT = "!$&'()*+,;=:@";

    private UriPaths() {
    }

    /**
     * @param name a name from a source, such as an archive's entry name split at {@code /}
     * @return true when it can be one segment of a resource path: not empty, not {@code .} or
     *         {@code ..}, and without {@code /}, {@code \} or NUL. {@link #below} refuses every
     *         other, so a source leaves such names out of its tree
     */
    public static boolean isSegment(String name) {
        return !name.isEmpty() && !name.equals(".") && !name.equals("..") && name.indexOf('/') < 0
                && name.indexOf('\\') < 0 && name.indexOf('\0') < 0;
    }

    /**
     * @param name one segment, such as a file name; may hold any character, {@code /} included
     * @return its encoded form, such as {@code b%20c} for {@code "b c"}
     */
    public static String encodeSegment(String name) {
        StringBuilder out = new StringBuilder(name.length() + 8);
        PercentEncoding.encode(name, KEPT, out);
        return out.toString();
    }

    /**
     * @param parentUri a collection's URI, without a trailing slash (one is tolerated)
     * @param name      the child's name
     * @return the child's URI: {@code parentUri/encodeSegment(name)}
     */
    public static String child(String parentUri, String name) {
        StringBuilder uri = new StringBuilder(parentUri.length() + name.length() + 8).append(parentUri);
        if (!parentUri.endsWith("/")) {
            uri.append('/');
        }
        PercentEncoding.encode(name, KEPT, uri);
        return uri.toString();
    }

    /**
     * @param rootUri  the URI of a tree's root, without a trailing slash
     * @param segments names below the root, in order; empty for the root
     * @return the URI of that path
     */
    public static String join(String rootUri, List<String> segments) {
        String uri = rootUri;
        for (String segment : segments) {
            uri = child(uri, segment);
        }
        return uri;
    }

    /**
     * Decodes the path of {@code uri} below {@code rootUri}, strictly: the URI must be the root's
     * own or the root's followed by {@code /} and segments; a segment must not be empty, {@code .}
     * or {@code ..}, must not hold an encoded {@code /} or {@code \}, a NUL, a malformed escape or
     * escapes that are not UTF-8; a query or fragment is refused; a trailing slash is refused (one
     * resource, one spelling).
     *
     * @param rootUri     the root's URI, without a trailing slash but for one such as {@code file:///},
     *                    whose paths go on without another
     * @param uri         a URI from a client
     * @param maxSegments the most segments below the root; more are refused before any is decoded
     * @return the decoded segments; empty for the root itself
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} with {@code data.uri},
     *         naming the offset in {@code uri} and the rule
     */
    public static List<String> below(String rootUri, String uri, int maxSegments) {
        if (!uri.startsWith(rootUri)) {
            throw ResourceErrors.invalidUri(uri, "it is not under " + rootUri);
        }
        if (uri.length() == rootUri.length()) {
            return List.of();
        }
        // a root such as file:/// ends with the '/' its paths go on with
        boolean slashed = rootUri.endsWith("/");
        if (!slashed && uri.charAt(rootUri.length()) != '/') {
            throw ResourceErrors.invalidUri(uri, "at offset " + rootUri.length() + ": a path below " + rootUri
                    + " goes on with '/'");
        }
        for (int i = rootUri.length(); i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c == '?' || c == '#') {
                throw ResourceErrors.invalidUri(uri, "at offset " + i + ": a query or fragment ('" + c + "') is not part of"
                        + " a resource path");
            }
        }
        int count = slashed ? 1 : 0;
        for (int i = rootUri.length(); i < uri.length(); i++) {
            if (uri.charAt(i) == '/' && ++count > maxSegments) {
                throw ResourceErrors.invalidUri(uri, "at offset " + i + ": the path has more than maxPathSegments="
                        + maxSegments + " segments below the root");
            }
        }
        List<String> segments = new ArrayList<>(count);
        int start = slashed ? rootUri.length() : rootUri.length() + 1;
        while (true) {
            int end = uri.indexOf('/', start);
            String raw = uri.substring(start, end < 0 ? uri.length() : end);
            segments.add(segment(uri, raw, start));
            if (end < 0) {
                return List.copyOf(segments);
            }
            start = end + 1;
        }
    }

    private static String segment(String uri, String raw, int offset) {
        if (raw.isEmpty()) {
            throw ResourceErrors.invalidUri(uri, "at offset " + offset + ": an empty segment ('//' or a trailing '/');"
                    + " a resource path has none");
        }
        String name;
        try {
            name = PercentEncoding.decode(raw);
        } catch (IllegalArgumentException e) {
            throw ResourceErrors.invalidUri(uri, "in the segment at offset " + offset + ": " + e.getMessage());
        }
        if (name.equals(".") || name.equals("..")) {
            throw ResourceErrors.invalidUri(uri, "at offset " + offset + ": a '" + name
                    + "' segment; paths must not climb out of the root");
        }
        if (name.indexOf('/') >= 0 || name.indexOf('\\') >= 0) {
            throw ResourceErrors.invalidUri(uri, "at offset " + offset
                    + ": a segment holds a percent-encoded path separator (%2F or %5C)");
        }
        if (name.indexOf('\0') >= 0) {
            throw ResourceErrors.invalidUri(uri, "at offset " + offset + ": a segment holds a NUL byte");
        }
        return name;
    }
}
