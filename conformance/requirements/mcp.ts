import { requirementsFrom, type Requirement } from './requirement.js';

const transport = requirementsFrom('MCP 2025-11-25', '2025-11-25');
const modern = requirementsFrom('MCP 2026-07-28', '2026-07-28');

/** Rules of the MCP revisions that the contract predates: where the protocol moved on. */
export const MCP_REQUIREMENTS: readonly Requirement[] = [
  transport.should(
    'mcp-2025-11-25-stream-get',
    'basic/transports#listening-for-messages-from-the-server',
    'GET / answers an event stream or 405, which strict clients need (the contract\'s 404 wins: a warning, never a failure)',
    ['stream-get-strict-clients'],
  ),
  modern.must('mcp-2026-07-28-discover', 'server/discover', 'server/discover names the supported revisions, the capabilities and the server', ['modern-discover']),
  modern.must('mcp-2026-07-28-result-type', 'basic/index "Result Responses"', 'Every result carries resultType', ['modern-result-type']),
  modern.should('mcp-2026-07-28-server-info', 'basic/index "_meta"', 'Results name the server in _meta', ['modern-server-info']),
  modern.must('mcp-2026-07-28-cache-hints', 'server/utilities/caching', 'tools/list carries ttlMs and cacheScope', ['modern-tools-list-cache-hints']),
  modern.must('mcp-2026-07-28-envelope', 'basic/index "_meta"', 'A request without the _meta protocol fields is refused with -32602', ['modern-envelope-32602']),
  modern.must(
    'mcp-2026-07-28-header-mismatch',
    'basic/transports/streamable-http "Server Validation"',
    'Mcp-Method and Mcp-Name must agree with the body, else 400 and -32020',
    ['modern-header-mismatch-32020'],
  ),
  modern.must(
    'mcp-2026-07-28-header-encoding',
    'basic/transports/streamable-http "Value Encoding"',
    'A Base64-encoded Mcp-Name is decoded before it is compared',
    ['modern-mcp-name-base64'],
  ),
  modern.must(
    'mcp-2026-07-28-unsupported-version',
    'basic/versioning "Protocol Version Negotiation"',
    'An unknown protocol version gets 400 and -32022 naming the supported and requested versions',
    ['modern-unsupported-version-32022'],
  ),
  modern.must(
    'mcp-2026-07-28-unknown-method',
    'basic/transports/streamable-http',
    'A method the server does not offer gets HTTP 404 and -32601 under the request id',
    ['modern-unknown-method-404'],
  ),
  modern.should(
    'mcp-2026-07-28-cimd-advertised',
    'basic/authorization/client-registration',
    'The authorization server metadata advertises client_id_metadata_document_supported',
    ['client-id-metadata-document-supported'],
  ),
  modern.must(
    'mcp-2026-07-28-cimd-flow',
    'basic/authorization/client-registration',
    'An https client_id whose metadata document lists the redirect URI completes the authorization code flow',
    ['client-metadata-document-flow'],
  ),
  modern.must(
    'mcp-2026-07-28-cimd-mismatch',
    'basic/authorization/client-registration',
    'A metadata document whose client_id is not its own URL is refused, without a redirect',
    ['bad-client-metadata-document-refused'],
  ),
];
