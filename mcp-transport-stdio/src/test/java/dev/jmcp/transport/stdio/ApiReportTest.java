package dev.jmcp.transport.stdio;

import dev.jmcp.apicheck.ApiReportCheck;

/** This module's API report, {@code api/mcp-transport-stdio.api}, is current; see {@link ApiReportCheck}. */
class ApiReportTest extends ApiReportCheck {
}
