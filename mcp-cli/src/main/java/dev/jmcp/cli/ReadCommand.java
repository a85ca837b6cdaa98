package dev.jmcp.cli;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code jmcp read [SERVER] URI [-o FILE]}: prints a text resource, or writes a blob to a file (or
 * to standard output when that is not a terminal). The blob is decoded while it arrives into a file
 * beside the output ({@link SpilledBlobs}), which is then renamed into place.
 */
final class ReadCommand implements Command {
    private static final int CHUNK = 64 * 1024;

    @Override
    public String name() {
        return "read";
    }

    @Override
    public String summary() {
        return "print a text resource, or write a blob to a file (-o FILE)";
    }

    @Override
    public String help() {
        return """
                usage: jmcp read [SERVER] URI [-o FILE] [--if-changed VERSION]

                Reads the resource URI. Text goes to standard output as UTF-8. A blob goes to FILE,
                or, when standard output is not a terminal, to standard output as raw bytes; on a
                terminal it is refused (exit 2). When standard error is a terminal, a long read
                shows a progress bar there (and asks the server for progress). When the server
                offers several formats, the first is written (--json shows them all). A collection
                has no content of its own: list it with jmcp ls.

                Memory: a blob arrives inside one message as one base64 string, 4/3 of its size.
                It is decoded as it arrives, 64 KiB at a time, into a file beside FILE (or in the
                temporary directory, for standard output) that is renamed to FILE once complete,
                so the heap stays small whatever the size (JAVA_OPTS=-Xmx64m reads a 1 GiB blob).
                A message longer than --max-message-bytes fails the read at once (exit 1). Text is
                held whole, so a text longer than 67108864 characters (64 Mi) fails it too.

                  -o, --output FILE   write the content to FILE (replaced only once complete).
                                      From a server that offers jmcp's ranged reads, the
                                      content comes a range at a time into FILE.jmcp-part;
                                      a read that was interrupted goes on where it stopped
                                      when run again, while the resource keeps its version
                  --chunk-bytes N     the bytes of one range (default 8388608, 8 MiB)
                  --range OFFSET[:LENGTH]
                                      only those bytes of the content (of a text's UTF-8), of
                                      the version the resource has now (jmcp's ranged reads;
                                      a server without them is refused, exit 2)
                  --if-changed VERSION
                                      read only if the content no longer has VERSION (the
                                      _meta "dev.jmcp/version" of jmcp meta, ls --json or an
                                      earlier read --json): when it still has it, no content
                                      is written (FILE is left as it is; --json prints the
                                      result), a note goes to standard error and the exit
                                      code is 7. A server without jmcp's conditional reads
                                      sends the content (exit 0)

                """ + Target.HELP;
    }

    @Override
    public Args.Spec spec() {
        return Target.options(new Args.Spec().option("--output", "-o").option("--if-changed")
                .option("--chunk-bytes").option("--range"));
    }

    @Override
    public int run(Context context) throws Exception {
        Target.Resolved resolved = Target.resolve(context.args(), name());
        String uri = resolved.required("URI", name());
        Path file = context.args().value("--output").map(Path::of).orElse(null);
        ProgressBar bar = new ProgressBar(context.err(), context.terminal().stderr());
        try (SpilledBlobs blobs = new SpilledBlobs(file == null || file.toString().equals("-") ? null : file)) {
            return read(context, resolved.target(), uri, file, bar, blobs);
        }
    }

