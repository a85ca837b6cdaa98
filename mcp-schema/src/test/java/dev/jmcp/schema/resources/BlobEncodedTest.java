package dev.jmcp.schema.resources;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class BlobEncodedTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 49_151, 49_152, 49_153, 98_304, 200_003})
    void base64TextDecodesToTheBytesItWasMadeFromAtEverySize(int size) throws IOException {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        Blob blob = Blob.ofBase64(Base64.getEncoder().encodeToString(bytes));

        assertEquals(size, blob.length());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(size, blob.transferTo(out));
        assertArrayEquals(bytes, out.toByteArray());

        // single-byte reads see the same bytes
        try (InputStream in = blob.open()) {
            for (byte expected : bytes) {
                assertEquals(expected & 0xFF, in.read());
            }
            assertEquals(-1, in.read());
        }
    }

    @Test
    void textThatIsNotBase64FailsWhenItsBytesAreRead() {
        Blob blob = Blob.ofBase64("AAAA!!!!");
        IOException failure = assertThrows(IOException.class, () -> blob.transferTo(new ByteArrayOutputStream()));
        assertEquals(true, failure.getMessage().contains("not valid base64"), failure.getMessage());
    }
}
