package dev.jmcp.transport.stdio;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code stdio:} URI of a command line; the grammar is documented on {@link StdioTransportProvider}.
 *
 * @param command   the program and its arguments; never empty
 * @param directory the working directory; may be null
 */
record StdioUri(List<String> command, Path directory) {
    static final String SCHEME = "stdio";
    /** The address of this process's own stdin and stdout; {@code stdio:} alone is not a valid {@link URI}. */
    static final String SELF = "-";

    StdioUri {
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("the command is empty");
        }
    }

    static StdioUri parse(URI uri) {
        Objects.requireNonNull(uri, "uri");
        if (!SCHEME.equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException("not a stdio: URI: " + uri);
        }
        if (uri.getRawFragment() != null) {
            throw new IllegalArgumentException("a stdio: URI has no fragment: " + uri);
        }
        String rest = uri.getRawSchemeSpecificPart();
        if (rest.startsWith("//")) {
            throw new IllegalArgumentException("a stdio: URI has no authority (write stdio:/path/to/program): " + uri);
        }
        if (rest.equals(SELF)) {
            throw new IllegalArgumentException(uri + " names this process's own stdin and stdout, for serving;"
                    + " to connect, name a command: stdio:COMMAND?arg=ARG");
        }
        int question = rest.indexOf('?');
        String program = decode(question < 0 ? rest : rest.substring(0, question), uri);
        List<String> arguments = new ArrayList<>();
        Path directory = null;
        if (question >= 0) {
            for (String parameter : rest.substring(question + 1).split("&", -1)) {
                int equals = parameter.indexOf('=');
                if (equals < 0) {
                    throw new IllegalArgumentException("parameter '" + parameter + "' has no '=' in " + uri);
                }
                String name = parameter.substring(0, equals);
                String value = decode(parameter.substring(equals + 1), uri);
                switch (name) {
                    case "arg" -> arguments.add(value);
                    case "cmd" -> {
                        if (!program.isEmpty()) {
                            throw new IllegalArgumentException("the command is given twice in " + uri);
                        }
                        program = value;
                    }
                    case "cwd" -> directory = Path.of(value);
                    default -> throw new IllegalArgumentException("unknown parameter '" + name + "' in " + uri
                            + "; a stdio: URI knows arg, cmd and cwd");
                }
            }
        }
        if (program.isEmpty()) {
            throw new IllegalArgumentException("no command in " + uri + "; write stdio:COMMAND or stdio:?cmd=COMMAND");
        }
        List<String> command = new ArrayList<>();
        command.add(program);
        command.addAll(arguments);
        return new StdioUri(command, directory);
    }

    URI toUri() {
        String program = encode(command.get(0));
        if (program.startsWith("//")) {
            program = "%2F" + program.substring(1);
        } else if (program.equals(SELF)) {
            program = "%2D";
        }
        StringBuilder uri = new StringBuilder(SCHEME).append(':').append(program);
        char separator = '?';
        for (String argument : command.subList(1, command.size())) {
            uri.append(separator).append("arg=").append(encode(argument));
            separator = '&';
        }
        if (directory != null) {
            uri.append(separator).append("cwd=").append(encode(directory.toString()));
        }
        return URI.create(uri.toString());
    }

    /** Percent-encodes every byte of the UTF-8 form but letters, digits, {@code -._~} and {@code /}. */
    private static String encode(String value) {
        StringBuilder out = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }

    /** Decodes {@code %XX} escapes as UTF-8; {@code +} stays a plus sign. */
    private static String decode(String raw, URI uri) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '%') {
                int next = raw.indexOf('%', i);
                int end = next < 0 ? raw.length() : next;
                byte[] plain = raw.substring(i, end).getBytes(StandardCharsets.UTF_8);
                bytes.write(plain, 0, plain.length);
                i = end - 1;
                continue;
            }
            int high = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
            int low = high >= 0 ? Character.digit(raw.charAt(i + 2), 16) : -1;
            if (low < 0) {
                throw new IllegalArgumentException("bad percent escape at index " + i + " of '" + raw + "' in " + uri);
            }
            bytes.write(high << 4 | low);
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("'" + raw + "' is not percent-encoded UTF-8 in " + uri, e);
        }
    }
}
