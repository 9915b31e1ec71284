import { branch, branchIn, inEra, requirementsFrom, type Requirement } from './requirement.js';
import { CLIENT, CONFIDENTIAL, PERMISSION, TLS } from './rfc-reasons.js';

const rfc7009 = requirementsFrom('RFC 7009', 'any');

/**
 * RFC 7009 (Token Revocation), every MUST, SHOULD and MAY binding the authorization server,
 * beyond rfcs.ts (whose ids stay there). Read in round three from a section-by-section normative
 * condensation of the RFC found in the code index, with the rfc-editor.org text of sections 2 and
 * 2.1 and the wording of section 2.2 confirmed in the implementations that quote it.
 */
export const RFC7009_REQUIREMENTS: readonly Requirement[] = [
  rfc7009.must('rfc7009-2-refresh-tokens', '2', 'Refresh tokens can be revoked', ['revoked-refresh-token-signs-out'], ['client']),
  rfc7009.should('rfc7009-2-access-tokens', '2', 'Access tokens can be revoked', ['revoked-access-token-401'], ['client']),
  rfc7009.must('rfc7009-2-post', '2, 2.1', 'The revocation endpoint takes an HTTP POST with a form-encoded body', ['revoked-access-token-401']),
  rfc7009.must('rfc7009-2-endpoint-url', '2', 'The revocation endpoint URL follows RFC 6749 section 3.1 (absolute, no fragment)', ['endpoints']),
  rfc7009.must('rfc7009-2-tls', '2', 'The revocation endpoint is an https URL and the server uses TLS; an http twin, if any, is never published', { unobservable: TLS }),
  rfc7009.must('rfc7009-2.1-token-required', '2.1', 'token is required: a request without it is an error', ['revoke-error-response'], ['client', 'token']),
  // Each token kind under the other's hint, for each client kind: derived from the revocation table.
  rfc7009.must('rfc7009-2.1-hint-fallback', '2.1', 'A token not found under its token_type_hint is searched for under every type', [
    'revoke-under-other-hint',
    'revoke-refresh-under-access-hint',
  ], ['client', 'token']),
  rfc7009.may('rfc7009-2.1-hint-ignored', '2.1', 'The server may ignore token_type_hint', { unobservable: PERMISSION }),
  rfc7009.must('rfc7009-2.1-confidential', '2.1', 'Confidential clients authenticate to revoke', { unobservable: CONFIDENTIAL }),
  rfc7009.must('rfc7009-2.1-invalidate', '2.1', 'A revoked token stops working at once', [
    branchIn('2025-11-25', 'access token', 'revoked-access-token-401'),
    branchIn('2025-11-25', 'refresh token', 'revoked-refresh-token-signs-out'),
    inEra('2026-07-28', 'revoked-access-token-401', 'revoked-refresh-token-signs-out'),
  ]),
  rfc7009.must('rfc7009-2.1-client-stops', '2.1', 'A client does not use a token after its revocation was answered 200', { unobservable: CLIENT }),
  rfc7009.may('rfc7009-2.1-access-takes-refresh', '2.1', 'Revoking an access token may revoke its refresh token too', { unobservable: PERMISSION }),
  rfc7009.must('rfc7009-2.2-unknown-hint', '2.2', 'A token_type_hint the server does not know is ignored and changes nothing in the answer', ['revoke-unknown-hint-ignored']),
  rfc7009.must('rfc7009-2.2.1-errors', '2.2.1', 'Revocation errors are RFC 6749 section 5.2 errors: a status and a JSON error code', [
    branch('a request without a token (invalid_request)', 'revoke-error-response'),
    branch('a client_id that is no client (invalid_client)', 'revoke-malformed-client-id-document'),
  ]),
  rfc7009.may('rfc7009-2.2.1-unsupported-token-type', '2.2.1', 'A server that cannot revoke a type may answer unsupported_token_type', { unobservable: PERMISSION }),
  rfc7009.may('rfc7009-2.2.1-retry-after', '2.2.1', 'A 503 may carry Retry-After (the client then assumes the token lives on)', { unobservable: PERMISSION }),
  rfc7009.may('rfc7009-2.3-cors', '2.3', 'The endpoint may answer cross-origin (CORS) requests, and JSONP over GET', { unobservable: PERMISSION }),
  rfc7009.must('rfc7009-5-denial-of-service', '5', 'The endpoint has countermeasures against denial of service, invalid hints included', {
    unobservable: 'what load the endpoint withstands cannot be measured without attacking the deployment; the runner sends a few requests',
  }),
  rfc7009.must('rfc7009-5-client-authenticates-endpoint', '5', 'Clients authenticate the revocation endpoint (certificate checks)', { unobservable: CLIENT }),
];
