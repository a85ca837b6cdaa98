package dev.jmcp.core.providers;

import dev.jmcp.core.internal.fs.Utf8Text;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * MIME types of files, as jmcp's providers choose them: from the file name's extension, else from
 * the first bytes of the content; and which types are served as text.
 *
 * @since 0.1
 */
public final class MimeTypes {
    /** The MIME type of a folder. */
    public static final String DIRECTORY = "inode/directory";
    /** The type of content that is neither a known format nor UTF-8 text. */
    public static final String OCTET_STREAM = "application/octet-stream";
    /** How many leading bytes are sniffed. */
    public static final int SNIFF_BYTES = 512;

    private static final Map<String, String> BY_EXTENSION = new HashMap<>();
    private static final Set<String> TEXT_APPLICATION_TYPES = Set.of(
            "application/json", "application/xml", "application/yaml", "application/toml",
            "application/javascript", "application/sql", "application/x-sh", "image/svg+xml");

    static {
        put("text/plain", "txt", "text", "log", "conf", "cfg", "ini", "env");
        put("text/markdown", "md", "markdown");
        put("text/html", "html", "htm");
        put("text/css", "css");
        put("text/javascript", "js", "mjs", "cjs", "jsx");
        put("text/typescript", "ts", "tsx", "mts", "cts");
        put("text/csv", "csv");
        put("text/tab-separated-values", "tsv");
        put("text/x-java", "java");
        put("text/x-kotlin", "kt", "kts");
        put("text/x-scala", "scala");
        put("text/x-groovy", "groovy", "gradle");
        put("text/x-python", "py");
        put("text/x-ruby", "rb");
        put("text/x-rust", "rs");
        put("text/x-go", "go");
        put("text/x-c", "c", "h");
        put("text/x-c++", "cpp", "cc", "cxx", "hpp", "hh");
        put("text/x-csharp", "cs");
        put("text/x-swift", "swift");
        put("text/x-java-properties", "properties");
        put("text/x-shellscript", "sh", "bash", "zsh");
        put("application/json", "json");
        put("application/xml", "xml", "xsd", "xsl", "pom");
        put("application/yaml", "yaml", "yml");
        put("application/toml", "toml");
        put("application/sql", "sql");
        put("image/svg+xml", "svg");
        put("image/png", "png");
        put("image/jpeg", "jpg", "jpeg");
        put("image/gif", "gif");
        put("image/webp", "webp");
        put("image/bmp", "bmp");
        put("image/avif", "avif");
        put("image/tiff", "tif", "tiff");
        put("image/vnd.microsoft.icon", "ico");
        put("application/pdf", "pdf");
        put("application/zip", "zip");
        put("application/gzip", "gz", "tgz");
        put("application/x-tar", "tar");
        put("application/x-bzip2", "bz2");
        put("application/x-xz", "xz");
        put("application/x-7z-compressed", "7z");
        put("application/java-archive", "jar");
        put("application/java-vm", "class");
        put("application/wasm", "wasm");
        put("audio/mpeg", "mp3");
        put("audio/wav", "wav");
        put("audio/ogg", "ogg", "oga");
        put("video/mp4", "mp4");
        put("video/webm", "webm");
        put("font/woff", "woff");
        put("font/woff2", "woff2");
        put("font/ttf", "ttf");
        put("font/otf", "otf");
    }

    private MimeTypes() {
    }

    private static void put(String type, String... extensions) {
        for (String extension : extensions) {
            BY_EXTENSION.put(extension, type);
        }
    }

    /**
     * @param fileName a file name such as {@code notes.md}
     * @return the type its extension stands for; empty when it says nothing (no extension, an
     *         unknown one, a dot file such as {@code .gitignore})
     */
    public static Optional<String> byExtension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        if (dot <= 0 || dot == fileName.length() - 1) {
            return Optional.empty();
        }
        return Optional.ofNullable(BY_EXTENSION.get(fileName.substring(dot + 1).toLowerCase(Locale.ROOT)));
    }

    /**
     * @param bytes a body
     * @return the bytes as text when they are well-formed UTF-8, which is what a text body must be;
     *         empty otherwise, when the body goes as a blob
     */
    public static Optional<String> utf8(byte[] bytes) {
        return Optional.ofNullable(Utf8Text.strict(bytes));
    }

    /** @return true for types whose content is text, served as UTF-8 text rather than a blob */
    public static boolean isText(String mimeType) {
        return mimeType != null && (mimeType.startsWith("text/") || TEXT_APPLICATION_TYPES.contains(mimeType)
                || mimeType.endsWith("+json") || mimeType.endsWith("+xml"));
    }

    /**
     * @param head  the first bytes of a file
     * @param whole true when {@code head} is the whole file (a multi-byte character cut at its end
     *              is then an error rather than the sign of a longer file)
     * @return the type the bytes show; never null
     */
    public static String sniff(byte[] head, boolean whole) {
        if (startsWith(head, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return "image/png";
        }
        if (startsWith(head, 0xFF, 0xD8, 0xFF)) {
            return "image/jpeg";
        }
        if (startsWith(head, 'G', 'I', 'F', '8', '7', 'a') || startsWith(head, 'G', 'I', 'F', '8', '9', 'a')) {
            return "image/gif";
        }
        if (startsWith(head, '%', 'P', 'D', 'F', '-')) {
            return "application/pdf";
        }
        if (startsWith(head, 'P', 'K', 3, 4) || startsWith(head, 'P', 'K', 5, 6) || startsWith(head, 'P', 'K', 7, 8)) {
            return "application/zip";
        }
        if (startsWith(head, 0x1F, 0x8B)) {
            return "application/gzip";
        }
        if (startsWith(head, 0x00, 'a', 's', 'm')) {
            return "application/wasm";
        }
        return isUtf8Text(head, whole) ? "text/plain" : OCTET_STREAM;
    }

    private static boolean startsWith(byte[] bytes, int... magic) {
        if (bytes.length < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((bytes[i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isUtf8Text(byte[] bytes, boolean whole) {
        for (byte b : bytes) {
            if (b == 0) {
                return false;
            }
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        if (decoder.decode(in, out, whole).isError()) {
            return false;
        }
        // a longer file may cut a character in two at the end of the head: at most 3 bytes left
        return whole ? !decoder.flush(out).isError() && !in.hasRemaining() : in.remaining() < 4;
    }
}
