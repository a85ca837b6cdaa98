package dev.jmcp.core;

import dev.jmcp.apicheck.ApiReportCheck;

/** This module's API report, {@code api/mcp-core.api}, is current; see {@link ApiReportCheck}. */
class ApiReportTest extends ApiReportCheck {
}
