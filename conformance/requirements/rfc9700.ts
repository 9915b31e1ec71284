import { CLIENT, CONFIDENTIAL, OPAQUE, PERMISSION, TLS } from './rfc-reasons.js';
import { branch, inEra, missing, missingEra, requirementsFrom, type Requirement } from './requirement.js';

const rfc9700 = requirementsFrom('RFC 9700', 'any');

const NO_OIDC = 'binds OpenID Connect (ID tokens, nonce), which the deployment does not offer';
const NO_POST_MESSAGE =
  'binds authorization responses sent by postMessage; the deployment answers by HTTP redirect, which every authorization check follows';
const BEARER_BY_CONTRACT =
  'observable, not checked: the contract (section 2.2) fixes plain Bearer tokens, so a check would warn against the contract itself';
const INTERNAL = 'internal to the deployment: how it stores, transfers or decides cannot be seen from outside';

/**
 * RFC 9700 (OAuth 2.0 Security Best Current Practice), sentence by sentence, beside the four ids
 * rfcs.ts keeps (2.1.1-downgrade, 4.11.2-open-redirector, 4.14.2-reuse, 4.16-clickjacking).
 * Read from the working group's source, oauthstuff/draft-ietf-oauth-security-topics at its last
 * commit (7c90ff1, draft -29, the text published as RFC 9700): sections 1 and 3 (two normative
 * sentences), 2 (A02_recommendations.md) and 4 (A04_attacks-and-mitigations.md), every MUST,
 * SHOULD and MAY; where a sentence binds the client, the reason says so.
 */
