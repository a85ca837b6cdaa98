package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ArgsTest {
    private static final Args.Spec SPEC = Context.common(new Args.Spec()
            .flag("--all").option("--output", "-o").option("--max-pages"));

    private static Args parse(String... argv) {
        return Args.parse(List.of(argv), SPEC, "test");
    }

    @Test
    void optionsMayComeBeforeBetweenAndAfterPositionals() {
        Args args = parse("--all", "http://h/mcp", "-o", "out.bin", "file:///a", "--json");
        assertEquals(List.of("http://h/mcp", "file:///a"), args.positionals());
        assertTrue(args.flag("--all"));
        assertTrue(args.flag("--json"));
        assertFalse(args.flag("--debug"));
        assertEquals("out.bin", args.value("--output").orElseThrow());
        assertNull(args.command());
    }

    @Test
    void everythingAfterDoubleDashIsTheServerCommandUnparsed() {
        Args args = parse("file:///a", "--", "./jmcp", "serve", "--root", "/tmp", "--all", "--");
        assertEquals(List.of("file:///a"), args.positionals());
        assertEquals(List.of("./jmcp", "serve", "--root", "/tmp", "--all", "--"), args.command());
        assertFalse(args.flag("--all"));
    }

    @Test
    void aDoubleDashAtTheEndGivesAnEmptyCommand() {
        assertEquals(List.of(), parse("ls", "--").command());
    }

    @Test
    void valuesMayBeAttachedWithEqualsOrToAShortName() {
        assertEquals("x.bin", parse("--output=x.bin").value("--output").orElseThrow());
        assertEquals("x.bin", parse("-ox.bin").value("--output").orElseThrow());
        assertEquals("", parse("--output=").value("--output").orElseThrow());
    }

    @Test
    void theLastOfARepeatedOptionWins() {
        assertEquals("b", parse("-o", "a", "--output", "b").value("--output").orElseThrow());
    }

    @Test
    void aLoneDashIsAPositional() {
        assertEquals(List.of("-"), parse("-").positionals());
    }

    @Test
    void anUnknownOptionIsAUsageErrorNamingIt() {
        CliException e = assertThrows(CliException.class, () -> parse("--bogus"));
        assertEquals(Exit.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains("--bogus"), e.getMessage());
        assertThrows(CliException.class, () -> parse("-x"));
    }

    @Test
    void aMissingValueIsAUsageError() {
        assertThrows(CliException.class, () -> parse("--output"));
        assertThrows(CliException.class, () -> parse("--output", "--", "cmd"));
    }

    @Test
    void aFlagTakesNoValue() {
        CliException e = assertThrows(CliException.class, () -> parse("--all=yes"));
        assertTrue(e.getMessage().contains("takes no value"), e.getMessage());
        assertThrows(CliException.class, () -> parse("-hx"));
    }

    @Test
    void integerValuesAreCheckedAgainstTheirRange() {
        assertEquals(7, parse("--max-pages", "7").intValue("--max-pages", 100, 1, 1000));
        assertEquals(100, parse().intValue("--max-pages", 100, 1, 1000));
        CliException zero = assertThrows(CliException.class,
                () -> parse("--max-pages", "0").intValue("--max-pages", 100, 1, 1000));
        assertTrue(zero.getMessage().contains("from 1 to 1000"), zero.getMessage());
        assertThrows(CliException.class, () -> parse("--max-pages", "many").intValue("--max-pages", 100, 1, 1000));
    }

    @Test
    void theHelpFlagHasAShortName() {
        assertTrue(parse("-h").flag("--help"));
    }
}
