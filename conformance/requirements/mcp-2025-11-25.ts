import { MCP_REASON as why } from './mcp-reasons.js';
import { requirementsFrom, type Requirement } from './requirement.js';

const { must, should, may } = requirementsFrom('MCP 2025-11-25', '2025-11-25');
const anyEra = requirementsFrom('MCP 2025-11-25', 'any');

/**
 * The normative sentences of MCP 2025-11-25 (`docs/specification/2025-11-25/`) that bind a
 * server or the server side of authorization, page by page; client-only sentences are left out.
 */
export const MCP_2025_11_25_REQUIREMENTS: readonly Requirement[] = [
  should(
    'mcp-2025-11-25-stream-get',
    'basic/transports#listening-for-messages-from-the-server',
    'GET / answers an event stream or 405, which strict clients need (the contract\'s 404 wins: a warning, never a failure)',
    ['stream-get-strict-clients'],
  ),
];