export const RFC9700_REQUIREMENTS: readonly Requirement[] = [
  rfc9700.should('rfc9700-1-upgrade', '1', 'Implementations are upgraded to these practices as soon as feasible (RECOMMENDED)', {
    unobservable: 'an exhortation; each practice is a requirement of its own in this list',
  }),
  rfc9700.must('rfc9700-3-attackers', '3', 'Implementers take every type of attacker in their environment into account', {
    unobservable: 'a duty of design; what it leads to is the requirements in this list',
  }),

  // 2.1 Protecting redirect-based flows
  rfc9700.must('rfc9700-2.1-exact-redirect', '2.1', 'Redirect URIs are compared by exact string match (loopback ports aside)', [
    'unregistered-redirect-uri-refused',
    'redirect-uri-exact-match',
    'loopback-redirect-any-port',
  ]),
  rfc9700.must('rfc9700-2.1-no-open-redirector', '2.1', 'The authorization server forwards the browser to no URI taken from a query parameter that is not registered', [
    'unregistered-redirect-uri-refused',
    'unknown-client-error-page',
    'no-error-redirect-to-untrusted-web-uri',
    'sign-in-fields-tampered',
  ]),
  rfc9700.must('rfc9700-2.1-client-csrf', '2.1', 'Clients prevent CSRF at their redirection endpoint (one-time state unless PKCE or nonce is relied on)', { unobservable: CLIENT }),
  rfc9700.may('rfc9700-2.1-csrf-by-pkce', '2.1', 'Clients that made sure the server supports PKCE may rely on it against CSRF', { unobservable: CLIENT }),
  rfc9700.must('rfc9700-2.1-mix-up-defence', '2.1', 'A client of more than one authorization server defends against mix-up (REQUIRED; iss SHOULD be used, distinct redirect URIs MAY)', {
    unobservable: `${CLIENT}; the server's part, iss on every authorization response, is RFC 9207 section 2`,
  }),
  rfc9700.must('rfc9700-2.1-no-credential-forwarding', '2.1', 'A redirect of a request that may carry the person\'s credentials does not forward them', [
    'credentials-post-not-307',
  ]),

  // 2.1.1 Authorization code grant
  rfc9700.must('rfc9700-2.1.1-code-injection', '2.1.1', 'Clients prevent code injection; public clients by PKCE', {
    unobservable: `${CLIENT}; that the deployment refuses a request without PKCE is pkce-required`,
  }),
  rfc9700.should('rfc9700-2.1.1-confidential-pkce', '2.1.1', 'Confidential clients use PKCE too (RECOMMENDED), or OpenID Connect nonce (MAY)', { unobservable: CONFIDENTIAL }),
  rfc9700.must('rfc9700-2.1.1-challenge-per-transaction', '2.1.1', 'The PKCE challenge is transaction-specific and bound to the client and user agent', { unobservable: CLIENT }),
  rfc9700.should('rfc9700-2.1.1-s256-client', '2.1.1', 'Clients use a challenge method that does not expose the verifier (S256)', { unobservable: CLIENT }),
  rfc9700.must('rfc9700-2.1.1-pkce-supported', '2.1.1', 'The authorization server supports PKCE', ['authorization-code-flow', 'pkce-verifier-mismatch']),
  rfc9700.must('rfc9700-2.1.1-pkce-enforced', '2.1.1', 'A code issued with a challenge is redeemed only with its verifier', ['pkce-verifier-mismatch']),
  rfc9700.must('rfc9700-2.1.1-pkce-detectable', '2.1.1', 'The authorization server provides a way to detect its PKCE support', ['pkce-methods']),
  rfc9700.should('rfc9700-2.1.1-pkce-advertised', '2.1.1', 'code_challenge_methods_supported is published', ['pkce-methods']),
  rfc9700.may('rfc9700-2.1.1-pkce-deployment-specific', '2.1.1', 'PKCE support may instead be ensured in a deployment-specific way', { unobservable: PERMISSION }),

  // 2.1.2 Implicit grant
  rfc9700.should('rfc9700-2.1.2-no-implicit', '2.1.2', 'The implicit grant (response type token) is not offered', ['response-types', 'authorization-error-redirect']),
  rfc9700.should('rfc9700-2.1.2-code-client', '2.1.2', 'Clients use response type code rather than ones issuing tokens at the authorization endpoint', { unobservable: CLIENT }),

  // 2.2 Token replay prevention
  rfc9700.should('rfc9700-2.2.1-sender-constrained', '2.2.1', 'Authorization and resource servers sender-constrain access tokens (mTLS, DPoP)', { unobservable: BEARER_BY_CONTRACT }),
  rfc9700.must('rfc9700-4.14-refresh-public', '4.14', 'Refresh tokens of public clients are sender-constrained or rotated', ['refresh-token-rotation']),

  // 2.3 Access token privilege restriction
  rfc9700.should('rfc9700-2.3-least-privilege', '2.3', 'An access token carries the least privilege the use needs (here, scope mcp_customer only)', [
    'token-scope-and-lifetime',
    'refresh-no-scope-escalation',
  ]),
  rfc9700.should('rfc9700-2.3-audience', '2.3', 'Access tokens are audience-restricted to one resource server', { unobservable: OPAQUE }),
  rfc9700.must('rfc9700-2.3-refuse-other-audience', '2.3', 'A resource server refuses a token that was not meant for it', [
    inEra('2025-11-25', 'foreign-token-403'),
    inEra('2026-07-28', 'foreign-token-403'),
  ]),
  rfc9700.may('rfc9700-2.3-aud-scope-resource', '2.3', 'The aud claim, scope, resource or authorization_details may carry the restriction', { unobservable: PERMISSION }),
  rfc9700.should('rfc9700-2.3-resources-and-actions', '2.3', 'Access tokens are restricted to certain resources and actions', {
    unobservable: `${OPAQUE}; the person's own permissions bound each action (contract section 5.5, tool-error-not-authorized)`,
  }),

  // 2.4 to 2.6
  rfc9700.must('rfc9700-2.4-no-password-grant', '2.4', 'The resource owner password credentials grant is not offered', [
    branch('not advertised', 'grant-types'),
    branch('refused when sent', 'password-grant-refused'),
  ]),
  rfc9700.should('rfc9700-2.5-client-authentication', '2.5', 'Client authentication is enforced where credentials can be kept confidential, asymmetric methods RECOMMENDED', {
    unobservable: CONFIDENTIAL,
  }),
  rfc9700.should('rfc9700-2.6-as-metadata', '2.6', 'The authorization server publishes RFC 8414 metadata (RECOMMENDED)', ['authorization-server-metadata']),
  rfc9700.should('rfc9700-2.6-end-to-end-tls', '2.6', 'TLS runs end to end between client and resource server (RECOMMENDED)', { unobservable: TLS }),
  rfc9700.must('rfc9700-2.6-no-http-redirect-uris', '2.6', 'Authorization responses never travel unencrypted: no http redirect URI but loopback', [
    'registration-refuses-bad-redirect-uri',
  ]),
  rfc9700.must('rfc9700-2.6-in-browser', '2.6', 'Both ends of an in-browser (postMessage) response are strictly verified', { unobservable: NO_POST_MESSAGE }),
  rfc9700.may('rfc9700-2.6-cors-elsewhere', '2.6', 'Token, metadata, key set and registration endpoints may support CORS', { unobservable: PERMISSION }),
  rfc9700.must('rfc9700-2.6-no-cors-authorize', '2.6', 'CORS is not supported at the authorization endpoint', ['authorization-endpoint-no-cors']),

  // 4.1 Insufficient redirect URI validation
  rfc9700.must('rfc9700-4.1.3-simple-string', '4.1.3', 'The requested and registered redirect URIs are equal by simple string comparison: no prefix, case, encoding or user leeway', [
    'redirect-uri-exact-match',
  ]),
  rfc9700.must('rfc9700-4.1.3-loopback-port', '4.1.3', 'A localhost redirect URI of a native app is allowed any port', ['loopback-redirect-any-port']),
  rfc9700.must('rfc9700-4.1.3-redirect-host', '4.1.3', 'Web servers hosting redirect URIs expose no open redirectors', { unobservable: CLIENT }),
  rfc9700.may('rfc9700-4.1.3-fragment', '4.1.3', 'Servers may append a fragment to Location URLs so the browser reattaches none', { unobservable: PERMISSION }),
  rfc9700.should('rfc9700-4.1.3-code-client', '4.1.3', 'Clients use the code response type', { unobservable: CLIENT }),
  rfc9700.may('rfc9700-4.1.3-signed-request', '4.1.3', 'A redirect URI in an authenticated request object (JAR, PAR) may be trusted without further checks', {
    unobservable: PERMISSION,
  }),

  // 4.2 Referer, 4.3 browser history
  rfc9700.should('rfc9700-4.2.4-no-third-party', '4.2.4', 'The authorization endpoint\'s pages include no third-party resources or links to external sites', [
    'authorization-pages-no-third-party-content',
  ]),
  rfc9700.must('rfc9700-4.2.4-code-single-use', '4.2.4', 'A code is invalidated at its first use', ['code-single-use', 'code-parallel-redemption']),
  rfc9700.should('rfc9700-4.2.4-code-replay', '4.2.4', 'A code redeemed twice revokes the tokens issued on it', [
    branch('access token', 'code-replay-revokes-tokens'),
    branch('refresh token', 'code-replay-revokes-refresh-token'),
  ]),
  rfc9700.should('rfc9700-4.2.4-state-single-use', '4.2.4', 'Clients invalidate state at its first use', { unobservable: CLIENT }),
  rfc9700.must('rfc9700-4.3.2-no-query-tokens', '4.3.2', 'Clients never pass access tokens in a query parameter', { unobservable: CLIENT }),

  // 4.4 Mix-up, 4.5 code injection, 4.7 CSRF
  rfc9700.must('rfc9700-4.4.2-mix-up', '4.4.2', 'A client of several servers stores the issuer per request, compares the response\'s iss to it and aborts on a mismatch', {
    unobservable: `${CLIENT}; the server's part, iss, is RFC 9207`,
  }),
  rfc9700.must('rfc9700-4.4.2.2-distinct-redirects', '4.4.2.2', 'Clients defending by distinct redirect URIs use one per issuer and check it (only if nothing else is available)', {
    unobservable: CLIENT,
  }),
  rfc9700.must('rfc9700-4.5.3.2-nonce', '4.5.3.2', 'A client relying on nonce validates it in the token endpoint\'s ID Token before using any token', { unobservable: NO_OIDC }),
  rfc9700.must('rfc9700-4.7.1-client-pkce-state', '4.7.1', 'Clients make sure of PKCE support before relying on it against CSRF, else use state or nonce, and protect state from tampering', {
    unobservable: CLIENT,
  }),
  rfc9700.must('rfc9700-4.7.1-pkce-detectable', '4.7.1', 'The authorization server provides a way to detect PKCE support, metadata RECOMMENDED', ['pkce-methods']),
  rfc9700.may('rfc9700-4.7.1-deployment-specific', '4.7.1', 'PKCE support may instead be determined in a deployment-specific way', { unobservable: PERMISSION }),

  // 4.8 PKCE downgrade
  rfc9700.must('rfc9700-4.8.2-mitigate', '4.8.2', 'The authorization server mitigates PKCE downgrade', ['pkce-required', 'pkce-no-downgrade']),
  rfc9700.must('rfc9700-4.8.2-bind-challenge', '4.8.2', 'Whether a challenge was sent is bound to the code it is issued with', ['pkce-verifier-mismatch', 'pkce-no-downgrade']),
  rfc9700.must('rfc9700-4.8.2-verifier-without-challenge', '4.8.2', 'A token request with a verifier is refused when the authorization request had no challenge (a server that requires PKCE issues no such code)', [
    'pkce-required',
  ]),

  // 4.9 and 4.10 access token leakage and misuse
  rfc9700.should('rfc9700-4.9.3-sender-constrained', '4.9.3', 'Sender-constrained access tokens prevent replay elsewhere', { unobservable: BEARER_BY_CONTRACT }),
  rfc9700.should('rfc9700-4.9.3-audience', '4.9.3', 'Audience restriction prevents replay at other resource servers', { unobservable: OPAQUE }),
  rfc9700.must('rfc9700-4.9.3-tokens-secret', '4.9.3', 'The resource server neither stores nor transfers access tokens in plain text', { unobservable: INTERNAL }),
  rfc9700.should('rfc9700-4.10-sender-and-audience', '4.10', 'The authorization server makes access tokens sender-constrained and audience-restricted', {
    unobservable: `${BEARER_BY_CONTRACT}; the audience is opaque`,
  }),

  // 4.11 Open redirection
  rfc9700.must('rfc9700-4.11.1-client', '4.11.1', 'Clients expose no open redirectors', { unobservable: CLIENT }),
  rfc9700.must('rfc9700-4.11.2-no-redirect-invalid-combination', '4.11.2', 'An invalid combination of client_id and redirect_uri is never redirected to (quoting RFC 6749 section 4.1.2.1)', [
    'unregistered-redirect-uri-refused',
    'redirect-uri-exact-match',
    'unknown-client-error-page',
  ]),
  rfc9700.must('rfc9700-4.11.2-precautions', '4.11.2', 'The authorization server takes precautions against phishing through a registered redirect URI', [
    'no-error-redirect-to-untrusted-web-uri',
  ]),
  rfc9700.must('rfc9700-4.11.2-authenticate-first', '4.11.2', 'The person is authenticated before any redirect (silent authentication aside)', [
    'no-error-redirect-to-untrusted-web-uri',
  ]),
  rfc9700.may('rfc9700-4.11.2-inform-user', '4.11.2', 'For an untrusted redirect URI the server may inform the person and let them decide', { unobservable: PERMISSION }),

  // 4.12 307 redirect, 4.13 TLS-terminating proxies
  rfc9700.must('rfc9700-4.12-no-307', '4.12', 'A request that may carry the person\'s credentials is never redirected with 307', ['credentials-post-not-307']),
  rfc9700.should('rfc9700-4.12-303', '4.12', 'Such a request is redirected with 303 See Other', ['credentials-post-redirect-303']),
  // Observable as a rate budget escaped with a forged header: the registration check, once it spent the budget, sends one.
  rfc9700.must('rfc9700-4.13-sanitize-headers', '4.13', 'A reverse proxy sanitizes inbound security-relevant headers (X-Forwarded-For and the like)', ['registration-rate-limit']),
  rfc9700.must('rfc9700-4.13-proxy-link', '4.13', 'The link between reverse proxy and application server is protected against eavesdropping, injection and replay', {
    unobservable: INTERNAL,
  }),

  // 4.14 Refresh token protection
  rfc9700.must('rfc9700-4.14.2-risk-assessment', '4.14.2', 'Whether a client gets refresh tokens is decided by a risk assessment', {
    unobservable: `${INTERNAL}; the contract issues them to every client, which refresh-grant proves`,
  }),
  rfc9700.may('rfc9700-4.14.2-other-grant', '4.14.2', 'Without refresh tokens a client may use another grant', { unobservable: CLIENT }),
  rfc9700.must('rfc9700-4.14.2-bound', '4.14.2', 'A refresh token is bound to the scope and resource servers consented', [
    'refresh-no-scope-escalation',
    'token-resource-invalid-target',
  ]),
  rfc9700.must('rfc9700-4.14.2-integrity', '4.14.2', 'A refresh token that encodes its grant is integrity-protected', {
    unobservable: `${INTERNAL}: whether a token value encodes its grant cannot be seen`,
  }),
  rfc9700.may('rfc9700-4.14.2-revoke-on-event', '4.14.2', 'Refresh tokens may be revoked on a security event (password change, logout)', { unobservable: PERMISSION }),
  rfc9700.should('rfc9700-4.14.2-inactivity', '4.14.2', 'A refresh token expires after the client has been inactive for some time', {
    unobservable: "shows only after the deployment's own inactivity period, which a run does not wait out",
  }),

  // 4.15 Client impersonating resource owner
  rfc9700.should('rfc9700-4.15.1-client-id', '4.15.1', 'Clients cannot influence a client_id that could be confused with a person, where the two share a namespace; if they can, resource servers are given another way to tell', {
    unobservable: `${OPAQUE}: whether client ids and people share a namespace (a sub claim) cannot be seen`,
  }),

  // 4.16 Clickjacking
  rfc9700.should('rfc9700-4.16-csp', '4.16', 'The authorization pages use CSP level 2 frame-ancestors, combined with other means (X-Frame-Options)', [
    branch('consent page', 'consent-not-framable'),
    branch('sign-in page', 'sign-in-not-framable'),
  ]),
  rfc9700.should('rfc9700-4.16-allowed-origins', '4.16', 'Administrators can configure origins allowed to frame the pages for particular clients', {
    unobservable: "the operator's configuration, not visible to a client",
  }),
  rfc9700.may('rfc9700-4.16-client-framed', '4.16', 'A client may permit framing by another origin than its redirection endpoint\'s', { unobservable: CLIENT }),

  // 4.17 In-browser communication
  rfc9700.must('rfc9700-4.17.2-receiver-origins', '4.17.2', 'postMessage goes to exactly matched, trusted receiver origins, never "*"', { unobservable: NO_POST_MESSAGE }),
  rfc9700.must('rfc9700-4.17.2-client', '4.17.2', 'Clients accept in-browser messages only from the exact authorization server origin', { unobservable: CLIENT }),
  rfc9700.must('rfc9700-4.17.2-same-measures', '4.17.2', 'Every protection of the redirect-based response applies to in-browser responses equally', { unobservable: NO_POST_MESSAGE }),
];
