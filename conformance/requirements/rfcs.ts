import { branch, inEra, requirementsFrom, type Requirement } from './requirement.js';

const rfc6749 = requirementsFrom('RFC 6749', 'any');
const rfc7636 = requirementsFrom('RFC 7636', 'any');
const rfc8252 = requirementsFrom('RFC 8252', 'any');
const rfc8414 = requirementsFrom('RFC 8414', 'any');
const rfc9207 = requirementsFrom('RFC 9207', 'any');
const rfc9728 = requirementsFrom('RFC 9728', 'any');
const rfc7009 = requirementsFrom('RFC 7009', 'any');
const oauth21 = requirementsFrom('OAuth 2.1', 'any');
const rfc9700 = requirementsFrom('RFC 9700', 'any');

/** The sections of the RFCs the contract leans on ("standard OAuth 2.0"), where they bind a server. */
export const RFC_REQUIREMENTS: readonly Requirement[] = [
  rfc6749.must('rfc6749-4.1.2-code', '4.1.2', 'An approval redirects to the redirect URI with a code', ['authorization-code-flow']),
  rfc6749.must('rfc6749-4.1.2-state', '4.1.2', 'state is returned exactly as received', ['state-returned']),
  rfc6749.must('rfc6749-4.1.2-code-bound', '4.1.2', 'A code is single use and bound to the client id and redirect URI', [
    'code-single-use',
    'code-bound-to-client',
    'code-bound-to-redirect-uri',
  ]),
  rfc6749.should('rfc6749-4.1.2-code-replay', '4.1.2', 'A code used twice revokes the tokens issued for it', [
    branch('access token', 'code-replay-revokes-tokens'),
    branch('refresh token', 'code-replay-revokes-refresh-token'),
  ]),
  rfc6749.must('rfc6749-4.1.2.1-no-redirect', '4.1.2.1', 'An invalid redirect URI or client id is never redirected to', [
    branch('an unregistered redirect URI: a 4xx error page', 'unregistered-redirect-uri-refused'),
    branch('a missing redirect URI: a 4xx error page', 'unregistered-redirect-uri-refused'),
    branch('an unknown client id: a 4xx error page', 'unknown-client-error-page'),
  ]),
  rfc6749.must('rfc6749-4.1.2.1-error-redirect', '4.1.2.1', 'Other errors redirect with error and the exact state', ['authorization-error-redirect']),
  rfc6749.must('rfc6749-4.1.2.1-access-denied', '4.1.2.1', 'A refusal by the person redirects with access_denied and state', [
    'authorization-denied-redirect',
  ]),
  rfc6749.must('rfc6749-4.1.2.1-invalid-scope', '4.1.2.1', 'An unknown scope redirects with invalid_scope', ['authorization-error-redirect']),
  rfc6749.must('rfc6749-4.1.2.1-response-type', '4.1.2.1', 'An unsupported response type redirects with unsupported_response_type', [
    'authorization-error-redirect',
  ]),
  rfc6749.must('rfc6749-4.1.3-client', '4.1.3', 'The token endpoint checks the code was issued to this client', ['code-bound-to-client'], ['client']),
  rfc6749.must('rfc6749-4.1.3-redirect', '4.1.3', 'The token endpoint checks redirect_uri is identical to the authorization request', [
    'code-bound-to-redirect-uri',
  ], ['client']),
  rfc6749.must('rfc6749-4.1.3-valid-code', '4.1.3', 'An invalid or unknown code is refused', [
    branch('unknown code', 'token-error-responses'),
    branch('spent code', 'code-single-use'),
    branch("another client's code", 'code-bound-to-client'),
  ]),
  rfc6749.must('rfc6749-5.1-no-store', '5.1', 'Token responses carry Cache-Control: no-store', [
    branch('code grant', 'token-no-store'),
    branch('refresh grant', 'refresh-no-store'),
  ]),
  rfc6749.must('rfc6749-5.2-errors', '5.2', 'Token errors carry a JSON error code: invalid_request, invalid_grant, unsupported_grant_type with 400, invalid_client with 400 or 401', [
    branch('a registered client', 'token-error-responses'),
    branch('a client whose metadata document is refused', 'client-metadata-refused-at-token-endpoint'),
  ]),
  rfc6749.must('rfc6749-6-refresh-client', '6', 'A refresh token is bound to the client it was issued to', ['refresh-bound-to-client'], ['client']),
  rfc6749.must('rfc6749-6-refresh-scope', '6', 'A refresh may not ask for scope beyond the grant', ['refresh-no-scope-escalation']),

  rfc7636.must('rfc7636-4.1-verifier', '4.1', 'A verifier (and a plain challenge) is 43-128 unreserved characters', [
    branch('too short', 'authorization-error-redirect', 'pkce-verifier-form-refused'),
    branch('outside the unreserved characters', 'pkce-verifier-form-refused'),
    branch('longer than 128 characters', 'pkce-verifier-form-refused'),
  ]),
  rfc7636.must('rfc7636-4.4.1-unknown-method', '4.4.1', 'An unsupported challenge method is refused', ['pkce-unknown-method-refused']),
  rfc7636.must('rfc7636-4.6-verify', '4.6', 'A verifier that does not match the challenge gets invalid_grant', ['pkce-verifier-mismatch']),

  rfc8252.must('rfc8252-7.3-loopback-port', '7.3', 'A loopback redirect URI is accepted on any port', ['loopback-redirect-any-port']),

  rfc8414.must('rfc8414-2-required', '2', 'The metadata has issuer, authorization_endpoint, token_endpoint and response_types_supported', [
    'authorization-server-metadata',
    'endpoints',
    'response-types',
  ]),
  rfc8414.must('rfc8414-3.2-response', '3.2', 'The metadata is answered 200 with application/json', ['authorization-server-metadata']),
  rfc8414.must('rfc8414-3.3-issuer', '3.3', 'The issuer is identical to the one the metadata URL was built from', ['issuer-matches-base-url']),

  rfc9207.must('rfc9207-2-iss', '2', 'iss is on every authorization response, success and error', [
    'iss-returned',
    'authorization-error-redirect',
    'authorization-denied-redirect',
  ]),
  rfc9207.must('rfc9207-3-advertised', '3', 'authorization_response_iss_parameter_supported is true where iss is sent', [
    'iss-parameter-advertised',
  ]),

  rfc9728.must('rfc9728-2-fields', '2-3', 'The metadata names the resource and its authorization servers, at the well-known URL', [
    'protected-resource-metadata',
  ]),
  rfc9728.must('rfc9728-3.3-resource', '3.3', 'resource is identical to the resource identifier the client used', ['resource-matches-base-url']),
  rfc9728.must('rfc9728-5.1-challenge', '5.1', 'A 401 names the metadata URL in WWW-Authenticate resource_metadata', [
    inEra('2025-11-25', 'missing-token-401', 'invalid-token-401'),
    inEra('2026-07-28', 'missing-token-401', 'invalid-token-401'),
    branch('every 401 of the run, either era (invariant)', 'mcp-401-challenge'),
  ]),

  rfc7009.should('rfc7009-2.1-refresh', '2.1', 'Revoking a refresh token invalidates the access tokens of its grant', [
    inEra('2025-11-25', 'revoked-refresh-token-signs-out'),
    inEra('2026-07-28', 'revoked-refresh-token-signs-out'),
  ]),
  // Each token kind, for each client kind: derived from the revocation table (client_id other-client, omitted).
  rfc7009.must('rfc7009-2.1-client', '2.1', 'Only the client a token was issued to may revoke it', [
    'revoke-other-clients-token-ignored',
    'revoke-other-clients-refresh-ignored',
  ], ['client', 'token']),
  rfc7009.must('rfc7009-2.2-unknown', '2.2', 'An invalid token gets 200', ['revoke-unknown-token-200']),

  oauth21.must('oauth21-4.1.1-pkce', '4.1.1', 'A request without code_challenge is refused', ['pkce-required'], ['client']),
  oauth21.must('oauth21-4.1.1-exact-redirect', '4.1.1', 'The redirect URI is compared by exact string match', ['unregistered-redirect-uri-refused']),
  oauth21.must('oauth21-4.3.1-rotation', '4.3.1', 'Refresh tokens of public clients rotate, and a spent one is refused', [
    'refresh-token-rotation',
    'spent-refresh-token-refused',
  ]),

  rfc9700.must('rfc9700-2.1.1-downgrade', '2.1.1', 'PKCE downgrade is refused: a code issued for S256 does not take a plain verifier', [
    'pkce-no-downgrade',
  ]),
  rfc9700.should('rfc9700-4.14.2-reuse', '4.14.2', 'A spent refresh token presented again revokes the grant', ['spent-refresh-revokes-grant']),
  rfc9700.should(
    'rfc9700-4.11.2-open-redirector',
    '4.11.2',
    'An error never bounces an unauthenticated browser to a web redirect URI anyone could have registered a moment ago',
    ['no-error-redirect-to-untrusted-web-uri'],
  ),
  rfc9700.must('rfc9700-4.16-clickjacking', '4.16', 'The authorization pages cannot be framed by another site', [
    branch('consent page', 'consent-not-framable'),
    branch('sign-in page', 'sign-in-not-framable'),
  ]),
];
