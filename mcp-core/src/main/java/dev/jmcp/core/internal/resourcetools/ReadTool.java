package dev.jmcp.core.internal.resourcetools;

import dev.jmcp.core.internal.resources.ResourcesFeature;
import dev.jmcp.core.resourcetools.ResourceToolsSettings;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Base64;

/**
 * {@code resources_read}: a text from {@code offset}, at most {@code maxTextChars} of it, with the
 * next offset named when more remains; a blob embedded when it fits {@code maxEmbeddedBlobBytes},
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
            } else {
                blob(answer, (BlobResourceContents) contents, resource);
            }
        }
        return answer.result();
    }

    private void text(Answers answer, TextResourceContents contents, long offset, Arguments arguments) {
        String text = contents.text();
        if (offset > text.length()) {
            throw arguments.invalid("was given offset " + offset + ", past the end of " + contents.uri()
                    + " (" + text.length() + " characters)");
        }
        int start = (int) offset;
        int end = (int) Math.min(text.length(), (long) start + settings.maxTextChars());
        if (end < text.length() && end > start && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--; // never split a character: the next part starts with the whole of it
        }
        answer.text(text.substring(start, end));
        if (end < text.length()) {
            answer.text("[" + contents.uri() + ": characters " + start + " to " + end + " of " + text.length()
                    + " shown (at most " + settings.maxTextChars() + " per answer, maxTextChars). To read on, call "
                    + ToolCatalog.READ + " with {\"uri\": " + Answers.quoted(contents.uri()) + ", \"offset\": " + end + "}.]");
        }
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
