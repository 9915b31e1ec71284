import { requirementsFrom, type Requirement } from './requirement.js';

const authprobe = requirementsFrom('peer tools', 'any');

/**
 * authprobe's published findings (docs/funnel.md, "Failure Codes by Step"), outside the MCP core
 * the 2025-11-25 and 2026-07-28 manifests carry: what an operator wants to know that the RFCs
 * leave implicit. Sections are authprobe's finding codes. MCPJam's checks were not read (closing
 * note of issue 26).
 */
export const PEER_REQUIREMENTS: readonly Requirement[] = [
  authprobe.must('peers-authprobe-discovery-no-www-authenticate', 'authprobe DISCOVERY_NO_WWW_AUTHENTICATE, HEADER_STRIPPED_BY_PROXY_SUSPECTED', 'A 401 from the MCP endpoint still carries WWW-Authenticate with resource_metadata (no proxy strips it)', [
    'missing-token-401',
    'unauthenticated-get-401',
  ]),
  authprobe.should('peers-authprobe-get-not-sse', 'authprobe MCP_GET_NOT_SSE', 'GET on the MCP endpoint answers an event stream or 405', ['stream-get-strict-clients']),
  authprobe.must('peers-authprobe-prm', 'authprobe PRM_HTTP_STATUS_NOT_200, PRM_CONTENT_TYPE_NOT_JSON, PRM_NOT_JSON_OBJECT, PRM_RESOURCE_MISSING, PRM_MISSING_AUTHORIZATION_SERVERS', 'The protected-resource metadata is a 200 JSON object with resource and authorization_servers', [
    'protected-resource-metadata',
  ]),
  authprobe.must('peers-authprobe-prm-resource', 'authprobe PRM_RESOURCE_MISMATCH, PRM_RESOURCE_TRAILING_SLASH, RESOURCE_FRAGMENT_FORBIDDEN', 'resource is the MCP endpoint exactly: no trailing slash, no fragment', [
    'resource-matches-base-url',
  ]),
  authprobe.must('peers-authprobe-bearer-methods', 'authprobe PRM_BEARER_METHODS_INVALID', 'bearer_methods_supported holds only header, body or query', ['bearer-methods-supported']),
  authprobe.must('peers-authprobe-as-metadata', 'authprobe AUTH_SERVER_METADATA_INVALID, AUTH_SERVER_METADATA_CONTENT_TYPE_NOT_JSON', 'The authorization-server metadata is 200 JSON with issuer and both endpoints', [
    'authorization-server-metadata',
    'endpoints',
  ]),
  authprobe.must('peers-authprobe-issuer', 'authprobe AUTH_SERVER_ISSUER_MISMATCH, AUTH_SERVER_ISSUER_QUERY_FRAGMENT', 'issuer equals the URL discovery started from, with no query or fragment', ['issuer-matches-base-url']),
  authprobe.must('peers-authprobe-s256', 'authprobe AUTH_SERVER_PKCE_S256_MISSING', 'code_challenge_methods_supported includes S256', ['pkce-methods']),
  authprobe.must('peers-authprobe-token-errors', 'authprobe TOKEN_RESPONSE_NOT_JSON_RISK, TOKEN_HTTP200_ERROR_PAYLOAD_RISK', 'A bad token request gets a JSON error with a 4xx status, never 200', ['token-error-responses']),
  authprobe.must('peers-authprobe-dcr-redirects', 'authprobe DCR_HTTP_REDIRECT_ACCEPTED, DCR_DANGEROUS_URI_ACCEPTED, DCR_LOCALHOST_REDIRECT_ACCEPTED', 'Registration refuses plain http off loopback and javascript:, data: or file: redirect URIs', [
    'registration-refuses-bad-redirect-uri',
  ]),
  authprobe.must('peers-authprobe-dcr-empty-redirects', 'authprobe DCR_EMPTY_REDIRECT_URIS_ACCEPTED', 'Registration without redirect URIs is refused', {
    unobservable: 'observable, not checked yet: registration-refuses-bad-metadata does not send an empty redirect_uris',
  }),
  authprobe.should('peers-authprobe-dcr-open', 'authprobe DCR_ENDPOINT_OPEN', 'Registration asks for authentication', {
    unobservable:
      'the contract opens registration to anyone, as MCP clients need (MCP authorization, Dynamic Client Registration); the risk is met by its rate limit (registration-rate-limit) instead',
  }),
  authprobe.must('peers-authprobe-origin', 'authprobe MCP_ORIGIN_NOT_VALIDATED', 'A request from a foreign Origin is refused', ['foreign-origin-refused']),
  authprobe.must('peers-authprobe-version-rejection', 'authprobe MCP_PROTOCOL_VERSION_REJECTION_MISSING', 'An unsupported MCP-Protocol-Version is refused', ['unsupported-protocol-version-400']),
];
