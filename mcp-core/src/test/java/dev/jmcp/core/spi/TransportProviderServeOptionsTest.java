package dev.jmcp.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** What a transport provider that knows nothing of {@link ServeOptions} does with them. */
class TransportProviderServeOptionsTest {
    private static final Serving SERVING = Serving.of(URI.create("test:here"), () -> { });

    /** Implements only the abstract methods, as a provider written before ServeOptions does. */
    private static final TransportProvider OLD = new TransportProvider() {
        @Override
        public String id() {
            return "old";
        }

        @Override
        public Set<String> schemes() {
            return Set.of("test");
        }

        @Override
        public McpTransport connect(URI target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Serving serve(URI address, Consumer<McpTransport> onSession) {
            return SERVING;
        }
    };

    @Test
    void typedOptionsAreIgnoredAsConnectOptionsAre() throws Exception {
        assertSame(SERVING, OLD.serve(URI.create("test:here"), ServeOptions.builder().allowRemoteBind(true).build(),
                transport -> { }));
        assertEquals(Map.of(), OLD.serveSettings());
    }

    @Test
    void aNamedSettingIsRefusedNamingItAndTheTransport() {
        ServeOptions options = ServeOptions.builder().set("maxSessions", "1").build();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> OLD.serve(URI.create("test:here"), options, transport -> { }));
        assertEquals("unknown setting 'maxSessions' for transport 'old', which has no settings of its own",
                refused.getMessage());
    }

    @Test
    void optionsKeepTheSettingsInTheOrderGivenAndALaterValueReplacesAnEarlier() {
        ServeOptions options = ServeOptions.builder().set("b", "1").set("a", "2").set("b", "3").build();
        assertEquals("{b=3, a=2}", options.settings().toString());
        assertEquals(options, options.toBuilder().build());
    }
}
