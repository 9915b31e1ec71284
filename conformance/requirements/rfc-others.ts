import { requirementsFrom, type Requirement } from './requirement.js';

const rfc8707 = requirementsFrom('RFC 8707', 'any');
const rfc9207 = requirementsFrom('RFC 9207', 'any');
const rfc9700 = requirementsFrom('RFC 9700', 'any');
const rfc9728 = requirementsFrom('RFC 9728', 'any');

const PERMISSION = 'a permission: either choice conforms, so there is nothing to fail';
const OPAQUE = 'access tokens are opaque to the client: their audience and contents cannot be read from outside';

/**
 * The sentences of RFC 8707, 9207, 9700 and 9728 that bind a resource server or an authorization
 * server serving public clients, beyond rfcs.ts (whose ids stay). RFC 8707 and 9728 were read
 * from their text; 9207 and 9700 were not found as text here and are listed from their published
 * section structure (closing note). RFC 6750, 7009, 7636 and 8414 have their own files.
 */
export const RFC_OTHER_REQUIREMENTS: readonly Requirement[] = [
  rfc8707.must('rfc8707-2-absolute-uri', '2', 'A resource that is not an absolute URI, or has a fragment, is malformed', ['resource-foreign-invalid-target']),
  rfc8707.should('rfc8707-2-audience', '2', 'Tokens are audience-restricted to the resource asked for', { unobservable: OPAQUE }),
  rfc8707.may('rfc8707-2.1-omitted', '2.1', 'A request without resource may use a default or fail with invalid_target', { unobservable: PERMISSION }),
  rfc8707.should('rfc8707-2.1-invalid-target', '2.1', 'A resource the server does not accept is refused with invalid_target', ['resource-foreign-invalid-target']),
  rfc8707.should('rfc8707-2.2-token-resource', '2.2', 'At the token endpoint, a resource beyond the grant is refused', ['token-resource-invalid-target']),

  rfc9207.must('rfc9207-2.4-iss-value', '2.4', 'iss equals the issuer of the metadata', ['iss-returned', 'authorization-error-redirect']),

  rfc9700.must('rfc9700-2.1-exact-redirect', '2.1', 'Redirect URIs are compared by exact string match (loopback ports aside)', [
    'unregistered-redirect-uri-refused',
    'loopback-redirect-any-port',
  ]),
  rfc9700.must('rfc9700-2.1.1-pkce-enforced', '2.1.1', 'A code issued with a challenge is redeemed only with its verifier', ['pkce-verifier-mismatch']),
  rfc9700.should('rfc9700-2.1.1-pkce-advertised', '2.1.1', 'code_challenge_methods_supported is published', ['pkce-methods']),
  rfc9700.should('rfc9700-2.1.2-no-implicit', '2.1.2', 'The implicit grant (response type token) is not offered', ['response-types', 'authorization-error-redirect']),
  rfc9700.should('rfc9700-2.3-audience', '2.3', 'Access tokens are audience-restricted to one resource server', { unobservable: OPAQUE }),
  rfc9700.must('rfc9700-2.4-no-password-grant', '2.4', 'The resource owner password credentials grant is not offered', ['grant-types']),
  rfc9700.must('rfc9700-4.14-refresh-public', '4.14', 'Refresh tokens of public clients are sender-constrained or rotated', ['refresh-token-rotation']),

  rfc9728.must('rfc9728-3.1-get', '3.1', 'The metadata answers an HTTP GET at its well-known URL', ['protected-resource-metadata']),
  rfc9728.must('rfc9728-3.2-json', '3.2', 'The metadata is 200 with an application/json object', ['protected-resource-metadata']),
  rfc9728.must('rfc9728-3.2-zero-values', '3.2', 'Parameters with zero values are omitted (an empty bearer_methods_supported aside)', ['metadata-no-empty-lists']),
  rfc9728.should('rfc9728-2-scopes', '2', 'scopes_supported is published (RECOMMENDED)', ['scopes-supported']),
  rfc9728.should('rfc9728-2-resource-name', '2', 'resource_name is published (RECOMMENDED)', ['protected-resource-name']),
  rfc9728.must('rfc9728-2.2-signed', '2.2', 'Signed metadata is signed and names its issuer', { unobservable: 'the deployment publishes no signed_metadata' }),
];
