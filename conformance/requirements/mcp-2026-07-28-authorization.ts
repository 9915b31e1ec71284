import { MCP_REASON as why } from './mcp-reasons.js';
import { branch, branchIn, inEra, missing, requirementsFrom, type Requirement } from './requirement.js';

const { must, should } = requirementsFrom('MCP 2026-07-28', '2026-07-28');
const anyEra = requirementsFrom('MCP 2026-07-28', 'any');

/** MCP 2026-07-28, the authorization page: most of it binds the OAuth side in any era. */
export const MCP_2026_07_28_AUTHORIZATION: readonly Requirement[] = [
  // authorization
  should('mcp-2026-07-28-auth-http', 'basic/authorization "Protocol Requirements"', 'An HTTP implementation that supports authorization conforms to this specification', [
    branch('protected-resource metadata', 'protected-resource-metadata'),
    branch('authorization', 'authorization-code-flow'),
    branch('a 2026-07-28 request without a token', 'missing-token-401'),
  ]),
  anyEra.must('mcp-2026-07-28-as-oauth21', 'basic/authorization "Overview"', 'The authorization server implements OAuth 2.1 for public clients', [
    'authorization-code-flow',
    'pkce-required',
    'code-single-use',
    'refresh-token-rotation',
  ], ['client']),
  should('mcp-2026-07-28-cimd-advertised', 'basic/authorization/client-registration', 'The authorization server metadata advertises client_id_metadata_document_supported', [
    'client-id-metadata-document-supported',
  ]),
  anyEra.may('mcp-2026-07-28-dcr', 'basic/authorization "Overview"', 'Authorization servers may support Dynamic Client Registration (deprecated)', { unobservable: why.permission }),
  anyEra.must('mcp-2026-07-28-prm', 'basic/authorization "Overview"', 'The MCP server implements OAuth 2.0 Protected Resource Metadata', ['protected-resource-metadata']),
  anyEra.must('mcp-2026-07-28-as-discovery', 'basic/authorization "Overview"', 'The authorization server offers RFC 8414 metadata or OpenID Connect Discovery', [
    'authorization-server-metadata',
    'openid-configuration-document',
  ]),
  anyEra.should('mcp-2026-07-28-challenge-scope', 'basic/authorization "Scope Selection Strategy"', 'The 401 challenge names the scope needed', {
    unobservable:
      'not judged: the contract fixes the 401 challenge as Bearer resource_metadata="…" alone (section 5.4) and wins where it speaks, so a scope there is neither required nor a fault; the 403 challenge names it (insufficient-scope-challenge)',
  }),
  anyEra.should('mcp-2026-07-28-iss', 'basic/authorization "Authorization Response Validation"', 'Authorization responses, errors included, carry iss', ['iss-returned', 'authorization-error-redirect']),
  anyEra.must('mcp-2026-07-28-iss-advertised', 'basic/authorization "Authorization Response Validation"', 'A server that sends iss advertises authorization_response_iss_parameter_supported', [
    'iss-parameter-advertised',
  ]),
  anyEra.should('mcp-2026-07-28-resource-uppercase', 'basic/authorization "Canonical Server URI"', 'A resource with an uppercase scheme or host is accepted', {
    unobservable: 'only the scheme and host the runner is given can be sent; an uppercase host is a different address to the proxy in front and proves nothing of the server',
  }),
  anyEra.should('mcp-2026-07-28-resource-no-slash', 'basic/authorization "Canonical Server URI"', 'The canonical URI is written without a trailing slash', ['resource-matches-base-url']),
  anyEra.must('mcp-2026-07-28-token-validation', 'basic/authorization "Token Handling"', 'Access tokens are validated, for this resource as audience; invalid or expired ones get 401', [
    branchIn('2026-07-28', 'invalid token', 'invalid-token-401'),
    branchIn('2026-07-28', 'expired token', 'expired-token-401'),
    branchIn('2026-07-28', 'token for another resource', 'foreign-token-403'),
  ]),
  anyEra.must('mcp-2026-07-28-own-tokens-only', 'basic/authorization "Token Handling"', 'The server accepts only tokens valid for its own resources, and transits none', [
    inEra('2026-07-28', 'foreign-token-403'),
  ]),
  anyEra.should('mcp-2026-07-28-no-offline-access', 'basic/authorization "Refresh Tokens"', 'offline_access is in neither the challenge scope nor scopes_supported', [
    branch('scopes_supported', 'scopes-supported'),
    missing('challenge scope', 'no check reads the scope of a 2026-07-28 challenge for offline_access', '2026-07-28'),
  ]),
  anyEra.must('mcp-2026-07-28-auth-statuses', 'basic/authorization "Error Handling"', 'Authorization errors get 401, 403 or 400 as the table says', [
    branch('400 at the token endpoint', 'token-error-responses'),
    branchIn('2026-07-28', '401 and 403 of 2026-07-28 requests', 'missing-token-401', 'foreign-token-403'),
  ]),
  anyEra.should('mcp-2026-07-28-insufficient-scope', 'basic/authorization "Runtime Insufficient Scope Errors"', 'Insufficient scope gets 403 with error="insufficient_scope", the scope and resource_metadata', [
    inEra('2026-07-28', 'insufficient-scope-challenge'),
  ]),
  anyEra.should('mcp-2026-07-28-scope-strategy', 'basic/authorization "Runtime Insufficient Scope Errors"', 'All scopes needed come in one challenge, consistently', [
    inEra('2026-07-28', 'insufficient-scope-challenge'),
  ]),
  anyEra.must('mcp-2026-07-28-scope-hierarchy', 'basic/authorization "Step-Up Authorization Flow"', 'A broader scope implies the narrower ones it contains', {
    unobservable: 'the contract has one scope, mcp_customer, so there is no hierarchy to test',
  }),
  anyEra.must('mcp-2026-07-28-prm-authorization-servers', 'basic/authorization/authorization-server-discovery', 'The protected resource metadata lists at least one authorization server', [
    'protected-resource-metadata',
  ]),
  anyEra.must('mcp-2026-07-28-prm-discoverable', 'basic/authorization/authorization-server-discovery', 'PRM is found through the 401 challenge or a well-known URI', ['protected-resource-metadata', 'challenge-metadata-names-resource']),
  anyEra.should('mcp-2026-07-28-as-fetches-cimd', 'basic/authorization/client-registration "For Authorization Servers"', 'The authorization server fetches a URL client_id\'s metadata document', [
    'client-metadata-document-flow',
  ]),
  must('mcp-2026-07-28-cimd-flow', 'basic/authorization/client-registration', 'An https client_id whose metadata document lists the redirect URI completes the authorization code flow', [
    'client-metadata-document-flow',
  ]),
  must('mcp-2026-07-28-cimd-mismatch', 'basic/authorization/client-registration', 'A metadata document whose client_id is not its own URL is refused, without a redirect', [
    'bad-client-metadata-document-refused',
  ]),
  anyEra.should('mcp-2026-07-28-cimd-cache', 'basic/authorization/client-registration "For Authorization Servers"', 'Fetched metadata documents are cached as HTTP cache headers say', { unobservable: why.internal }),
  anyEra.must('mcp-2026-07-28-cimd-structure', 'basic/authorization/client-registration "For Authorization Servers"', 'A metadata document must be JSON with the required fields and list the redirect URI', [
    branch('redirect URI listed', 'client-metadata-document-flow', 'client-metadata-redirect-uri-refused'),
    missing('not JSON, or required fields missing', 'the runner hosts no malformed document: no check proves that a document that is not JSON, or lacks client_id or redirect_uris, is refused'),
  ]),
  anyEra.should('mcp-2026-07-28-cimd-security', 'basic/authorization/client-registration "For Authorization Servers"', 'The security considerations of the metadata document draft are followed', [
    'bad-client-metadata-document-refused',
  ]),
  anyEra.must('mcp-2026-07-28-security-considerations', 'basic/authorization "Security Considerations"', 'The normative security requirements of the authorization pages are followed', [
    branch('authorization side', 'pkce-required', 'unregistered-redirect-uri-refused'),
    branchIn('2026-07-28', 'token audience of 2026-07-28 requests', 'foreign-token-403'),
  ]),
  anyEra.must('mcp-2026-07-28-audience', 'basic/authorization/security-considerations "Token Audience Binding"', 'Tokens presented must have been issued for this server', [
    inEra('2026-07-28', 'foreign-token-403'),
  ]),
  anyEra.must('mcp-2026-07-28-token-storage', 'basic/authorization/security-considerations "Token Theft"', 'Tokens are stored securely, per OAuth 2.1 §7.1', { unobservable: why.practice }),
  anyEra.should('mcp-2026-07-28-short-tokens', 'basic/authorization/security-considerations "Token Theft"', 'Access tokens are short-lived', [
    branch('code grant', 'token-scope-and-lifetime'),
    branch('refresh grant', 'refresh-token-lifetime'),
  ]),
  anyEra.must('mcp-2026-07-28-refresh-rotation', 'basic/authorization/security-considerations "Token Theft"', 'Refresh tokens of public clients rotate', ['refresh-token-rotation', 'spent-refresh-token-refused']),
  anyEra.must('mcp-2026-07-28-https', 'basic/authorization/security-considerations "Communication Security"', 'Authorization server endpoints are served over https', { unobservable: why.https }),
  anyEra.must('mcp-2026-07-28-redirect-https', 'basic/authorization/security-considerations "Communication Security"', 'Redirect URIs are localhost or https', ['registration-refuses-bad-redirect-uri']),
  anyEra.must('mcp-2026-07-28-oidc-pkce-field', 'basic/authorization/security-considerations "Authorization Code Protection"', 'An OpenID configuration lists code_challenge_methods_supported', [
    'openid-configuration-parser-fields',
    'pkce-methods',
  ]),
  anyEra.must('mcp-2026-07-28-exact-redirect', 'basic/authorization/security-considerations "Open Redirection"', 'Redirect URIs are matched exactly against the registered ones', [
    'unregistered-redirect-uri-refused',
    'code-bound-to-redirect-uri',
  ]),
  anyEra.must('mcp-2026-07-28-untrusted-redirect', 'basic/authorization/security-considerations "Open Redirection"', 'User agents are not redirected to untrusted URIs', [
    'no-error-redirect-to-untrusted-web-uri',
    'unknown-client-error-page',
    'sign-in-fields-tampered',
  ]),
  anyEra.should('mcp-2026-07-28-trusted-redirect-only', 'basic/authorization/security-considerations "Open Redirection"', 'Only trusted redirect URIs are followed automatically', ['no-error-redirect-to-untrusted-web-uri']),
  anyEra.must('mcp-2026-07-28-cimd-draft-security', 'basic/authorization/security-considerations "Client ID Metadata Document Security"', 'The metadata document draft\'s security considerations are weighed', [
    'bad-client-metadata-document-refused',
  ]),
  anyEra.should('mcp-2026-07-28-localhost-warning', 'basic/authorization/security-considerations "Localhost Redirect URI Risks"', 'localhost-only redirect URIs earn an extra warning', {
    unobservable: 'a warning is wording on the consent page; the contract does not say what it reads, so no text can be asserted',
  }),
  anyEra.must('mcp-2026-07-28-redirect-host-shown', 'basic/authorization/security-considerations "Localhost Redirect URI Risks"', 'The consent page shows the redirect URI\'s host', ['consent-shows-client-and-redirect']),
  anyEra.must('mcp-2026-07-28-proxy-consent', 'basic/authorization/security-considerations "Confused Deputy Problem"', 'A proxy with a static client id gets consent per client', { unobservable: why.proxy }),
  anyEra.must('mcp-2026-07-28-validate-before-processing', 'basic/authorization/security-considerations "Access Token Privilege Restriction"', 'Tokens are validated before a request is processed', [
    branch('unauthenticated requests not counted', 'unauthenticated-not-counted'),
    branchIn('2026-07-28', 'an invalid token refused before a 2026-07-28 request is processed', 'invalid-token-401'),
  ]),
  anyEra.must('mcp-2026-07-28-no-passthrough', 'basic/authorization/security-considerations "Access Token Privilege Restriction"', 'The client\'s token is never passed to upstream APIs', { unobservable: why.upstream }),

];