    private int read(Context context, Target target, String uri, Path file, ProgressBar bar, SpilledBlobs blobs)
            throws IOException {
        ReadResourceResult result;
        // the server's progress (it reads a blob through before it answers, to count it) has a
        // total; the bytes decoded here move the bar for any size, while no server progress came
        AtomicBoolean serverCounts = new AtomicBoolean();
        BlobSink decoded = bar.enabled() ? new CountingBlobSink(blobs.sink(), received -> {
            if (!serverCounts.get()) {
                bar.update("receiving", received, -1);
            }
        }) : blobs.sink();
        try (McpClient client = context.connect(target,
                context.clientOptions(Target.Reads.CONTENTS).toBuilder().blobSink(decoded).build())) {
            RequestOptions options = bar.enabled()
                    ? RequestOptions.progress(p -> {
                        serverCounts.set(true);
                        bar.update("receiving", p.progress().longValue(), p.total() == null ? -1 : p.total().longValue());
                    })
                    : RequestOptions.defaults();
            String held = context.args().value("--if-changed").orElse(null);
            if (context.args().value("--range").isPresent()) {
                result = RangedDownload.range(client, uri, context.args().value("--range").get());
                try (FileSink sink = sink(file, context)) {
                    copy(((BlobResourceContents) result.contents().get(0)).blob(), sink, bar);
                    sink.commit();
                }
                return Exit.OK;
            }
            if (file != null && !file.toString().equals("-") && held == null && !context.json()
                    && RangedDownload.download(client, uri, file.toAbsolutePath(), context.args().longValue(
                            "--chunk-bytes", RangedDownload.DEFAULT_CHUNK_BYTES, 1, 1L << 30), context.err())) {
                return Exit.OK;
            }
            try {
                result = held == null ? client.resources().read(uri, options) : client.resources().readIfChanged(uri, held);
            } finally {
                bar.abandon();
            }
        }
        blobs.track(result);
        boolean notModified = ConditionalReads.isNotModified(result);
        if (notModified) {
            context.err().println("jmcp: not modified: " + Text.printable(uri) + " still has version "
                    + Text.printable(ConditionalReads.version(result)));
        }
        if (context.json()) {
            try (FileSink sink = sink(file, context)) {
                Json.writeLine(result, sink.stream());
                sink.commit();
            }
            return notModified ? Exit.NOT_MODIFIED : Exit.OK;
        }
        if (notModified) {
            return Exit.NOT_MODIFIED;
        }
        ResourceContents contents = primary(uri, result.contents());
        if (result.contents().size() > 1) {
            context.err().println("jmcp: " + result.contents().size() + " formats offered; writing the first ("
                    + Text.printable(contents.mimeType()) + "), --json shows all");
        }
        if (contents instanceof TextResourceContents text) {
            try (FileSink sink = sink(file, context)) {
                byte[] bytes = text.text().getBytes(StandardCharsets.UTF_8);
                write(sink, bytes, bytes.length);
                sink.commit();
            }
            return Exit.OK;
        }
        Blob blob = ((BlobResourceContents) contents).blob();
        if (file == null && context.terminal().stdout()) {
            throw CliException.usage(Text.printable(uri) + " is binary (" + Text.printable(contents.mimeType()) + ", "
                    + Text.bytes(blob.length()) + "); write it to a file with -o FILE, or pipe it");
        }
        if (file != null && !file.toString().equals("-") && blobs.moveInto(blob, file.toAbsolutePath())) {
            return Exit.OK;
        }
        try (FileSink sink = sink(file, context)) {
            copy(blob, sink, bar);
            sink.commit();
        }
        return Exit.OK;
    }

    private static FileSink sink(Path file, Context context) throws IOException {
        return file == null || file.toString().equals("-") ? FileSink.of(context.out()) : FileSink.of(file);
    }

    /**
     * @return the element of the resource itself: the first with its URI (a trailing slash aside)
     * @throws CliException when there is none: a collection answers with its children
     */
    static ResourceContents primary(String uri, List<ResourceContents> contents) {
        for (ResourceContents element : contents) {
            if (TreeCommand.key(element.uri()).equals(TreeCommand.key(uri))) {
                return element;
            }
        }
        throw CliException.usage(Text.printable(uri) + (contents.isEmpty() ? " has no content" : " is a collection")
                + ": list it with jmcp ls " + Text.printable(uri) + ", or see what the read returned with --json");
    }

    /**
     * Decodes the blob's base64 in {@value #CHUNK}-byte chunks straight into {@code sink}: the
     * bytes are never held whole.
     *
     * @return the number of bytes written
     * @throws CliException ({@link Exit#IO}) when the sink cannot be written
     * @throws dev.jmcp.schema.McpException when the blob cannot be decoded
     */
    static long copy(Blob blob, FileSink sink, ProgressBar bar) {
        long total = blob.length();
        long done = 0;
        byte[] buffer = new byte[CHUNK];
        try (InputStream in = blob.open()) {
            while (true) {
                int n;
                try {
                    n = in.read(buffer);
                } catch (IOException | IllegalArgumentException e) {
                    throw new McpException("the server sent a blob that cannot be decoded: " + e.getMessage(), e);
                }
                if (n < 0) {
                    break;
                }
                write(sink, buffer, n);
                done += n;
                bar.update("writing", done, total);
            }
        } catch (IOException e) {
            throw new McpException("the server sent a blob that cannot be decoded: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            bar.abandon();
            throw e;
        }
        bar.finish("writing", done, total);
        return done;
    }

    private static void write(FileSink sink, byte[] buffer, int length) {
        try {
            sink.stream().write(buffer, 0, length);
        } catch (IOException e) {
            throw new CliException(Exit.IO, "cannot write " + sink.name() + ": " + Failures.innermostMessage(e), e);
        }
    }
}
