import { requirementsFrom, type Requirement } from './requirement.js';

const transport = requirementsFrom('MCP 2025-11-25', '2025-11-25');
const authorization = requirementsFrom('MCP 2026-07-28', '2026-07-28');

/** Rules of the MCP revisions that the contract predates: where the protocol moved on. */
export const MCP_REQUIREMENTS: readonly Requirement[] = [
  transport.should(
    'mcp-2025-11-25-stream-get',
    'basic/transports#listening-for-messages-from-the-server',
    'GET / answers an event stream or 405, which strict clients need (the contract\'s 404 wins: a warning, never a failure)',
    ['stream-get-strict-clients'],
  ),
  authorization.should(
    'mcp-2026-07-28-cimd-advertised',
    'basic/authorization/client-registration',
    'The authorization server metadata advertises client_id_metadata_document_supported',
    ['client-id-metadata-document-supported'],
  ),
  authorization.must(
    'mcp-2026-07-28-cimd-flow',
    'basic/authorization/client-registration',
    'An https client_id whose metadata document lists the redirect URI completes the authorization code flow',
    ['client-metadata-document-flow'],
  ),
  authorization.must(
    'mcp-2026-07-28-cimd-mismatch',
    'basic/authorization/client-registration',
    'A metadata document whose client_id is not its own URL is refused, without a redirect',
    ['bad-client-metadata-document-refused'],
  ),
];
