package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.core.spi.StdioTargets;
import dev.jmcp.schema.codec.CodecLimits;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class TargetTest {
    private static Target.Resolved resolve(String... argv) {
        return Target.resolve(Args.parse(List.of(argv), Context.common(new Args.Spec()), "read"), "read");
    }

    @Test
    void anHttpUrlRightAfterTheCommandNamesTheServer() {
        Target.Resolved resolved = resolve("http://127.0.0.1:8765/mcp", "file:///a.txt");
        assertEquals(URI.create("http://127.0.0.1:8765/mcp"), resolved.target().uri());
        assertEquals(List.of("file:///a.txt"), resolved.positionals());
    }

    @Test
    void withACommandAfterDoubleDashAnHttpPositionalIsAResource() {
        Target.Resolved resolved = resolve("https://example.com/doc", "--", "./jmcp", "serve");
        assertEquals("./jmcp serve", resolved.target().display());
        assertEquals(List.of("https://example.com/doc"), resolved.positionals());
    }

    @Test
    void aStdioCommandBecomesTheStdioUriOfItsCommandLine() {
        List<String> command = List.of("./my server", "--root", "a&b=c?d#e%", "é+");
        Target target = Target.stdio(command);
        assertEquals("stdio:./my%20server?arg=--root&arg=a%26b%3Dc%3Fd%23e%25&arg=%C3%A9%2B", target.uri().toString());
        assertEquals(command, StdioTargets.commandOf(target.uri()));
        assertEquals("./my server --root a&b=c?d#e% é+", target.display());
    }

    @Test
    void noServerIsAUsageError() {
        assertEquals(Exit.USAGE, assertThrows(CliException.class, () -> resolve("file:///a.txt")).exitCode());
        assertEquals(Exit.USAGE, assertThrows(CliException.class, () -> resolve("file:///a.txt", "--")).exitCode());
    }

    @Test
    void arityIsChecked() {
        assertThrows(CliException.class, () -> resolve("--", "x").required("URI", "read"));
        assertThrows(CliException.class, () -> resolve("a", "b", "--", "x").optional("URI", "ls"));
        assertEquals("a", resolve("a", "--", "x").required("URI", "read"));
    }

    @Test
    void httpAddressesDefaultToLoopback() {
        assertEquals(URI.create("http://127.0.0.1:8765/mcp"), ServeCommand.httpAddress("8765"));
        assertEquals(URI.create("http://0.0.0.0:80/mcp"), ServeCommand.httpAddress("0.0.0.0:80"));
        assertEquals(URI.create("http://[::1]:9000/mcp"), ServeCommand.httpAddress("[::1]:9000"));
        assertEquals(URI.create("http://127.0.0.1:9000/mcp"), ServeCommand.httpAddress(":9000"));
        assertThrows(CliException.class, () -> ServeCommand.httpAddress("70000"));
        assertThrows(CliException.class, () -> ServeCommand.httpAddress("host:port"));
    }

    private static CodecLimits limits(Target.Reads reads, String... argv) {
        return Target.limits(Args.parse(List.of(argv), Context.common(Target.options(new Args.Spec())), "read"), reads);
    }

    private static CodecLimits limits(String... argv) {
        return limits(Target.Reads.CONTENTS, argv);
    }

    @Test
    void readingContentsTakesMessagesOfUpToFourGibibytesAndTextOf64MiCharacters() {
        CodecLimits limits = limits();
        assertEquals(4L << 30, limits.maxMessageBytes());
        assertEquals(64 << 20, limits.maxStringLength());
        assertEquals(CodecLimits.DEFAULT_MAX_DEPTH, limits.maxDepth());

        assertEquals(CodecLimits.builder().maxMessageBytes(4096).maxStringLength(4096).build(),
                limits("--max-message-bytes", "4096"));
        CodecLimits largest = limits("--max-message-bytes=" + Long.MAX_VALUE);
        assertEquals(Long.MAX_VALUE, largest.maxMessageBytes());
        assertEquals(64 << 20, largest.maxStringLength(), "text is held whole: its bound is not raised");
    }

    @Test
    void readingListingsTakesMessagesOf16MebibytesAndStringsOf1MiCharacters() {
        CodecLimits limits = limits(Target.Reads.LISTINGS);
        assertEquals(16L << 20, limits.maxMessageBytes());
        assertEquals(1 << 20, limits.maxStringLength());
        assertEquals(1 << 20, limits(Target.Reads.LISTINGS, "--max-message-bytes=" + (1L << 32)).maxStringLength());
    }

    @Test
    void aMaxMessageBytesThatIsNotAWholeNumberFromTheMinimumIsAUsageError() {
        for (String bad : List.of("10", "x", "9223372036854775808", "-1")) {
            CliException failure = assertThrows(CliException.class, () -> limits("--max-message-bytes", bad));
            assertEquals(Exit.USAGE, failure.exitCode(), bad);
        }
        assertEquals(Exit.USAGE, assertThrows(CliException.class, () -> Args.parse(
                List.of("--max-message-bytes", "4096"), Context.common(new Args.Spec()), "serve")).exitCode(),
                "only commands that connect to a server take it");
    }
}
