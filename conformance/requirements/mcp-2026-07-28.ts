import { MCP_2026_07_28_AUTHORIZATION } from './mcp-2026-07-28-authorization.js';
import { MCP_2026_07_28_BASIC } from './mcp-2026-07-28-basic.js';
import { MCP_2026_07_28_SERVER } from './mcp-2026-07-28-server.js';
import type { Requirement } from './requirement.js';

/**
 * Every normative sentence of MCP 2026-07-28 (`docs/specification/2026-07-28/`) that binds a
 * server, or the server side of authorization, page by page. Sentences that bind only clients
 * are left out; the pages of client features (elicitation, sampling, roots) bind a server only
 * through input requests, listed once under basic/patterns/mrtr.
 */
export const MCP_2026_07_28_REQUIREMENTS: readonly Requirement[] = [
  ...MCP_2026_07_28_BASIC,
  ...MCP_2026_07_28_AUTHORIZATION,
  ...MCP_2026_07_28_SERVER,
];
