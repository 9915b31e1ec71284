import { requirementsFrom, type Requirement } from './requirement.js';

const rfc6750 = requirementsFrom('RFC 6750', 'any');
const rfc7009 = requirementsFrom('RFC 7009', 'any');
const rfc7636 = requirementsFrom('RFC 7636', 'any');
const rfc8414 = requirementsFrom('RFC 8414', 'any');
const rfc8707 = requirementsFrom('RFC 8707', 'any');

const PERMISSION = 'a permission: either choice conforms, so there is nothing to fail';
const CONFIDENTIAL = 'binds confidential clients and their credentials; this deployment serves public clients only';
const OPAQUE = 'access tokens are opaque to the client: their audience and contents cannot be read from outside';

/**
 * The sentences of RFC 6750, 7009, 7636, 8414 and 8707 that bind a resource server or an
 * authorization server serving public clients, beyond rfcs.ts (whose ids stay). RFC 8707 was read
 * from its text; 6750, 7009, 7636 and 8414 were not found as text here and are listed from their
 * published section structure (closing note). RFC 9207, 9700 and 9728, read sentence by sentence,
 * have files of their own.
 */
export const RFC_OTHER_REQUIREMENTS: readonly Requirement[] = [
  rfc6750.must('rfc6750-2.1-header', '2.1', 'The resource server accepts the token in the Authorization: Bearer header', ['tools-call']),
  rfc6750.may('rfc6750-2.2-2.3-body-query', '2.2, 2.3', 'The token may also be accepted in a form body or the query (MCP forbids the query)', { unobservable: PERMISSION }),
  rfc6750.must('rfc6750-3-challenge', '3', 'A request without a usable token gets WWW-Authenticate with the Bearer scheme', ['missing-token-401', 'invalid-token-401']),
  rfc6750.should('rfc6750-3-error-code', '3', 'A request whose token failed names the error (error="invalid_token") in the challenge', {
    unobservable:
      'observable, not checked: the contract (section 5.4) fixes the challenge as Bearer resource_metadata="…" without error; the contract wins, and a check would warn against it',
  }),
  rfc6750.should('rfc6750-3.1-no-error-without-token', '3.1', 'A request with no authentication gets no error code in the challenge', ['missing-token-no-error-code']),
  rfc6750.should('rfc6750-3.1-invalid-token-401', '3.1', 'An expired, revoked or malformed token gets 401', ['invalid-token-401', 'expired-token-401', 'revoked-access-token-401']),
  rfc6750.should('rfc6750-3.1-insufficient-scope-403', '3.1', 'A token without the needed scope gets 403 insufficient_scope', ['foreign-token-403']),
  rfc6750.must('rfc6750-5.3-tls', '5.3', 'Tokens travel over TLS only', {
    unobservable: 'the runner takes the URL it is given; local runs are plain http on loopback, https is the proxy\'s',
  }),

  rfc7009.must('rfc7009-2.1-invalidate', '2.1', 'A revoked token stops working at once', ['revoked-access-token-401']),
  rfc7009.must('rfc7009-2.1-hint-fallback', '2.1', 'A token not found under its token_type_hint is searched for under every type', ['revoke-under-other-hint']),
  rfc7009.must('rfc7009-2.1-confidential', '2.1', 'Confidential clients authenticate to revoke', { unobservable: CONFIDENTIAL }),
  rfc7009.may('rfc7009-2.2.1-unsupported-token-type', '2.2.1', 'A server that cannot revoke a type may answer unsupported_token_type', { unobservable: PERMISSION }),

  rfc7636.must('rfc7636-4.4-associate', '4.4', 'The challenge and its method are bound to the code they were sent with', ['pkce-verifier-mismatch', 'pkce-no-downgrade']),
  rfc7636.must('rfc7636-4.4.1-required', '4.4.1', 'A server requiring PKCE refuses a request without code_challenge with invalid_request', ['pkce-required', 'authorization-error-redirect']),
  rfc7636.must('rfc7636-4.4-not-exposed', '4.4', 'The challenge is not handed out in a form others can extract', {
    unobservable: 'what the server keeps and where is internal',
  }),
  rfc7636.must('rfc7636-4.6-s256', '4.6', 'The verifier is checked by the method the challenge was sent with (S256: BASE64URL(SHA256(verifier)))', [
    'authorization-code-flow',
    'pkce-verifier-mismatch',
  ]),

  rfc8414.must('rfc8414-2-issuer-form', '2', 'issuer is an https URL without query or fragment', ['authorization-server-metadata', 'issuer-matches-base-url']),
  rfc8414.must('rfc8414-2-zero-values', '2', 'Parameters with zero values are omitted', ['metadata-no-empty-lists']),
  rfc8414.must('rfc8414-3-well-known', '3', 'The metadata is at /.well-known/oauth-authorization-server built from the issuer', ['authorization-server-metadata']),
  rfc8414.must('rfc8414-3.2-unknown-ignored', '3.2', 'Unknown metadata parameters are ignored by consumers', { unobservable: 'binds the consumer (the client)' }),

  rfc8707.must('rfc8707-2-absolute-uri', '2', 'A resource that is not an absolute URI, or has a fragment, is malformed', ['resource-foreign-invalid-target']),
  rfc8707.should('rfc8707-2-audience', '2', 'Tokens are audience-restricted to the resource asked for', { unobservable: OPAQUE }),
  rfc8707.may('rfc8707-2.1-omitted', '2.1', 'A request without resource may use a default or fail with invalid_target', { unobservable: PERMISSION }),
  rfc8707.should('rfc8707-2.1-invalid-target', '2.1', 'A resource the server does not accept is refused with invalid_target', ['resource-foreign-invalid-target']),
  rfc8707.should('rfc8707-2.2-token-resource', '2.2', 'At the token endpoint, a resource beyond the grant is refused', ['token-resource-invalid-target']),
];
