package dev.jmcp.core.internal.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class UriTemplateTest {

    /** The variables of RFC 6570 sections 1.2 and 3.2 that levels 1 to 3 can use; undef is unset. */
    private static final Map<String, String> RFC = Map.ofEntries(
            Map.entry("var", "value"),
            Map.entry("hello", "Hello World!"),
            Map.entry("path", "/foo/bar"),
            Map.entry("x", "1024"),
            Map.entry("y", "768"),
            Map.entry("empty", ""),
            Map.entry("half", "50%"),
            Map.entry("who", "fred"),
            Map.entry("base", "http://example.com/home/"),
            Map.entry("dub", "me/too"),
            Map.entry("v", "6"));

    private static Optional<Map<String, String>> match(String template, String uri) {
        return UriTemplate.parse(template).match(uri);
    }

    private static IllegalArgumentException parseError(String template) {
        return assertThrows(IllegalArgumentException.class, () -> UriTemplate.parse(template));
    }

    // ---- parsing ----

    @Test
    void unclosedBraceIsRefusedWithItsPosition() {
        IllegalArgumentException e = parseError("file:///{path");
        assertEquals("unclosed expression: '{' has no matching '}' at position 8 of URI template \"file:///{path\"",
                e.getMessage());
    }

    @Test
    void closingBraceWithoutOpeningIsRefused() {
        assertEquals("'}' has no matching '{' at position 5 of URI template \"file:}\"",
                parseError("file:}").getMessage());
    }

    @Test
    void badCharacterInVariableNameIsRefused() {
        assertTrue(parseError("x://{a-b}").getMessage().startsWith(
                "character '-' is not allowed in a variable name at position 6"));
        assertTrue(parseError("x://{a{b}").getMessage().startsWith(
                "character '{' is not allowed in a variable name at position 6"));
    }

    @Test
    void misplacedDotInVariableNameIsRefused() {
        assertTrue(parseError("{a..b}").getMessage().startsWith(
                "'.' in a variable name must follow a name character at position 3"));
        assertTrue(parseError("{a.}").getMessage().startsWith("a variable name must not end with '.' at position 2"));
        assertTrue(parseError("{..a}").getMessage().startsWith(
                "'.' in a variable name must follow a name character at position 2"));
    }

    @Test
    void emptyExpressionAndEmptyNamesAreRefused() {
        assertTrue(parseError("x{}").getMessage().startsWith("empty expression '{}' at position 1"));
        assertTrue(parseError("{a,}").getMessage().startsWith("empty variable name at position 3"));
        assertTrue(parseError("{+}").getMessage().startsWith("empty variable name at position 2"));
        assertTrue(parseError("{a,,b}").getMessage().startsWith("empty variable name at position 3"));
    }

    @Test
    void prefixModifierOfLevel4IsRefused() {
        assertTrue(parseError("{var:3}").getMessage().startsWith(
                "level 4 modifier ':' is not supported; only levels 1 to 3 are at position 4"));
    }

    @Test
    void explodeModifierOfLevel4IsRefused() {
        assertTrue(parseError("{/list*}").getMessage().startsWith(
                "level 4 modifier '*' is not supported; only levels 1 to 3 are at position 6"));
        assertTrue(parseError("{x,list*}").getMessage().contains("'*' is not supported"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"=", ",", "!", "@", "|"})
    void reservedOperatorsAreRefused(String operator) {
        assertEquals("operator '" + operator + "' is reserved by RFC 6570 for future extensions and not supported"
                + " at position 4 of URI template \"a:/{" + operator + "x}\"",
                parseError("a:/{" + operator + "x}").getMessage());
    }

    @Test
    void charactersOutsideTheUriSyntaxAreRefusedInLiterals() {
        assertTrue(parseError("a b{x}").getMessage().startsWith(
                "character U+0020 is not allowed in a URI template; percent-encode it at position 1"));
        assertTrue(parseError("a<{x}").getMessage().startsWith("character '<' is not allowed"));
        assertTrue(parseError("a%zz{x}").getMessage().startsWith(
                "'%' must start a percent-encoded triplet such as %20 at position 1"));
        assertTrue(parseError("a\ud800{x}").getMessage().startsWith("unpaired surrogate U+D800 at position 1"));
    }

    @Test
    void dottedAndPercentEncodedVariableNamesAreValid() {
        UriTemplate template = UriTemplate.parse("x://{a.b}{?c%20d}");
        assertEquals(List.of("a.b", "c%20d"), template.variableNames());
        assertEquals("x://1?c%20d=2", template.expand(Map.of("a.b", "1", "c%20d", "2")));
    }

    @Test
    void nullTemplateIsRefused() {
        assertThrows(NullPointerException.class, () -> UriTemplate.parse(null));
    }

    // ---- expansion ----

    static Stream<Arguments> rfcExamples() {
        return Stream.of(
                // section 1.2, level 1
                Arguments.of("{var}", "value"),
                Arguments.of("{hello}", "Hello%20World%21"),
                // section 1.2, level 2
                Arguments.of("{+var}", "value"),
                Arguments.of("{+hello}", "Hello%20World!"),
                Arguments.of("{+path}/here", "/foo/bar/here"),
                Arguments.of("here?ref={+path}", "here?ref=/foo/bar"),
                Arguments.of("X{#var}", "X#value"),
                Arguments.of("X{#hello}", "X#Hello%20World!"),
                // section 1.2, level 3
                Arguments.of("map?{x,y}", "map?1024,768"),
                Arguments.of("{x,hello,y}", "1024,Hello%20World%21,768"),
                Arguments.of("{+x,hello,y}", "1024,Hello%20World!,768"),
                Arguments.of("{+path,x}/here", "/foo/bar,1024/here"),
                Arguments.of("{#x,hello,y}", "#1024,Hello%20World!,768"),
                Arguments.of("{#path,x}/here", "#/foo/bar,1024/here"),
                Arguments.of("X{.var}", "X.value"),
                Arguments.of("X{.x,y}", "X.1024.768"),
                Arguments.of("{/var}", "/value"),
                Arguments.of("{/var,x}/here", "/value/1024/here"),
                Arguments.of("{;x,y}", ";x=1024;y=768"),
                Arguments.of("{;x,y,empty}", ";x=1024;y=768;empty"),
                Arguments.of("{?x,y}", "?x=1024&y=768"),
                Arguments.of("{?x,y,empty}", "?x=1024&y=768&empty="),
                Arguments.of("?fixed=yes{&x}", "?fixed=yes&x=1024"),
                Arguments.of("{&x,y,empty}", "&x=1024&y=768&empty="),
                // section 3.2.2, simple string expansion
                Arguments.of("{half}", "50%25"),
                Arguments.of("O{empty}X", "OX"),
                Arguments.of("O{undef}X", "OX"),
                Arguments.of("{x,y}", "1024,768"),
                Arguments.of("?{x,empty}", "?1024,"),
                Arguments.of("?{x,undef}", "?1024"),
                Arguments.of("?{undef,y}", "?768"),
                // section 3.2.3, reserved expansion
                Arguments.of("{+half}", "50%25"),
                Arguments.of("{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"),
                Arguments.of("{+base}index", "http://example.com/home/index"),
                Arguments.of("O{+empty}X", "OX"),
                Arguments.of("O{+undef}X", "OX"),
                Arguments.of("up{+path}{var}/here", "up/foo/barvalue/here"),
                // section 3.2.4, fragment expansion
                Arguments.of("{#var}", "#value"),
                Arguments.of("{#hello}", "#Hello%20World!"),
                Arguments.of("{#half}", "#50%25"),
                Arguments.of("foo{#empty}", "foo#"),
                Arguments.of("foo{#undef}", "foo"),
                // section 3.2.5, label expansion
                Arguments.of("{.who}", ".fred"),
                Arguments.of("{.who,who}", ".fred.fred"),
                Arguments.of("{.half,who}", ".50%25.fred"),
                Arguments.of("X{.empty}", "X."),
                Arguments.of("X{.undef}", "X"),
                // section 3.2.6, path segment expansion
                Arguments.of("{/who}", "/fred"),
                Arguments.of("{/who,who}", "/fred/fred"),
                Arguments.of("{/half,who}", "/50%25/fred"),
                Arguments.of("{/who,dub}", "/fred/me%2Ftoo"),
                Arguments.of("{/var,empty}", "/value/"),
                Arguments.of("{/var,undef}", "/value"),
                // section 3.2.7, path-style parameter expansion
                Arguments.of("{;who}", ";who=fred"),
                Arguments.of("{;half}", ";half=50%25"),
                Arguments.of("{;empty}", ";empty"),
                Arguments.of("{;v,empty,who}", ";v=6;empty;who=fred"),
                Arguments.of("{;v,bar,who}", ";v=6;who=fred"),
                Arguments.of("{;x,y,undef}", ";x=1024;y=768"),
                // section 3.2.8, form-style query expansion
                Arguments.of("{?who}", "?who=fred"),
                Arguments.of("{?half}", "?half=50%25"),
                Arguments.of("{?x,y,undef}", "?x=1024&y=768"),
                // section 3.2.9, form-style query continuation
                Arguments.of("{&who}", "&who=fred"),
                Arguments.of("{&half}", "&half=50%25"));
    }

    @ParameterizedTest(name = "{0} expands to {1}")
    @MethodSource("rfcExamples")
    void expandsTheRfcExamples(String template, String expected) {
        assertEquals(expected, UriTemplate.parse(template).expand(RFC));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{undef}", "{+undef}", "{#undef}", "{.undef}", "{/undef}", "{;undef}",
            "{?undef}", "{&undef}", "{?undef,undef}"})
    void expressionWithOnlyUndefinedVariablesExpandsToNothing(String template) {
        assertEquals("", UriTemplate.parse(template).expand(RFC));
    }

    @Test
    void nullValueIsUndefined() {
        Map<String, String> variables = new HashMap<>();
        variables.put("x", null);
        variables.put("y", "768");
        assertEquals("?y=768", UriTemplate.parse("{?x,y}").expand(variables));
    }

    @Test
    void nonAsciiIsPercentEncodedAsUtf8() {
        UriTemplate template = UriTemplate.parse("café/{v}{+v}");
        assertEquals("caf%C3%A9/%C3%A9%F0%9F%98%80%C3%A9%F0%9F%98%80", template.expand(Map.of("v", "é😀")));
    }

    @Test
    void onlyReservedExpansionKeepsPercentEncodedTriplets() {
        Map<String, String> variables = Map.of("v", "a%20b%zz");
        assertEquals("a%20b%25zz", UriTemplate.parse("{+v}").expand(variables));
        assertEquals("#a%20b%25zz", UriTemplate.parse("{#v}").expand(variables));
        assertEquals("a%2520b%25zz", UriTemplate.parse("{v}").expand(variables));
    }

    @Test
    void everyReservedCharacterIsEncodedBySimpleAndKeptByReservedExpansion() {
        String reserved = ":/?#[]@!$&'()*+,;=";
        assertEquals("%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D",
                UriTemplate.parse("{v}").expand(Map.of("v", reserved)));
        assertEquals(reserved, UriTemplate.parse("{+v}").expand(Map.of("v", reserved)));
        assertEquals("-._~az09", UriTemplate.parse("{v}").expand(Map.of("v", "-._~az09")));
    }

    @Test
    void unpairedSurrogateInValueIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> UriTemplate.parse("{v}").expand(Map.of("v", "a\udc00")));
        assertEquals("value of variable 'v' holds an unpaired surrogate at index 1", e.getMessage());
    }

    // ---- matching ----

    @Test
    void simpleVariableDoesNotMatchAcrossSlashes() {
        UriTemplate template = UriTemplate.parse("file:///{path}");
        assertEquals(Optional.of(Map.of("path", "readme.md")), template.match("file:///readme.md"));
        assertEquals(Optional.empty(), template.match("file:///docs/readme.md"));
        assertEquals(Optional.empty(), template.match("file:///a?b"));
    }

    @Test
    void reservedVariableMatchesAcrossSlashesAndKeepsTheRawText() {
        UriTemplate template = UriTemplate.parse("file:///{+path}");
        assertEquals(Optional.of(Map.of("path", "docs/a%20b/readme.md")), template.match("file:///docs/a%20b/readme.md"));
    }

    @Test
    void idBetweenLiteralsIsExtracted() {
        assertEquals(Optional.of(Map.of("id", "42")), match("test://template/{id}/data", "test://template/42/data"));
    }

    @Test
    void simpleVariableIsPercentDecoded() {
        UriTemplate template = UriTemplate.parse("test://template/{id}/data");
        assertEquals(Optional.of(Map.of("id", "hello world")), template.match("test://template/hello%20world/data"));
        assertEquals(Optional.of(Map.of("id", "é/x")), template.match("test://template/%C3%A9%2Fx/data"));
    }

    @Test
    void invalidPercentEncodingDoesNotMatch() {
        UriTemplate template = UriTemplate.parse("test://template/{id}/data");
        assertFalse(template.matches("test://template/a%zz/data"));
        assertFalse(template.matches("test://template/a%2/data"));
        assertFalse(template.matches("test://template/%FF/data")); // not UTF-8
    }

    @Test
    void uriOfAnotherShapeDoesNotMatch() {
        UriTemplate template = UriTemplate.parse("test://template/{id}/data");
        assertFalse(template.matches("other://template/42/data"));
        assertFalse(template.matches("test://template/42/data/extra"));
        assertFalse(template.matches("test://template/42/dat"));
        assertFalse(template.matches("test://template/42"));
        assertFalse(template.matches("test://template//data"));
        assertFalse(template.matches(""));
    }

    @Test
    void queryVariablesMatchInAnyOrderAndMayBeAbsent() {
        UriTemplate template = UriTemplate.parse("db://{table}/rows{?limit,offset}");
        assertEquals(Optional.of(Map.of("table", "users", "limit", "10", "offset", "20")),
                template.match("db://users/rows?limit=10&offset=20"));
        assertEquals(Optional.of(Map.of("table", "users", "limit", "10", "offset", "20")),
                template.match("db://users/rows?offset=20&limit=10"));
        assertEquals(Optional.of(Map.of("table", "users", "offset", "20")), template.match("db://users/rows?offset=20"));
        assertEquals(Optional.of(Map.of("table", "users")), template.match("db://users/rows"));
        assertEquals(Optional.of(Map.of("table", "users", "limit", "")), template.match("db://users/rows?limit="));
        assertEquals(Optional.of(Map.of("table", "users", "limit", "a b&c")),
                template.match("db://users/rows?limit=a%20b%26c"));
    }

    @Test
    void unknownRepeatedOrEmptyQueryParametersDoNotMatch() {
        UriTemplate template = UriTemplate.parse("db://{table}/rows{?limit,offset}");
        assertFalse(template.matches("db://users/rows?sort=name"));
        assertFalse(template.matches("db://users/rows?limit=1&sort=name"));
        assertFalse(template.matches("db://users/rows?limit=1&limit=2"));
        assertFalse(template.matches("db://users/rows?limit=1&limit=1"));
        assertFalse(template.matches("db://users/rows?limit=1&offset=2&x=3"));
        assertFalse(template.matches("db://users/rows?"));
        assertFalse(template.matches("db://users/rows?limit=1&"));
    }

    @Test
    void queryContinuationFollowsAFixedQuery() {
        UriTemplate template = UriTemplate.parse("x://s?fixed=yes{&x,y}");
        assertEquals(Optional.of(Map.of("y", "2", "x", "1")), template.match("x://s?fixed=yes&y=2&x=1"));
        assertEquals(Optional.of(Map.of()), template.match("x://s?fixed=yes"));
        assertFalse(template.matches("x://s?fixed=no&x=1"));
    }

    @Test
    void pathSegmentsStopBeforeTheNextLiteral() {
        UriTemplate template = UriTemplate.parse("x:{/var,x}/here");
        assertEquals(Optional.of(Map.of("var", "value", "x", "1024")), template.match("x:/value/1024/here"));
        assertEquals(Optional.of(Map.of("var", "value")), template.match("x:/value/here"));
        assertEquals(Optional.of(Map.of()), template.match("x:/here"));
        assertFalse(template.matches("x:/a/b/c/here"));
    }

    @Test
    void optionalExpressionIsAbsentWhereTheNextLiteralStarts() {
        UriTemplate template = UriTemplate.parse("x:{/v}/here{?q}");
        assertEquals(Optional.of(Map.of("q", "1")), template.match("x:/here?q=1"));
        assertEquals(Optional.of(Map.of("v", "a", "q", "1")), template.match("x:/a/here?q=1"));
    }

    @Test
    void separatorContinuesAnExpressionThatHasVariablesLeft() {
        UriTemplate template = UriTemplate.parse("x:{/a,b}{/c}");
        assertEquals(Optional.of(Map.of("a", "1", "b", "2", "c", "3")), template.match("x:/1/2/3"));
        assertEquals(Optional.of(Map.of("a", "1", "b", "2")), template.match("x:/1/2"));
    }

    @Test
    void expressionBeforeTheFinalLiteralIsAnchoredToTheEnd() {
        assertEquals(Optional.of(Map.of("path", "/here/x")), match("{+path}/here", "/here/x/here"));
        assertEquals(Optional.of(Map.of("name", "report.v2")), match("x://{name}.json", "x://report.v2.json"));
        assertEquals(Optional.of(Map.of("v", "here")), match("x:{/v}/here", "x:/here/here"));
    }

    @Test
    void optionalExpressionSplitsAtItsPrefixEarliest() {
        UriTemplate template = UriTemplate.parse("x://{name}{.ext}");
        assertEquals(Optional.of(Map.of("name", "a", "ext", "tar.gz")), template.match("x://a.tar.gz"));
        assertEquals(Optional.of(Map.of("name", "a")), template.match("x://a"));
    }

    @Test
    void multiVariableExpressionsAssignPiecesInOrder() {
        assertEquals(Optional.of(Map.of("x", "1024", "hello", "Hello World!", "y", "768")),
                match("{x,hello,y}", "1024,Hello%20World%21,768"));
        assertEquals(Optional.of(Map.of("x", "1024")), match("map?{x,y}", "map?1024"));
        assertEquals(Optional.of(Map.of("x", "1024", "y", "")), match("map?{x,y}", "map?1024,"));
        assertEquals(Optional.of(Map.of("x", "1024", "y", "768")), match("X{.x,y}", "X.1024.768"));
        assertEquals(Optional.of(Map.of("v", "6", "empty", "", "who", "fred")), match("{;v,empty,who}", ";v=6;empty;who=fred"));
        assertEquals(Optional.of(Map.of("path", "/foo/bar", "x", "1024")), match("{#path,x}/here", "#/foo/bar,1024/here"));
        assertFalse(UriTemplate.parse("{x,y}").matches("1,2,3"));
    }

    @Test
    void repeatedVariableMustMatchTheSameValue() {
        UriTemplate template = UriTemplate.parse("x://{a}/{a}");
        assertEquals(Optional.of(Map.of("a", "k")), template.match("x://k/k"));
        assertFalse(template.matches("x://k/l"));
    }

    @Test
    void adjacentExpressionsThatNothingSeparatesDoNotMatch() {
        // a documented limit: "/foo/barvalue" could split anywhere, and match does not guess
        assertFalse(UriTemplate.parse("up{+path}{var}/here").matches("up/foo/barvalue/here"));
    }

    @Test
    void nonAsciiLiteralMatchesItsEncodedForm() {
        assertEquals(Optional.of(Map.of("var", "value")), match("café/{var}", "caf%C3%A9/value"));
    }

    @Test
    void templateWithoutExpressionsMatchesOnlyItself() {
        UriTemplate template = UriTemplate.parse("config://app");
        assertEquals(Optional.of(Map.of()), template.match("config://app"));
        assertFalse(template.matches("config://app2"));
        assertEquals(Optional.of(Map.of()), UriTemplate.parse("").match(""));
    }

    static Stream<Arguments> roundTrips() {
        return Stream.of(
                Arguments.of("test://template/{id}/data", Map.of("id", "a b/c?d#e%&=,é:@")),
                Arguments.of("db://{table}/rows{?limit,offset}",
                        Map.of("table", "my/table?", "limit", "10", "offset", "a&b=c#d")),
                Arguments.of("db://{table}/rows{?limit,offset}", Map.of("table", "t", "offset", "")),
                Arguments.of("file:///{+path}", Map.of("path", "dir/sub,dir/a:b@c!$'()*+;=?q=1#frag")),
                Arguments.of("file:///{+path}", Map.of("path", "a%20b/%C3%A9")),
                Arguments.of("x://h{/seg,sub}{.ext}{;p,q}{?r}{&s}",
                        Map.of("seg", "a/b", "sub", "c d;e", "ext", "tar.gz", "p", "1/2", "q", "", "r", "x y", "s", "&=")),
                Arguments.of("doc://x{#frag}", Map.of("frag", "sec/1?x,y#z")),
                Arguments.of("{scheme}://{host}{/path}{?q}",
                        Map.of("scheme", "https", "host", "example.com:8080", "path", "a b", "q", "ü")),
                Arguments.of("repo://{owner}/{name}/blob/{+ref}/readme",
                        Map.of("owner", "o.w-n_e~r", "name", "n@me", "ref", "refs/heads/main")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roundTrips")
    void matchIsTheInverseOfExpand(String text, Map<String, String> variables) {
        UriTemplate template = UriTemplate.parse(text);
        String uri = template.expand(variables);
        assertEquals(Optional.of(variables), template.match(uri), uri);
    }

    @Test
    void adversarialInputIsRejectedWithoutBacktracking() {
        // a regex such as (.+)-(.+)-(.+)-(.+)! needs O(n^4) steps to reject this
        UriTemplate template = UriTemplate.parse("x://{+a}-{+b}-{+c}-{+d}!");
        String uri = "x://" + "a-".repeat(5_000);
        boolean matched = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> template.matches(uri));
        assertFalse(matched);
        assertTrue(template.matches(uri + "!"));
    }

    @Test
    void longInputsMatchInOnePass() {
        UriTemplate path = UriTemplate.parse("file:///{+path}/meta{?q}");
        String segments = "a/".repeat(5_000) + "b";
        Optional<Map<String, String>> matched = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> path.match("file:///" + segments + "/meta?q=" + "%20".repeat(3_000)));
        assertEquals(Optional.of(Map.of("path", segments, "q", " ".repeat(3_000))), matched);

        UriTemplate query = UriTemplate.parse("db://{t}/rows{?a,b,c}");
        String hostile = "db://t/rows?" + "a=1&".repeat(2_500);
        assertFalse(assertTimeoutPreemptively(Duration.ofSeconds(5), () -> query.matches(hostile)));
    }

    // ---- accessors ----

    @Test
    void variableNamesAreDistinctInOrderOfFirstUse() {
        UriTemplate template = UriTemplate.parse("x://{b}/{a,b}{?c,a}");
        assertEquals(List.of("b", "a", "c"), template.variableNames());
        assertThrows(UnsupportedOperationException.class, () -> template.variableNames().add("d"));
    }

    @Test
    void equalityAndTextFollowTheTemplateText() {
        UriTemplate one = UriTemplate.parse("x://{a}");
        assertEquals(one, UriTemplate.parse("x://{a}"));
        assertEquals(one.hashCode(), UriTemplate.parse("x://{a}").hashCode());
        assertNotEquals(one, UriTemplate.parse("x://{b}"));
        assertEquals("x://{a}", one.template());
        assertEquals("x://{a}", one.toString());
    }

    @Test
    void matchResultIsUnmodifiable() {
        Map<String, String> values = match("x://{a}", "x://1").orElseThrow();
        assertThrows(UnsupportedOperationException.class, () -> values.put("b", "2"));
    }
}
