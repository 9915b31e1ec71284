import { branch, inEra, missingEra, requirementsFrom, type Requirement } from './requirement.js';

const rfc6749 = requirementsFrom('RFC 6749', 'any');

const CONFIDENTIAL = 'binds confidential clients and their credentials; this deployment serves public clients only (token_endpoint_auth_method none)';
const IMPLICIT = 'binds the implicit or password grants, which the deployment does not offer (response-types and grant-types prove that)';
const TLS =
  'the runner takes the URL it is given, and the documented local runs are plain http on loopback; https is the proxy\'s, in front of the deployment';
const ENTROPY = 'the odds of guessing a value cannot be measured from the few values a run sees';

/**
 * RFC 6749, the sentences binding an authorization server that serves public clients or a
 * resource server, beyond the first reading in rfcs.ts (whose ids stay there). Read from the
 * RFC's text, section by section.
 */
export const RFC6749_REQUIREMENTS: readonly Requirement[] = [
  rfc6749.should('rfc6749-2.1-client-type', '2.1', 'The server makes no assumption about a client type it was not told', { unobservable: CONFIDENTIAL }),
  rfc6749.must('rfc6749-2.3-public-client-auth', '2.3', 'Client authentication is not relied on to identify a public client', {
    unobservable: 'how the server identifies a client is internal; code-bound-to-client and refresh-bound-to-client prove the effect',
  }),
  rfc6749.must('rfc6749-2.3.1-confidential', '2.3.1', 'HTTP Basic for client passwords, over TLS, with brute-force protection', { unobservable: CONFIDENTIAL }),
  rfc6749.must('rfc6749-3.1-get', '3.1', 'The authorization endpoint supports GET', ['authorization-code-flow']),
  rfc6749.must('rfc6749-3.1-tls', '3.1', 'The authorization endpoint requires TLS', { unobservable: TLS }),
  rfc6749.must('rfc6749-3.1-empty-parameters', '3.1', 'A parameter sent without a value is treated as omitted', ['authorization-empty-parameter-omitted']),
  rfc6749.must('rfc6749-3.1-unknown-parameters', '3.1', 'Unrecognised request parameters are ignored', ['authorization-unknown-parameter-ignored']),
  rfc6749.must('rfc6749-3.1-repeated', '3.1', 'A request that repeats a parameter is refused', ['authorization-repeated-parameter-refused']),
  rfc6749.must('rfc6749-3.1.1-unknown-response-type', '3.1.1', 'A missing or unknown response_type is answered with an error (4.1.2.1)', [
    branch('unknown (token)', 'authorization-error-redirect'),
    branch('missing response_type', 'authorization-error-redirect'),
  ]),
  rfc6749.must('rfc6749-3.1.2.2-registered', '3.1.2.2', 'Public clients must register their redirect URIs', ['registration-refuses-bad-redirect-uri', 'unregistered-redirect-uri-refused']),
  rfc6749.must('rfc6749-3.1.2.3-compare', '3.1.2.3', 'A redirect URI in the request is compared with the registered ones', [
    branch('an unregistered redirect URI', 'unregistered-redirect-uri-refused'),
    branch('no redirect_uri from a client that registered two: refused (error page; invalid_request as JSON)', 'unregistered-redirect-uri-refused'),
  ]),
  rfc6749.must('rfc6749-3.1.2.4-invalid', '3.1.2.4', 'An invalid redirect URI is reported to the person, never redirected to', ['unregistered-redirect-uri-refused']),
  rfc6749.must('rfc6749-3.2-tls', '3.2', 'The token endpoint requires TLS', { unobservable: TLS }),
  rfc6749.must('rfc6749-3.2-parameters', '3.2', 'Token requests: empty parameters are omitted, unknown ones ignored, repeated ones refused', [
    // Each grant and client kind is derived (the token table's client_id empty and repeated); the input forms are named.
    branch('empty parameter', 'token-request-parameters', 'token-parameters-other-grant'),
    branch('unknown parameter, on each grant', 'token-request-parameters', 'token-parameters-other-grant'),
    branch('repeated parameter', 'token-request-parameters', 'token-parameters-other-grant'),
  ], ['client', 'grant']),
  rfc6749.must('rfc6749-3.3-scope-response', '3.3', 'A token whose scope differs from the request names its scope in the response', ['token-scope-and-lifetime']),
  rfc6749.must('rfc6749-3.3-default-scope', '3.3', 'A request without scope uses a documented default or fails with invalid_scope', ['authorization-without-scope']),
  rfc6749.must('rfc6749-4.1.2-expiry', '4.1.2', 'An authorization code expires shortly after it is issued (10 minutes at most)', {
    unobservable: 'proving it means waiting out the lifetime; the house rules forbid timed tests, and the run must stay short',
  }),
  rfc6749.must('rfc6749-4.1.2.1-error-charset', '4.1.2.1', 'error, error_description and error_uri use only the allowed ASCII characters', ['authorization-error-redirect']),
  rfc6749.must('rfc6749-4.1.3-confidential', '4.1.3', 'The token endpoint authenticates confidential clients', { unobservable: CONFIDENTIAL }),
  rfc6749.must('rfc6749-4.2-implicit', '4.2', 'The implicit grant issues no refresh token and checks the redirect URI', { unobservable: IMPLICIT }),
  rfc6749.must('rfc6749-4.3-password', '4.3', 'The password grant authenticates the client and protects against brute force', { unobservable: IMPLICIT }),
  rfc6749.must('rfc6749-4.4-client-credentials', '4.4', 'The client credentials grant is for confidential clients only', { unobservable: CONFIDENTIAL }),
  rfc6749.must('rfc6749-5.1-pragma', '5.1', 'Token responses also carry Pragma: no-cache', {
    unobservable:
      'superseded: OAuth 2.1 section 3.2.3 and RFC 9111 keep Cache-Control: no-store only (token-no-store); the contract follows OAuth 2.1, so failing on Pragma would flag a conforming deployment',
  }),
  rfc6749.must('rfc6749-5.1-token-type', '5.1', 'A token response carries access_token and token_type', [
    branch('code grant', 'authorization-code-flow', 'token-scope-and-lifetime'),
    branch('refresh grant (openid-client refuses a response without them)', 'refresh-grant'),
  ]),
  rfc6749.must('rfc6749-5.2-invalid-client-401', '5.2', 'invalid_client after an Authorization header is a 401 with WWW-Authenticate', {
    unobservable: 'public clients send no Authorization header to the token endpoint',
  }),
  rfc6749.must('rfc6749-6-refresh-valid', '6', 'A refresh token is validated: a spent or unknown one is refused', [
    branch('spent refresh token', 'spent-refresh-token-refused'),
    branch('unknown refresh token', 'unknown-refresh-token-invalid-grant'),
  ]),
  rfc6749.must('rfc6749-6-same-scope', '6', 'A new refresh token has exactly the scope of the one it replaces', {
    unobservable: 'scope is not part of the refresh token answer in a form the runner can read back; refresh-no-scope-escalation proves it does not widen',
  }),
  rfc6749.must('rfc6749-7-validate', '7', 'The resource server validates every access token', [
    inEra('2025-11-25', 'invalid-token-401', 'expired-token-401', 'revoked-access-token-401'),
    inEra('2026-07-28', 'invalid-token-401', 'expired-token-401', 'revoked-access-token-401'),
  ]),
  rfc6749.should('rfc6749-7.2-error', '7.2', 'A refused resource request tells the client why', [
    inEra('2025-11-25', 'missing-token-401', 'invalid-token-401'),
    inEra('2026-07-28', 'missing-token-401', 'invalid-token-401'),
  ]),
  rfc6749.must('rfc6749-10.1-no-secrets-to-public', '10.1', 'No client password is issued to a native or user-agent-based client', ['registration-no-secret']),
  rfc6749.should('rfc6749-10.2-repeat-consent', '10.2', 'A repeated request from a public client is not approved without the person', {
    unobservable: 'the consent policy for a client already approved is the contract\'s (section 5.3); the runner approves every request it makes',
  }),
  rfc6749.must('rfc6749-10.3-token-unguessable', '10.3', 'Access tokens cannot be generated, modified or guessed', { unobservable: ENTROPY }),
  rfc6749.must('rfc6749-10.4-refresh-binding', '10.4', 'A refresh token is bound to its client, and cannot be generated, modified or guessed', ['refresh-bound-to-client', 'refresh-retry-other-client-refused']),
  rfc6749.should('rfc6749-10.4-refresh-theft', '10.4', 'Refresh token theft is detected, e.g. by rotation', ['refresh-token-rotation', 'spent-refresh-revokes-grant']),
  rfc6749.must('rfc6749-10.5-code-single-use', '10.5', 'Authorization codes are short lived and single use', ['code-single-use'], ['client']),
  rfc6749.must('rfc6749-10.6-redirect-manipulation', '10.6', 'The redirect URI of the token request is checked against the authorization request', ['code-bound-to-redirect-uri', 'code-bound-to-requested-redirect-uri']),
  rfc6749.must('rfc6749-10.10-entropy', '10.10', 'Tokens and codes have at most a 2^-128 chance of being guessed (2^-160 recommended)', { unobservable: ENTROPY }),
  rfc6749.must('rfc6749-10.11-tls', '10.11', 'Every endpoint used for end-user interaction requires TLS', { unobservable: TLS }),
  rfc6749.must('rfc6749-10.12-csrf', '10.12', 'The authorization endpoint is protected against CSRF', [
    branch('consent form', 'consent-requires-csrf'),
    branch('sign-in form', 'sign-in-requires-csrf'),
  ]),
  rfc6749.must('rfc6749-10.13-clickjacking', '10.13', 'The authorization pages cannot be framed by another site', [
    branch('consent page', 'consent-not-framable'),
    branch('sign-in page', 'sign-in-not-framable'),
    branch('every auth-host page with a form the run meets (invariant)', 'auth-pages-not-framable'),
  ]),
  rfc6749.must('rfc6749-10.14-input-sanitized', '10.14', 'A value the authorization server receives (client_id above all) is never written into its pages as markup', [
    branch("the unknown-client error page, a client_id with markup", 'unknown-client-error-page'),
  ]),
  rfc6749.must('rfc6749-10.15-open-redirector', '10.15', 'The authorization endpoint is not an open redirector', ['unregistered-redirect-uri-refused', 'no-error-redirect-to-untrusted-web-uri', 'no-refresh-to-foreign-origin']),
];
