package dev.jmcp.cli;

import dev.jmcp.core.McpClient;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ByteRange;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * {@code jmcp read URI -o FILE} from a server that offers ranged reads (jmcp's
 * {@code dev.jmcp/ranged-reads}): the content comes a range at a time into {@code FILE.jmcp-part},
 * beside which {@code FILE.jmcp-part.version} holds the URI and the version the ranges are of; the part
 * is renamed to FILE once complete. A run that finds a part of the same URI and version, the
 * resource still having it, goes on from the part's end instead of from 0; one of another version
 * starts again. Each range is written and flushed before the next is asked for, so a process killed
 * at any point leaves a part that is a prefix of the content. A first range that is refused (a
 * resource of several formats) leaves the read to a whole read.
 */
final class RangedDownload {
    /** {@value} bytes (8 MiB) a range: a message of about 11 MiB of base64, under the default message limit. */
    static final long DEFAULT_CHUNK_BYTES = 8L << 20;
    static final String PART = ".jmcp-part";
    static final String VERSION = ".version";

    private RangedDownload() {
    }

    /**
     * @param spec {@code OFFSET} or {@code OFFSET:LENGTH}
     * @return that range of {@code uri}, of the version its metadata gives now
     * @throws CliException ({@link Exit#USAGE}) for a bad spec, a server without ranged reads, a
     *         resource without a version
     */
    static ReadResourceResult range(McpClient client, String uri, String spec) {
        long offset;
        Long length;
        try {
            int colon = spec.indexOf(':');
            offset = Long.parseLong(colon < 0 ? spec : spec.substring(0, colon));
            length = colon < 0 ? null : Long.parseLong(spec.substring(colon + 1));
        } catch (NumberFormatException e) {
            offset = -1;
            length = null;
        }
        if (offset < 0 || (length != null && length < 0)) {
            throw CliException.usage("--range takes OFFSET or OFFSET:LENGTH, whole numbers >= 0; got '" + spec + "'");
        }
        if (!client.resources().offersRanges()) {
            throw CliException.usage("the server does not offer ranged reads (jmcp's dev.jmcp/ranged-reads)");
        }
        String version = ConditionalReads.version(client.resources().metadata(uri));
        if (version == null) {
            throw CliException.usage(Text.printable(uri) + " has no version, so no range of it can be read");
        }
        return client.resources().readRange(uri, new ByteRange(offset, length, version));
    }

    /**
     * Downloads {@code uri} into {@code file} by ranges, when the server offers them and the
     * resource has a version and a size.
     *
     * @return true when it did; false when the server or the resource does not allow it (nothing written)
     */
    static boolean download(McpClient client, String uri, Path file, long chunk, PrintStream err) throws IOException {
        if (!client.resources().offersRanges()) {
            return false;
        }
        Resource resource;
        try {
            resource = client.resources().metadata(uri);
        } catch (ProtocolException e) {
            if (e.code() == -32601) {
                return false; // no resources/metadata: read it whole
            }
            throw e;
        }
        String version = ConditionalReads.version(resource);
        if (version == null || resource.size() == null || resource.collection()) {
            return false;
        }
        long total = resource.size();
        Path part = file.resolveSibling(file.getFileName() + PART);
        Path held = file.resolveSibling(file.getFileName() + PART + VERSION);
        String stamp = uri + "\n" + version + "\n";
        long offset = 0;
        if (Files.exists(part) && Files.exists(held) && Files.readString(held, StandardCharsets.UTF_8).equals(stamp)) {
            offset = Math.min(Files.size(part), total);
            err.println("jmcp: resuming " + Text.printable(uri) + " at byte " + offset + " of " + total + " (version "
                    + Text.printable(version) + ")");
        } else {
            Files.deleteIfExists(part);
            Files.writeString(held, stamp, StandardCharsets.UTF_8);
        }
        try (OutputStream out = Files.newOutputStream(part, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            while (offset < total) {
                ReadResourceResult range;
                try {
                    range = client.resources().readRange(uri, new ByteRange(offset, Math.min(chunk, total - offset),
                            version));
                } catch (ProtocolException refused) {
                    if (offset > 0 || Files.size(part) > 0) {
                        throw refused;
                    }
                    // refused before a byte came (several formats, changed since the metadata): a whole
                    // read answers as it always did, and says what is wrong if anything is
                    out.close();
                    Files.deleteIfExists(part);
                    Files.deleteIfExists(held);
                    return false;
                }
                List<?> contents = range.contents();
                if (contents.size() != 1 || !(contents.get(0) instanceof BlobResourceContents blob)) {
                    throw new CliException(Exit.PROTOCOL, "the server answered a range of " + Text.printable(uri)
                            + " without one blob", null);
                }
                long got;
                try (InputStream in = blob.blob().open()) {
                    got = in.transferTo(out);
                } finally {
                    if (blob.blob() instanceof Blob.OfFile spilled) {
                        // a range the client decoded to a file beside FILE (ReadCommand's sink): its bytes
                        // are in the part now, so it is no one's
                        Files.deleteIfExists(spilled.file());
                    }
                }
                out.flush();
                if (got == 0) {
                    throw new CliException(Exit.PROTOCOL, "the server answered an empty range of " + Text.printable(uri)
                            + " at byte " + offset + " of " + total, null);
                }
                offset += got;
            }
        }
        Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Files.deleteIfExists(held);
        return true;
    }
}
