package dev.jmcp.core.internal.resources;

import dev.jmcp.core.internal.session.AnswerMemory;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A streamed text read whole into a String, for the one answer that cannot stream one: the gomcp
 * dialect's {@code content}, a record component its codec writes as a String. Bounded as the
 * file-system provider bounds a text it reads whole: charged to the answer budget before it is
 * read (its bytes and the text decoded from them), the text's share until the answer is written,
 * so that many such reads at once are refused naming the budget's setting rather than run out of
 * memory.
 */
public final class HeldTexts {
    private HeldTexts() {
    }

    /**
     * @throws ProtocolException {@code -32603} naming the budget's setting when it does not fit, or
     *         saying why when its length is unknown or it is no longer well-formed UTF-8
     */
    public static TextResourceContents held(StreamedTextResourceContents streamed, RequestContext request) {
        String uri = streamed.uri();
        long length = streamed.utf8().length();
        if (length < 0 || length > Integer.MAX_VALUE - 8) {
            throw new ProtocolException(ErrorCodes.INTERNAL_ERROR, "the text of " + uri + " is streamed, and "
                    + (length < 0 ? "its length is not known" : "it is longer than one array holds")
                    + ": it cannot be held whole for this answer");
        }
        long making = 2 * length;
        AnswerMemory.hold(request, making, "the text of " + uri);
        byte[] bytes;
        try (InputStream in = streamed.utf8().open()) {
            bytes = in.readNBytes((int) length);
        } catch (IOException e) {
            AnswerMemory.giveBack(request, making);
            throw new UncheckedIOException("could not read the text of " + uri, e);
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            AnswerMemory.giveBack(request, making);
            throw new ProtocolException(ErrorCodes.INTERNAL_ERROR, "the text of " + uri
                    + " is no longer well-formed UTF-8 (it changed while it was read): read it again");
        }
        AnswerMemory.giveBack(request, making - AnswerMemory.textBytes(text));
        return new TextResourceContents(streamed.resource(), text);
    }
}
