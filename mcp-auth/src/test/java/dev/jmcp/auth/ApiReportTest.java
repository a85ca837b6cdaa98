package dev.jmcp.auth;

import dev.jmcp.apicheck.ApiReportCheck;

/** This module's API report, {@code api/mcp-auth.api}, is current; see {@link ApiReportCheck}. */
class ApiReportTest extends ApiReportCheck {
}
