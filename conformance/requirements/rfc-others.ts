import { branch, requirementsFrom, type Requirement } from './requirement.js';
import { OPAQUE, PERMISSION } from './rfc-reasons.js';

const rfc8707 = requirementsFrom('RFC 8707', 'any');

/**
 * The sentences of RFC 8707 that bind a resource server or an authorization server serving public
 * clients, beyond rfcs.ts (whose ids stay), read from its text. RFC 6750, 7009, 7636, 8414, 9207,
 * 9700 and 9728 have files of their own.
 */
export const RFC_OTHER_REQUIREMENTS: readonly Requirement[] = [
  rfc8707.must('rfc8707-2-absolute-uri', '2', 'A resource that is not an absolute URI, or has a fragment, is malformed', [
    branch('fragment, authorization endpoint', 'resource-foreign-invalid-target'),
    branch('not an absolute URI', 'resource-relative-invalid-target'),
    branch('token endpoint', 'resource-relative-invalid-target'),
    branch('fragment, token endpoint (refresh grant)', 'resource-relative-invalid-target'),
  ]),
  rfc8707.should('rfc8707-2-audience', '2', 'Tokens are audience-restricted to the resource asked for', { unobservable: OPAQUE }),
  rfc8707.may('rfc8707-2.1-omitted', '2.1', 'A request without resource may use a default or fail with invalid_target', { unobservable: PERMISSION }),
  rfc8707.should('rfc8707-2.1-invalid-target', '2.1', 'A resource the server does not accept is refused with invalid_target', [
    branch('authorization endpoint', 'resource-foreign-invalid-target'),
    branch('token endpoint, refresh grant', 'token-resource-invalid-target'),
    branch('token endpoint, code grant', 'code-resource-invalid-target'),
  ]),
  rfc8707.should('rfc8707-2.2-token-resource', '2.2', 'At the token endpoint, a resource beyond the grant is refused', [
    branch('refresh grant', 'token-resource-invalid-target'),
    branch('code grant', 'code-resource-invalid-target'),
  ]),
];
