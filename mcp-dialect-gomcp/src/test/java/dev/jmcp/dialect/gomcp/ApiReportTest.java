package dev.jmcp.dialect.gomcp;

import dev.jmcp.apicheck.ApiReportCheck;

/** This module's API report, {@code api/mcp-dialect-gomcp.api}, is current; see {@link ApiReportCheck}. */
class ApiReportTest extends ApiReportCheck {
}
