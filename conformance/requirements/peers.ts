import { inEra, requirementsFrom, type Requirement } from './requirement.js';

const peers = requirementsFrom('peer tools', 'any');

/**
 * authprobe's published findings (docs/funnel.md, "Failure Codes by Step"), outside the MCP core
 * the 2025-11-25 and 2026-07-28 manifests carry, and MCPJam's published checks (docs/cli:
 * oauth-conformance --conformance-checks, apps conformance; its readiness check grades against
 * directory policies it does not publish): what an operator wants to know that the documents leave
 * implicit. Sections are the tools' own finding codes and check ids.
 */
export const PEER_REQUIREMENTS: readonly Requirement[] = [
  peers.must('peers-authprobe-discovery-no-www-authenticate', 'authprobe DISCOVERY_NO_WWW_AUTHENTICATE, HEADER_STRIPPED_BY_PROXY_SUSPECTED', 'A 401 from the MCP endpoint still carries WWW-Authenticate with resource_metadata (no proxy strips it)', [
    inEra('2025-11-25', 'missing-token-401', 'unauthenticated-get-401'),
    inEra('2026-07-28', 'missing-token-401'),
  ]),
  peers.should('peers-authprobe-get-not-sse', 'authprobe MCP_GET_NOT_SSE', 'GET on the MCP endpoint answers an event stream or 405', [
    inEra('2025-11-25', 'stream-get-strict-clients'),
    inEra('2026-07-28', 'modern-legacy-stream-405'),
  ]),
  peers.must('peers-authprobe-prm', 'authprobe PRM_HTTP_STATUS_NOT_200, PRM_CONTENT_TYPE_NOT_JSON, PRM_NOT_JSON_OBJECT, PRM_RESOURCE_MISSING, PRM_MISSING_AUTHORIZATION_SERVERS', 'The protected-resource metadata is a 200 JSON object with resource and authorization_servers', [
    'protected-resource-metadata',
  ]),
  peers.must('peers-authprobe-prm-resource', 'authprobe PRM_RESOURCE_MISMATCH, PRM_RESOURCE_TRAILING_SLASH, RESOURCE_FRAGMENT_FORBIDDEN', 'resource is the MCP endpoint exactly: no trailing slash, no fragment', [
    'resource-matches-base-url',
  ]),
  peers.must('peers-authprobe-bearer-methods', 'authprobe PRM_BEARER_METHODS_INVALID', 'bearer_methods_supported holds only header, body or query', ['bearer-methods-supported']),
  peers.must('peers-authprobe-as-metadata', 'authprobe AUTH_SERVER_METADATA_INVALID, AUTH_SERVER_METADATA_CONTENT_TYPE_NOT_JSON', 'The authorization-server metadata is 200 JSON with issuer and both endpoints', [
    'authorization-server-metadata',
    'endpoints',
  ]),
  peers.must('peers-authprobe-issuer', 'authprobe AUTH_SERVER_ISSUER_MISMATCH, AUTH_SERVER_ISSUER_QUERY_FRAGMENT', 'issuer equals the URL discovery started from, with no query or fragment', ['issuer-matches-base-url']),
  peers.must('peers-authprobe-s256', 'authprobe AUTH_SERVER_PKCE_S256_MISSING', 'code_challenge_methods_supported includes S256', ['pkce-methods']),
  peers.must('peers-authprobe-token-errors', 'authprobe TOKEN_RESPONSE_NOT_JSON_RISK, TOKEN_HTTP200_ERROR_PAYLOAD_RISK', 'A bad token request gets a JSON error with a 4xx status, never 200', ['token-error-responses']),
  peers.must('peers-authprobe-dcr-redirects', 'authprobe DCR_HTTP_REDIRECT_ACCEPTED, DCR_DANGEROUS_URI_ACCEPTED, DCR_LOCALHOST_REDIRECT_ACCEPTED', 'Registration refuses plain http off loopback and javascript:, data: or file: redirect URIs', [
    'registration-refuses-bad-redirect-uri',
  ]),
  peers.must('peers-authprobe-dcr-empty-redirects', 'authprobe DCR_EMPTY_REDIRECT_URIS_ACCEPTED', 'Registration without redirect URIs is refused', [
    'registration-refuses-empty-redirect-uris',
  ]),
  peers.should('peers-authprobe-dcr-open', 'authprobe DCR_ENDPOINT_OPEN', 'Registration asks for authentication', {
    unobservable:
      'the contract opens registration to anyone, as MCP clients need (MCP authorization, Dynamic Client Registration); the risk is met by its rate limit (registration-rate-limit) instead',
  }),
  peers.must('peers-authprobe-origin', 'authprobe MCP_ORIGIN_NOT_VALIDATED', 'A request from a foreign Origin is refused', [
    inEra('2025-11-25', 'foreign-origin-refused'),
    inEra('2026-07-28', 'modern-foreign-origin-403'),
  ]),
  peers.must('peers-authprobe-version-rejection', 'authprobe MCP_PROTOCOL_VERSION_REJECTION_MISSING', 'An unsupported MCP-Protocol-Version is refused', [
    inEra('2025-11-25', 'unsupported-protocol-version-400'),
    inEra('2026-07-28', 'modern-unsupported-version-32022'),
  ]),

  peers.must('peers-mcpjam-dcr-redirect-policy', 'MCPJam oauth conformance: DCR redirect URI policy', 'Registration refuses a plain http redirect URI off loopback', ['registration-refuses-bad-redirect-uri']),
  peers.must('peers-mcpjam-invalid-client', 'MCPJam oauth conformance: invalid client', 'An unknown client_id is refused', ['unknown-client-error-page', 'unknown-client-json']),
  peers.must('peers-mcpjam-invalid-redirect-authorize', 'MCPJam oauth conformance: invalid redirect at the authorization endpoint', 'A mismatched redirect_uri is refused before anything is sent to it', ['unregistered-redirect-uri-refused']),
  peers.must('peers-mcpjam-invalid-token', 'MCPJam oauth conformance: invalid token', 'An invalid bearer token gets 401', [
    inEra('2025-11-25', 'invalid-token-401'),
    inEra('2026-07-28', 'invalid-token-401'),
  ]),
  peers.must('peers-mcpjam-invalid-redirect-token', 'MCPJam oauth conformance: invalid redirect at the token endpoint', 'A code redeemed with another redirect_uri is refused', ['code-bound-to-redirect-uri']),
  peers.must('peers-mcpjam-token-format', 'MCPJam oauth conformance: token format', 'The token response has access_token, token_type and expires_in', ['token-scope-and-lifetime', 'authorization-code-flow']),
  peers.must('peers-mcpjam-verify-tools', 'MCPJam oauth conformance: --verify-tools, --verify-call-tool', 'The issued token lists and calls tools (no audience or scope mismatch downstream)', [
    inEra('2025-11-25', 'tools-list', 'tools-call'),
    inEra('2026-07-28', 'modern-result-type'),
  ]),
  peers.must('peers-mcpjam-ui-tool-metadata', 'MCPJam apps conformance: ui-tool-metadata-valid', 'A tool with a view has a valid _meta.ui.resourceUri and visibility', ['mcp-app-tool-ui-resource']),
  peers.must('peers-mcpjam-ui-listed-resources', 'MCPJam apps conformance: ui-listed-resources-valid', 'A ui:// resource in resources/list declares text/html;profile=mcp-app', [
    'mcp-app-listed-view-mime-type',
  ]),
  peers.must('peers-mcpjam-ui-resources-readable', 'MCPJam apps conformance: ui-resources-readable, ui-resource-contents-valid', 'Each view a tool names reads back with exactly one HTML payload', ['mcp-app-resource-read']),
  peers.must('peers-mcpjam-ui-resource-meta', 'MCPJam apps conformance: ui-resource-meta-valid', "A view's _meta.ui csp, permissions, domain and prefersBorder have valid shapes", ['mcp-app-resource-csp']),
];
