package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
    void aStdioCommandBecomesAStdioUriInTheCmdForm() {
        Target target = Target.stdio(List.of("./my server", "--root", "a&b=c?d#e%", "é+"));
        assertEquals("stdio:?cmd=./my%20server&arg=--root&arg=a%26b%3Dc%3Fd%23e%25&arg=%C3%A9%2B",
                target.uri().toString());
        assertEquals("stdio", target.uri().getScheme());
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
}
