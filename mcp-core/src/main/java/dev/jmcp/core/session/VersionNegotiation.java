package dev.jmcp.core.session;

import dev.jmcp.schema.lifecycle.ProtocolVersions;
import java.time.Duration;
import java.util.Objects;

/**
 * How a client picks the protocol revision: {@link #auto()} probes with {@code server/discover}
 * and falls back to {@code initialize}; {@link #pinned(String)} speaks exactly one revision;
 * {@link #handshake()} always sends {@code initialize}, as clients of 2025-11-25 and earlier do.
 * Immutable.
 *
 * @since 0.1
 */
public final class VersionNegotiation {
    /**
     * 10 seconds: how long the probe waits before it takes a silent server for one of the
     * {@code initialize} revisions. Some of those never answer a request that comes before
     * {@code initialize}; a modern server answers {@code server/discover} at once.
     */
    public static final Duration DEFAULT_PROBE_TIMEOUT = Duration.ofSeconds(10);

    private static final VersionNegotiation AUTO = new VersionNegotiation(null, true, DEFAULT_PROBE_TIMEOUT);
    private static final VersionNegotiation HANDSHAKE = new VersionNegotiation(null, false, DEFAULT_PROBE_TIMEOUT);

    private final String pinned;
    private final boolean probe;
    private final Duration probeTimeout;

    private VersionNegotiation(String pinned, boolean probe, Duration probeTimeout) {
        this.pinned = pinned;
        this.probe = probe;
        this.probeTimeout = probeTimeout;
    }

    /**
     * The default: {@code server/discover} first, as the 2026-07-28 revision's backward compatibility
     * asks; 2026-07-28 when the server offers it; {@code initialize} when the probe fails with
     * anything but a recognized 2026-07-28 error, or gets no answer within {@link #probeTimeout()}.
     *
     * @return the automatic negotiation; never null
     */
    public static VersionNegotiation auto() {
        return AUTO;
    }

    /** @return no probe: {@code initialize} at once, asking for the client's handshake revision; never null */
    public static VersionNegotiation handshake() {
        return HANDSHAKE;
    }

    /**
     * Exactly one revision, with no fallback. A stateless revision (2026-07-28) is probed with
     * {@code server/discover}, which must offer it, else the connection fails; a revision of the
     * {@code initialize} era is asked for with {@code initialize}, without a probe.
     *
     * @param version a revision in {@link ProtocolVersions#SUPPORTED}; never null
     * @return the pinned negotiation; never null
     * @throws IllegalArgumentException for a revision jmcp does not speak
     */
    public static VersionNegotiation pinned(String version) {
        Objects.requireNonNull(version, "version");
        if (!ProtocolVersions.isSupported(version)) {
            throw new IllegalArgumentException("pinned version must be one of " + ProtocolVersions.SUPPORTED
                    + ", was " + version);
        }
        return new VersionNegotiation(version, !ProtocolVersions.usesHandshake(version), DEFAULT_PROBE_TIMEOUT);
    }

    /**
     * @param value how long the probe waits for {@code server/discover}'s answer; positive
     * @return a copy with that probe timeout; never null
     */
    public VersionNegotiation withProbeTimeout(Duration value) {
        Objects.requireNonNull(value, "probeTimeout");
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException("probeTimeout must be positive, was " + value);
        }
        return new VersionNegotiation(pinned, probe, value);
    }

    /** @return the one revision allowed; null unless {@link #pinned(String)} */
    public String pinnedVersion() {
        return pinned;
    }

    /** @return whether {@code server/discover} is sent first */
    public boolean probes() {
        return probe;
    }

    /** @return how long the probe waits for its answer; never null */
    public Duration probeTimeout() {
        return probeTimeout;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof VersionNegotiation that && Objects.equals(pinned, that.pinned) && probe == that.probe
                && probeTimeout.equals(that.probeTimeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pinned, probe, probeTimeout);
    }

    @Override
    public String toString() {
        String mode = pinned != null ? "pinned " + pinned : probe ? "auto" : "handshake";
        return "VersionNegotiation[" + mode + ", probeTimeout=" + probeTimeout.toMillis() + " ms]";
    }
}
