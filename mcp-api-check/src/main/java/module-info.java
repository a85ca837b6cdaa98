/**
 * The API check of jmcp's library modules, used at test scope only: {@link dev.jmcp.apicheck.ApiReport}
 * writes the report of a module's public signatures, and {@link dev.jmcp.apicheck.ApiReportCheck} is the
 * test that compares it with the report checked in at {@code <module>/api/<artifactId>.api}.
 */
module dev.jmcp.apicheck {
    requires org.junit.jupiter.api;

    exports dev.jmcp.apicheck;
}
