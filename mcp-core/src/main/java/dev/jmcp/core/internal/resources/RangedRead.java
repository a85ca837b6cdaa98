package dev.jmcp.core.internal.resources;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ByteRange;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.RangedReads;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import dev.jmcp.schema.codec.JsonRuntime;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A ranged read ({@link RangedReads}): checks the range against the resource's version before any
 * content is read, then answers with those bytes of its one element as a blob. A blob's slice is
 * streamed: its body is opened, skipped to the offset (a file seeks) and cut at the length.
 */
final class RangedRead {
    private RangedRead() {
    }

    /**
     * @param uri     the resource
     * @param version its version now, taken before the read; null when it has none
     * @throws ProtocolException {@code -32602} with {@code data.uri} when it has no version, another
     *         version than the range's, or not one element, or when the offset is past its end
     */
    static void check(String uri, String version, ByteRange range) {
        if (version == null) {
            throw invalid(uri, "resources/read of " + uri + " with a range: it has no version to tie a range to; read it"
                    + " whole", null);
        }
        if (!version.equals(range.version())) {
            throw invalid(uri, "resources/read of " + uri + ": the range is of version " + range.version()
                    + ", and it now has version " + version + "; read it again from the start", version);
        }
    }

    /** @return the range of {@code elements} (already checked and prepared), with its {@code _meta} */
    static ReadResourceResult slice(String uri, List<ResourceContents> elements, ByteRange range, String version) {
        if (elements.size() != 1) {
            throw invalid(uri, "resources/read of " + uri + " with a range: it has " + elements.size()
                    + " formats, and a range is of a resource with one", version);
        }
        ResourceContents element = elements.get(0);
        // a streamed text's range is cut from its stream, as a blob's is; only a text held as a String is encoded whole
        Blob whole = element instanceof TextResourceContents text ? Blob.of(text.text().getBytes(StandardCharsets.UTF_8))
                : Contents.bytes(element);
        long total = whole.length();
        if (total < 0) {
            throw invalid(uri, "resources/read of " + uri + " with a range: its length is not known", version);
        }
        if (range.offset() > total) {
            throw invalid(uri, "resources/read of " + uri + ": the range starts at byte " + range.offset()
                    + ", past its end at " + total, version);
        }
        long length = Math.min(total - range.offset(), range.length() == null ? Long.MAX_VALUE : range.length());
        Blob part = Blob.ofStream(() -> cut(whole.open(), range.offset(), length), length);
        return new ReadResourceResult(List.of(new BlobResourceContents(element.resource(), part)), null, null, null,
                RangedReads.resultMeta(range.offset(), length, total, version));
    }

    private static InputStream cut(InputStream in, long offset, long length) throws IOException {
        try {
            in.skipNBytes(offset);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
        return new FilterInputStream(in) {
            private long left = length;

            @Override
            public int read() throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int b = super.read();
                if (b >= 0) {
                    left--;
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int from, int count) throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int n = super.read(buffer, from, (int) Math.min(count, left));
                if (n > 0) {
                    left -= n;
                }
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                long skipped = super.skip(Math.min(n, left));
                left -= skipped;
                return skipped;
            }

            @Override
            public int available() throws IOException {
                return (int) Math.min(super.available(), left);
            }
        };
    }

    private static ProtocolException invalid(String uri, String message, String version) {
        var data = JsonRuntime.provider().createObjectBuilder().add("uri", uri);
        if (version != null) {
            data.add("version", version);
        }
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, message, data.build());
    }
}
