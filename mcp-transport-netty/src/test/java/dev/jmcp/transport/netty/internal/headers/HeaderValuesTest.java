package dev.jmcp.transport.netty.internal.headers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeaderValuesTest {

    @Test
    void optionalWhitespaceIsTrimmedButNothingElse() {
        assertEquals("tools/call", HeaderValues.trim(" \t tools/call\t "));
        assertEquals("a b", HeaderValues.trim("a b"));
        assertEquals("", HeaderValues.trim("   "));
    }

    @Test
    void aSentinelIsDecodedAsUtf8() throws Exception {
        assertEquals("Hello", HeaderValues.decode("Mcp-Name", "=?base64?SGVsbG8=?="));
        assertEquals("Hello, 世界", HeaderValues.decode("Mcp-Name", "=?base64?SGVsbG8sIOS4lueVjA==?="));
        assertEquals(" padded ", HeaderValues.decode("Mcp-Name", "=?base64?IHBhZGRlZCA=?="));
        assertEquals("=?base64?literal?=", HeaderValues.decode("Mcp-Name", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="));
        assertEquals("", HeaderValues.decode("Mcp-Name", "=?base64??="));
    }

    @Test
    void whatIsNotExactlyASentinelIsALiteral() throws Exception {
        assertEquals("SGVsbG8=", HeaderValues.decode("Mcp-Name", "SGVsbG8="));
        assertEquals("=?base64?SGVsbG8=", HeaderValues.decode("Mcp-Name", "=?base64?SGVsbG8="));
        assertEquals("=?BASE64?SGVsbG8=?=", HeaderValues.decode("Mcp-Name", "=?BASE64?SGVsbG8=?="));
    }

    @Test
    void aSentinelMustBeStrictPaddedBase64() {
        HeaderValues.Malformed unpadded = assertThrows(HeaderValues.Malformed.class,
                () -> HeaderValues.decode("Mcp-Name", "=?base64?SGVsbG8?="));
        assertTrue(unpadded.getMessage().contains("padded"), unpadded.getMessage());
        assertThrows(HeaderValues.Malformed.class, () -> HeaderValues.decode("Mcp-Name", "=?base64?SGVs!!!bG8=?="));
        assertThrows(HeaderValues.Malformed.class, () -> HeaderValues.decode("Mcp-Name", "=?base64?SG=sbG8=?="));
        assertThrows(HeaderValues.Malformed.class, () -> HeaderValues.decode("Mcp-Name", "=?base64?S===?="));
        assertThrows(HeaderValues.Malformed.class, () -> HeaderValues.decode("Mcp-Name", "=?base64?SGVsbG8_?="));
        assertThrows(HeaderValues.Malformed.class, () -> HeaderValues.decode("Mcp-Name", "=?base64?/w==?="),
                "0xFF is not UTF-8");
    }

    @Test
    void aValueWithACharacterNoHeaderMayHoldIsMalformed() {
        assertThrows(HeaderValues.Malformed.class, () -> HeaderValues.checked("Mcp-Method", "tools/caf\u00e9"));
        assertThrows(HeaderValues.Malformed.class, () -> HeaderValues.decode("Mcp-Name", "a\u0001b"));
        assertThrows(HeaderValues.Malformed.class, () -> HeaderValues.decode("Mcp-Name", "a\u007fb"));
    }

    @Test
    void theClientEncodesExactlyTheValuesOfTheSpecsTable() throws Exception {
        assertEquals("us-west1", HeaderValues.encode("us-west1"));
        assertEquals("=?base64?SGVsbG8sIOS4lueVjA==?=", HeaderValues.encode("Hello, 世界"));
        assertEquals("=?base64?IHBhZGRlZCA=?=", HeaderValues.encode(" padded "));
        assertEquals("=?base64?bGluZTEKbGluZTI=?=", HeaderValues.encode("line1\nline2"));
        assertEquals("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=", HeaderValues.encode("=?base64?literal?="));
        for (String value : new String[] {"us-west1", "Hello, 世界", " padded ", "a\tb", "=?base64?literal?="}) {
            assertEquals(value, HeaderValues.decode("Mcp-Name", HeaderValues.encode(value)), "round trip");
        }
    }
}
