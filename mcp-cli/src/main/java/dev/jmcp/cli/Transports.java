package dev.jmcp.cli;

import dev.jmcp.core.spi.TransportProvider;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.TreeSet;

/**
 * Which transports are on the module path. Core finds them itself for every connection; this only
 * lets the command say "the HTTP transport is not installed" instead of a generic failure.
 */
final class Transports {
    private static volatile List<String> schemes;

    private Transports() {
    }

    /** @return the URI schemes the transport providers on the module path serve, sorted */
    static List<String> schemes() {
        List<String> known = schemes;
        if (known == null) {
            TreeSet<String> found = new TreeSet<>();
            for (TransportProvider provider : ServiceLoader.load(TransportProvider.class)) {
                provider.schemes().forEach(scheme -> found.add(scheme.toLowerCase(Locale.ROOT)));
            }
            known = schemes = List.copyOf(found);
        }
        return known;
    }

    /**
     * @throws CliException ({@link Exit#CONNECT}) when no transport serves {@code scheme}
     */
    static void require(String scheme, String what) {
        String lower = scheme.toLowerCase(Locale.ROOT);
        if (schemes().contains(lower)) {
            return;
        }
        String hint = lower.startsWith("http") ? "the HTTP transport (module dev.jmcp.transport.netty) is not on the module path"
                : "no transport module serves " + lower + ":";
        throw new CliException(Exit.CONNECT, what + ": " + hint + "; transports present: "
                + (schemes().isEmpty() ? "none" : String.join(", ", schemes())));
    }
}
