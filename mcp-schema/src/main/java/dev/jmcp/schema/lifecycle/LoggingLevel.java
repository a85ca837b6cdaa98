package dev.jmcp.schema.lifecycle;

/**
 * The severity of a log message, the syslog levels of RFC 5424. The constants are declared from
 * least to most severe, so {@link #ordinal()} order is severity order. On the wire: the lower-case
 * name, such as {@code "warning"}.
 *
 * @since 0.1
 */
public enum LoggingLevel {
    DEBUG,
    INFO,
    NOTICE,
    WARNING,
    ERROR,
    CRITICAL,
    ALERT,
    EMERGENCY;

    /**
     * @param threshold the lowest level that should be sent; never null
     * @return true when a message at this level passes {@code threshold}
     */
    public boolean isAtLeast(LoggingLevel threshold) {
        return compareTo(threshold) >= 0;
    }
}
