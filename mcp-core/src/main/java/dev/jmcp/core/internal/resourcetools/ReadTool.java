package dev.jmcp.core.internal.resourcetools;

import dev.jmcp.core.internal.resources.ResourcesFeature;
import dev.jmcp.core.resourcetools.ResourceToolsSettings;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * {@code resources_read}: a text from {@code offset}, at most {@code maxTextChars} of it, with the
 * next offset named when more remains (a streamed text is decoded from its stream, holding only that
 * much); a blob embedded when it fits {@code maxEmbeddedBlobBytes},
 * else a resource link; a collection as {@code resources_list} lists it.
 */
final class ReadTool {
    private final ResourcesFeature resources;
    private final ResourceToolsSettings settings;
    private final ListTool list;

    ReadTool(ResourcesFeature resources, ResourceToolsSettings settings, ListTool list) {
        this.resources = resources;
        this.settings = settings;
        this.list = list;
    }

    JsonObject call(Arguments arguments, RequestContext context) {
        String uri = arguments.string("uri", true);
        long offset = arguments.nonNegative("offset");
        Resource resource = Lines.refusalsAsFailures(() -> resources.describe(uri, context));
        if (resource.collection()) {
            return list.listing(uri, null, arguments, context);
        }
        ReadResourceResult result = Lines.refusalsAsFailures(() -> resources.read(ReadResourceRequestParams.of(uri), context));
        Answers answer = new Answers();
        for (ResourceContents contents : result.contents()) {
            if (contents instanceof TextResourceContents text) {
                text(answer, text, offset, arguments);
            } else if (contents instanceof StreamedTextResourceContents text) {
                streamedText(answer, text, offset, arguments);
            } else {
                blob(answer, (BlobResourceContents) contents, resource);
            }
        }
        return answer.result();
    }

    private void text(Answers answer, TextResourceContents contents, long offset, Arguments arguments) {
        String text = contents.text();
        if (offset > text.length()) {
            throw pastTheEnd(contents.uri(), offset, text.length(), arguments);
        }
        int start = (int) offset;
        window(answer, contents.uri(), text.substring(start, (int) Math.min(text.length(), (long) start + settings.maxTextChars())),
                start, text.length());
    }

    /**
     * As {@link #text}, bounded: the text is decoded from its stream, and only the characters shown
     * are kept ({@code maxTextChars}); the rest is counted as it passes, for the total the answer names.
     */
    private void streamedText(Answers answer, StreamedTextResourceContents contents, long offset, Arguments arguments) {
        CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try (Reader in = new InputStreamReader(contents.utf8().open(), strict)) {
            long skipped = skip(in, offset);
            char[] part = new char[(int) Math.min(settings.maxTextChars(), Integer.MAX_VALUE - 8)];
            int kept = 0;
            for (int n = 0; n >= 0 && kept < part.length; kept += n) {
                n = in.read(part, kept, part.length - kept);
                if (n < 0) {
                    break;
                }
            }
            long total = skipped + kept + skip(in, Long.MAX_VALUE);
            if (offset > total) {
                throw pastTheEnd(contents.uri(), offset, total, arguments);
            }
            window(answer, contents.uri(), new String(part, 0, kept), offset, total);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the text of " + contents.uri(), e);
        }
    }

    /** Skips up to {@code n} characters. @return how many there were */
    private static long skip(Reader in, long n) throws IOException {
        long skipped = 0;
        for (long k; skipped < n && (k = in.skip(n - skipped)) > 0; ) {
            skipped += k;
        }
        return skipped;
    }

    /** Answers {@code part}, the characters from {@code start} of a text of {@code total}, and how to read on. */
    private void window(Answers answer, String uri, String part, long start, long total) {
        long end = start + part.length();
        if (end < total && !part.isEmpty() && Character.isHighSurrogate(part.charAt(part.length() - 1))) {
            part = part.substring(0, part.length() - 1); // never split a character: the next part starts with the whole of it
            end--;
        }
        answer.text(part);
        if (end < total) {
            answer.text("[" + uri + ": characters " + start + " to " + end + " of " + total
                    + " shown (at most " + settings.maxTextChars() + " per answer, maxTextChars). To read on, call "
                    + ToolCatalog.READ + " with {\"uri\": " + Answers.quoted(uri) + ", \"offset\": " + end + "}.]");
        }
    }

    private static RuntimeException pastTheEnd(String uri, long offset, long length, Arguments arguments) {
        return arguments.invalid("was given offset " + offset + ", past the end of " + uri + " (" + length + " characters)");
    }

    /** Reads at most one byte past the bound, so a blob of unknown length is never read whole to learn it is too long. */
    private void blob(Answers answer, BlobResourceContents contents, Resource resource) {
        long max = settings.maxEmbeddedBlobBytes();
        long length = contents.blob().length();
        byte[] bytes = null;
        if (length <= max) {
            try (InputStream in = contents.blob().open()) {
                bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
            } catch (IOException e) {
                throw new UncheckedIOException("could not read the blob of " + contents.uri(), e);
            }
            if (bytes.length > max) {
                bytes = null;
            }
        }
        if (bytes != null) {
            answer.embeddedBlob(contents.uri(), contents.mimeType(), Base64.getEncoder().encodeToString(bytes));
            return;
        }
        Resource described = contents.uri().equals(resource.uri()) ? resource : contents.resource();
        answer.link(described, length);
        answer.text("[" + contents.uri() + ": binary content" + (length >= 0 ? " of " + length + " bytes" : "")
                + ", more than " + max + " bytes (maxEmbeddedBlobBytes): answered as a link, which a host reads"
                + " with resources/read.]");
    }
}
