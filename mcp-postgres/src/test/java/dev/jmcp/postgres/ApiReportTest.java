package dev.jmcp.postgres;

import dev.jmcp.apicheck.ApiReportCheck;

/** This module's API report, {@code api/mcp-postgres.api}, is current; see {@link ApiReportCheck}. */
class ApiReportTest extends ApiReportCheck {
}
