import { branch, branchIn, inEra, requirementsFrom, type Requirement } from './requirement.js';
import { CLIENT, OPAQUE, PERMISSION, TLS } from './rfc-reasons.js';

const rfc6750 = requirementsFrom('RFC 6750', 'any');

/**
 * RFC 6750 (Bearer Token Usage), every MUST, SHOULD and MAY, section by section. Read in round
 * three from a section-by-section normative condensation of the RFC found in the code index
 * (each normative sentence kept), checked against the rfc-editor.org text of section 3 and the
 * opening of the document; ids of the first reading (round two, section structure only) are kept.
 */
export const RFC6750_REQUIREMENTS: readonly Requirement[] = [
  rfc6750.must('rfc6750-2-one-method', '2', 'A client sends its token by one method per request', { unobservable: CLIENT }),
  rfc6750.must('rfc6750-2.1-header', '2.1', 'The resource server accepts the token in the Authorization: Bearer header', [
    inEra('2025-11-25', 'tools-call'),
    inEra('2026-07-28', 'modern-result-type'),
  ]),
  rfc6750.should('rfc6750-2.1-client-header', '2.1', 'Clients use the Authorization header with the Bearer scheme', { unobservable: CLIENT }),
  rfc6750.may('rfc6750-2.2-2.3-body-query', '2.2, 2.3', 'The token may also be accepted in a form body or the query (MCP forbids the query)', { unobservable: PERMISSION }),
  rfc6750.must('rfc6750-2.2-body-conditions', '2.2', 'A token in the body only in a single-part, ASCII, form-encoded, non-GET request', { unobservable: CLIENT }),
  rfc6750.should('rfc6750-2.2-2.3-avoid', '2.2, 2.3', 'The body and query methods are not used where the header can be', { unobservable: CLIENT }),
  rfc6750.should('rfc6750-2.3-client-no-store', '2.3', 'A client sending the token in the query also sends Cache-Control: no-store', { unobservable: CLIENT }),
  rfc6750.should('rfc6750-2.3-private', '2.3', 'A success answered to a token in the query carries Cache-Control: private', {
    unobservable: 'binds a resource server that takes the token from the query; MCP forbids that method, and a deployment that ignores a query token has no such success to mark',
  }),
  rfc6750.must('rfc6750-3-challenge', '3', 'A request without a usable token gets WWW-Authenticate with the Bearer scheme', [
    inEra('2025-11-25', 'missing-token-401', 'invalid-token-401'),
    inEra('2026-07-28', 'missing-token-401', 'invalid-token-401'),
  ]),
  rfc6750.must('rfc6750-3-auth-params', '3', 'The Bearer scheme is followed by one or more auth-params', [
    inEra('2025-11-25', 'bearer-challenge-syntax'),
    inEra('2026-07-28', 'bearer-challenge-syntax'),
  ]),
  rfc6750.must('rfc6750-3-single-attributes', '3', 'realm, scope, error, error_description and error_uri appear at most once in a challenge', [
    inEra('2025-11-25', 'bearer-challenge-syntax'),
    inEra('2026-07-28', 'bearer-challenge-syntax'),
  ]),
  rfc6750.must('rfc6750-3-attribute-characters', '3', 'scope, error, error_description and error_uri values use only their allowed characters; error_uri is an absolute URI', [
    inEra('2025-11-25', 'bearer-challenge-syntax'),
    inEra('2026-07-28', 'bearer-challenge-syntax'),
  ]),
  rfc6750.may('rfc6750-3-optional-attributes', '3', 'realm, scope, error_description, error_uri and other auth-params may be included', { unobservable: PERMISSION }),
  rfc6750.should('rfc6750-3-error-code', '3', 'A request whose token failed names the error (error="invalid_token") in the challenge', {
    unobservable:
      'observable, not checked: the contract (section 5.4) fixes the challenge as Bearer resource_metadata="…" without error; the contract wins, and a check would warn against it',
  }),
  rfc6750.should('rfc6750-3.1-invalid-request-400', '3.1', 'A malformed request (a repeated parameter, two token methods) gets 400 invalid_request', {
    unobservable:
      'observable, not checked: the contract\'s transport errors (section 7.1) have no 400 for a request carrying its token twice; a deployment that reads the header alone and ignores a query token (MCP forbids query tokens) conforms to it, and a check would warn against it',
  }),
  rfc6750.should('rfc6750-3.1-invalid-token-401', '3.1', 'An expired, revoked or malformed token gets 401', [
    branchIn('2025-11-25', 'expired', 'expired-token-401'),
    branch('revoked', 'revoked-access-token-401'),
    branchIn('2025-11-25', 'never issued', 'invalid-token-401'),
    branchIn('2025-11-25', 'malformed (not token68)', 'malformed-bearer-401'),
    inEra('2026-07-28', 'expired-token-401', 'invalid-token-401', 'revoked-access-token-401'),
  ]),
  rfc6750.should('rfc6750-3.1-insufficient-scope-403', '3.1', 'A token without the needed scope gets 403 insufficient_scope', [
    inEra('2025-11-25', 'foreign-token-403'),
    inEra('2026-07-28', 'foreign-token-403'),
  ]),
  rfc6750.may('rfc6750-3.1-insufficient-scope-attribute', '3.1', 'The insufficient_scope challenge may name the scope needed', { unobservable: PERMISSION }),
  rfc6750.should('rfc6750-3.1-no-error-without-token', '3.1', 'A request with no authentication gets no error code in the challenge', [
    inEra('2025-11-25', 'missing-token-no-error-code'),
    inEra('2026-07-28', 'missing-token-no-error-code'),
  ]),
  rfc6750.must('rfc6750-5.2-integrity', '5.2', 'Tokens are protected against manufacture and modification (signature, MAC or a reference)', { unobservable: OPAQUE }),
  rfc6750.should('rfc6750-5.2-audience', '5.2, 5.3', 'Tokens name their audience and are restricted in scope', { unobservable: OPAQUE }),
  rfc6750.must('rfc6750-5.2-tls', '5.2', 'The authorization server implements TLS, and tokens travel under TLS confidentiality', { unobservable: TLS }),
  rfc6750.must('rfc6750-5.2-encryption', '5.2', 'A token whose contents the client may not see is encrypted as well', { unobservable: OPAQUE }),
  rfc6750.must('rfc6750-5.2-behind-tls-terminator', '5.2', 'Tokens stay confidential between a TLS-terminating front end and the servers behind it', {
    unobservable: 'the path behind the front end is inside the deployment',
  }),
  rfc6750.must('rfc6750-5.2-lifetime', '5.2', 'Token lifetime is limited', [
    branch('expires_in stated', 'token-scope-and-lifetime'),
    branchIn('2025-11-25', 'refused once expired', 'expired-token-401'),
  ]),
  rfc6750.must('rfc6750-5.3-tls', '5.3', 'Tokens travel over TLS only', { unobservable: TLS }),
  rfc6750.must('rfc6750-5.3-no-clear-cookies', '5.3', 'Bearer tokens are not stored in cookies that can be sent in the clear', {
    unobservable: 'where a party keeps a token is internal; the sign-in session cookie is not a bearer token (session-cookie-flags reads it)',
  }),
  rfc6750.should('rfc6750-5.3-short-lived', '5.3', 'Token servers issue short-lived tokens (one hour or less)', [
    branch('code grant', 'token-scope-and-lifetime'),
    branch('refresh grant', 'refresh-token-lifetime'),
  ]),
  rfc6750.should('rfc6750-5.3-no-page-urls', '5.3', 'Bearer tokens are not passed in page URLs', [
    branch('not advertised', 'response-types'),
    branch('response_type token refused', 'authorization-error-redirect'),
    branch('no token or code of the run in a Location or page URL the deployment hands out (invariant)', 'no-secret-in-urls'),
  ]),
  rfc6750.must('rfc6750-5-client-duties', '5.2, 5.3', 'Clients keep tokens from leaking, always use TLS, validate certificate chains and the resource server\'s identity', {
    unobservable: CLIENT,
  }),
];
