package dev.jmcp.skills;

import dev.jmcp.apicheck.ApiReportCheck;

/** This module's API report, {@code api/mcp-skills.api}, is current; see {@link ApiReportCheck}. */
class ApiReportTest extends ApiReportCheck {
}
