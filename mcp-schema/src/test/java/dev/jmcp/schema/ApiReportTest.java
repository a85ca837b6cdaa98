package dev.jmcp.schema;

import dev.jmcp.apicheck.ApiReportCheck;

/** This module's API report, {@code api/mcp-schema.api}, is current; see {@link ApiReportCheck}. */
class ApiReportTest extends ApiReportCheck {
}
