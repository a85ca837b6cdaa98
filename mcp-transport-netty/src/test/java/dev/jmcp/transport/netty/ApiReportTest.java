package dev.jmcp.transport.netty;

import dev.jmcp.apicheck.ApiReportCheck;

/** This module's API report, {@code api/mcp-transport-netty.api}, is current; see {@link ApiReportCheck}. */
class ApiReportTest extends ApiReportCheck {
}
