import type { Faults } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';

function authorizationCase(check: string, deployment: string, faults: Faults, reason: RegExp, mayAlsoFail?: readonly string[]): FaultCase {
  return { check, group: 'authorization', deployment, fake: { faults }, reason, ...(mayAlsoFail ? { mayAlsoFail } : {}) };
}

function appCase(check: string, deployment: string, mcpAppFault: Faults['mcpAppFault'], reason: RegExp, mayAlsoFail?: readonly string[]): FaultCase {
  return { check, group: 'mcp', deployment, fake: { faults: { mcpAppFault } }, reason, ...(mayAlsoFail ? { mayAlsoFail } : {}) };
}

/**
 * The wrong deployments of the rules read from the Client ID Metadata Documents draft, MCP Apps
 * and single branches of the OAuth RFCs (issue 26): each breaks one rule at one place, is caught
 * by the check named (catalog test) and by no other check of its group (branch isolation).
 */
export const SOURCE_FAULT_CASES: readonly FaultCase[] = [
  // Client ID Metadata Documents
  authorizationCase('client-metadata-url-form-refused', 'fetches an http client_id over https', { clientMetadataUrlLoose: 'http-scheme' }, /an http client_id \(http:\/\/client\.example\/oauth\/conformance\.json\): the deployment accepted it/),
  authorizationCase('client-metadata-url-form-refused', 'drops the fragment of a client_id', { clientMetadataUrlLoose: 'fragment' }, /a client_id with a fragment .*: the deployment accepted it/),
  authorizationCase('client-metadata-url-form-refused', 'resolves dot segments in a client_id', { clientMetadataUrlLoose: 'dot-segment' }, /a client_id with a dot segment \(https:\/\/client\.example\/oauth\/\.\/conformance\.json\): the deployment accepted it/),
  authorizationCase('client-metadata-url-form-refused', 'drops the user and password of a client_id', { clientMetadataUrlLoose: 'userinfo' }, /a client_id with a user and password .*: the deployment accepted it/),
  authorizationCase('client-metadata-redirect-uri-refused', "redirects a metadata-document client to a URI its document does not list", { clientMetadataRedirectUnchecked: true }, /the unlisted redirect URI http:\/\/127\.0\.0\.1:\d+\/not-in-the-document: the deployment accepted it/, ['authorize.redirect_uri.extended-path', 'authorize.redirect_uri.loopback-alias']),
  authorizationCase('client-metadata-consent-shows-host', "shows a metadata-document client's name but not its host", { consentHidesClientIdHost: true }, /the consent page for client_id https:\/\/client\.example\/oauth\/conformance\.json does not show its host client\.example/),
  {
    // A deployment that needs no document takes a client_id with a fragment, or on a special-use
    // address, as well, by its nature.
    ...authorizationCase('client-metadata-missing-document-refused', 'accepts an https client_id it has no document for', { clientMetadataMissingAccepted: true }, /conformance-no-such-client-document\.json, which has no document: the deployment accepted it/),
    mayAlsoFail: ['client-metadata-url-form-refused', 'client-metadata-special-use-refused'],
  },

  // RFC 8707 and RFC 6749, one branch of the authorization endpoint each
  authorizationCase('resource-foreign-invalid-target', 'grants a token for another resource', { foreignResourceGranted: 'any' }, /resource https:\/\/conformance\.invalid\/another-resource: redirected back without an error/),
  authorizationCase('resource-foreign-invalid-target', 'drops the fragment of the resource it is asked for', { foreignResourceGranted: 'fragment' }, /resource http:\/\/127\.0\.0\.1:\d+#conformance: redirected back without an error/),
  authorizationCase('authorization-repeated-parameter-refused', 'reads the first of a repeated parameter', { repeatedParameterAccepted: true }, /code_challenge_method given twice: redirected back without an error/),

  // RFC 9728
  {
    check: 'protected-resource-name',
    group: 'discovery',
    deployment: 'publishes no resource_name',
    fake: { faults: { prmOverrides: { resource_name: undefined } } },
    reason: /"resource_name" is undefined: clients have only the URL to show people/,
  },

  {
    check: 'bearer-methods-supported',
    group: 'discovery',
    deployment: 'advertises a cookie as a bearer method',
    fake: { faults: { prmOverrides: { bearer_methods_supported: ['header', 'cookie'] } } },
    reason: /"bearer_methods_supported" names \["cookie"\]: not an RFC 6750 method/,
  },
  // Any resource includes its own with a fragment, which resource-relative-invalid-target sends.
  authorizationCase('token-resource-invalid-target', 'refreshes a token for any resource', { tokenResourceUnchecked: true }, /a refresh for https:\/\/conformance\.invalid\/another-resource: expected 400 invalid_target, got HTTP 200/, ['resource-relative-invalid-target']),

  authorizationCase('authorization-unknown-parameter-ignored', 'refuses a request with a parameter it does not know', { unknownParameterRefused: true }, /with conformance_extension=ignore-me the request was refused: error "invalid_request"/),
  {
    check: 'metadata-no-empty-lists',
    group: 'discovery',
    deployment: 'publishes an empty ui_locales_supported',
    fake: { faults: { asMetadataOverrides: { ui_locales_supported: [] } } },
    reason: /empty lists published: \/\.well-known\/oauth-authorization-server "ui_locales_supported"/,
  },

  // RFC 6750 and RFC 7009
  {
    check: 'missing-token-no-error-code',
    group: 'mcp',
    deployment: 'answers a request with no token with error="invalid_token"',
    fake: { faults: { errorCodeWithoutToken: true } },
    reason: /the challenge to a request with no token carries error="invalid_token"/,
  },
  {
    check: 'revoke-under-other-hint',
    group: 'revocation',
    deployment: 'looks a revoked token up only under its hint',
    fake: { faults: { revocationTrustsHint: true } },
    reason: /the next request after revoking the access token under the refresh_token hint: expected HTTP 401/,
    mayAlsoFail: ['revocation.token_type_hint.other-value'],
  },

  // RFC 6749 (3.1-3.3), 6750, 7009, 7636 and 8414, read whole
  authorizationCase('authorization-empty-parameter-omitted', 'takes an empty resource= as a resource', { emptyAuthorizationParameterKept: true }, /with resource= \(empty\) the approval ended in error invalid_target; without resource, in code/),
  authorizationCase('authorization-without-scope', 'refuses a request without scope with invalid_request', { scopeRequired: true }, /without scope the approval ended in error invalid_request, not a code or invalid_scope/),
  authorizationCase('token-request-parameters', 'takes an empty resource= at the token endpoint as a resource', { tokenParameters: 'empty-kept' }, /a refresh with resource= \(empty\) was refused: HTTP 400 .*invalid_target/),
  authorizationCase('token-request-parameters', 'refuses a token request with a parameter it does not know', { tokenParameters: 'unknown-refused' }, /a refresh with conformance_extension=ignore-me was refused: HTTP 400 .*invalid_request/),
  authorizationCase('token-request-parameters', 'reads the first of a repeated token parameter', { tokenParameters: 'repeated-first' }, /a code redemption that gives code twice: expected "error": "invalid_request", got .*invalid_grant/, ['token.client_id.repeated']),
  authorizationCase('pkce-default-method-plain', 'takes a challenge without a method as S256', { missingMethodAsS256: true }, /the code of a challenge without a method, redeemed with the challenge itself \(plain\): HTTP 400 .*invalid_grant/),
  authorizationCase('pkce-refusals-explained', 'refuses a request without a challenge without saying why', { pkceRefusalsUnexplained: true }, /a request without code_challenge: refused with invalid_request but neither error_description nor error_uri/),
  authorizationCase('pkce-verifier-form-refused', 'redeems a code without a verifier', { missingVerifierAccepted: true }, /redeeming a code with no verifier: expected HTTP 400, got HTTP 200/, ['token.code_verifier.omitted']),
  authorizationCase('pkce-verifier-form-refused', 'redeems a code with a 42-character verifier that matches its challenge', { verifierFormUnchecked: true }, /redeeming a code with a 42-character verifier: expected HTTP 400, got HTTP 200/),
  {
    check: 'signed-metadata-form',
    group: 'discovery',
    deployment: 'publishes unsigned signed_metadata (alg none)',
    fake: { faults: { asMetadataOverrides: { signed_metadata: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"iss":"https://fake.example"}').toString('base64url')}.` } } },
    reason: /"signed_metadata" in \/\.well-known\/oauth-authorization-server is not signed \(alg "none", no signature\)/,
  },
  {
    check: 'bearer-challenge-syntax',
    group: 'mcp',
    deployment: 'repeats realm in its challenge',
    fake: { faults: { challengeRepeatsRealm: true } },
    reason: /initialize without a token: WWW-Authenticate: Bearer realm="fake", realm="fake", .*: "realm" appears 2 times/,
  },
  {
    check: 'revoke-error-response',
    group: 'revocation',
    deployment: 'answers a revocation request without a token 200',
    fake: { faults: { revokeWithoutTokenAccepted: true } },
    // Without a token is without one, empty or left out.
    mayAlsoFail: ['revocation.token.empty'],
    reason: /a revocation of its access token by the dcr-public client with token left out: expected HTTP 400 with "invalid_request", got HTTP 200/,
  },
  {
    check: 'revoke-unknown-hint-ignored',
    group: 'revocation',
    deployment: 'refuses a token_type_hint it does not know',
    fake: { faults: { revocationRefusesUnknownHint: true } },
    reason: /token_type_hint=conformance_unknown_hint: expected HTTP 200, got HTTP 400 .*unsupported_token_type/,
  },

  // MCP Apps
  appCase('mcp-app-tool-ui-resource', 'names its view by an https URI', 'https-resource-uri', /get_survey_results names its view "https:\/\/fake-survey-mcp\.example\/survey-results\.html", not a ui:\/\/ URI/, [
    'mcp-app-resource-read',
    'mcp-app-resource-csp',
  ]),
  appCase('mcp-app-resource-read', 'names a view it does not serve', 'resource-missing', /JSON-RPC error -32002 Resource not found: the view does not exist/, ['mcp-app-resource-csp']),
  appCase('mcp-app-resource-read', 'serves its view as text/html', 'plain-html-mime-type', /mimeType is "text\/html", not "text\/html;profile=mcp-app"/),
  appCase('mcp-app-resource-read', 'serves its view under another URI', 'content-uri-differs', /the content is under "ui:\/\/fake-survey-mcp\/survey-results\.html\?v=2", not the URI read/),
  appCase('mcp-app-resource-read', 'serves an HTML fragment as its view', 'not-a-document', /is not an HTML5 document \(no <!DOCTYPE html> first\)/),
  appCase('mcp-app-resource-csp', 'declares its connect domains as one string', 'csp-domains-string', /_meta\.ui\.csp\.connectDomains is "https:\/\/api\.fake-survey-mcp\.example", not a list of origins/),
  appCase('mcp-app-resource-csp', 'declares a URL with a path as a connect domain', 'csp-path-not-origin', /connectDomains holds "https:\/\/api\.fake-survey-mcp\.example\/v1\/": not an origin/),
  appCase('mcp-app-tool-ui-resource', 'gives its tool a visibility that is a string', 'visibility-string', /get_survey_results: _meta\.ui\.visibility is "model", not a list of "model" and "app"/),
  appCase('mcp-app-resource-read', 'serves its view as both text and a blob', 'text-and-blob', /the content has both text and a blob/),
  appCase('mcp-app-resource-csp', 'grants a permission as true instead of an object', 'permissions-boolean', /_meta\.ui\.permissions clipboardWrite is true: each permission is an object/),
  // RFC 9700: redirect matching, CORS, redirects after a posted form, third-party content
  authorizationCase('authorization-endpoint-no-cors', 'lets any origin read its authorization endpoint', { authorizationEndpointCors: true }, /lets https:\/\/conformance\.invalid read it: GET answered Access-Control-Allow-Origin: \*; OPTIONS answered/),
  authorizationCase('redirect-uri-exact-match', 'matches redirect URIs by prefix', { redirectMatchLoose: 'prefix' }, /redirected to the unregistered http:\/\/127\.0\.0\.1:\d+\/callback\/conformance: an open redirect/, ['authorize.redirect_uri.extended-path']),
  authorizationCase('redirect-uri-exact-match', 'matches redirect URIs ignoring case', { redirectMatchLoose: 'case-insensitive' }, /redirected to the unregistered http:\/\/127\.0\.0\.1:\d+\/CALLBACK: an open redirect/),
  authorizationCase('redirect-uri-exact-match', 'matches redirect URIs after decoding them and dropping the user', { redirectMatchLoose: 'normalised' }, /redirected to the unregistered http:\/\/conformance@127\.0\.0\.1:\d+\/callback: an open redirect/),
  {
    // A 307 is not a 303 either.
    ...authorizationCase('credentials-post-not-307', 'answers the posted sign-in and consent forms with 307', { formPostRedirectStatus: 307 }, /POST \/oauth\/sign-in answered 307; POST \/oauth\/consent answered 307: the browser posts the form again/),
    mayAlsoFail: ['credentials-post-redirect-303'],
  },
  authorizationCase('credentials-post-redirect-303', 'answers the posted sign-in and consent forms with 302', { formPostRedirectStatus: 302 }, /POST \/oauth\/sign-in answered 302; POST \/oauth\/consent answered 302, not 303/),
  authorizationCase('authorization-pages-no-third-party-content', 'loads an analytics script from another site on its consent page', { consentThirdPartyScript: true }, /\/oauth\/authorize refers to https:\/\/cdn\.conformance\.invalid\/analytics\.js: another site learns the request/),

  // RFC 9728, the optional fields
  prmCase('protected-resource-metadata-values', 'publishes its key set over http', { jwks_uri: 'http://fake-survey-mcp.example/jwks.json' }, /"jwks_uri" is "http:\/\/fake-survey-mcp\.example\/jwks\.json": it must be an https URL/),
  prmCase('protected-resource-metadata-values', 'offers the signing algorithm none', { resource_signing_alg_values_supported: ['RS256', 'none'] }, /"resource_signing_alg_values_supported" lists "none"/),
  prmCase('protected-resource-metadata-values', 'publishes unsigned signed_metadata', { signed_metadata: 'eyJhbGciOiJub25lIn0.eyJpc3MiOiJodHRwczovL2Zha2Utc3VydmV5LW1jcC5leGFtcGxlIn0.' }, /"signed_metadata" is not signed \(alg "none", no signature\)/),
  prmCase('protected-resource-names-untagged', 'publishes its documentation in French only', { 'resource_documentation#fr': 'https://fake-survey-mcp.example/docs/fr' }, /"resource_documentation#fr" without "resource_documentation"/),
  {
    check: 'challenge-metadata-names-resource',
    group: 'discovery',
    deployment: 'points its 401 challenge at its authorization-server metadata',
    fake: { faults: { challengePointsElsewhere: true } },
    reason: /\/\.well-known\/oauth-authorization-server, named by the challenge, gives resource undefined; the request went to http:\/\/127\.0\.0\.1:\d+\//,
  },

  appCase('mcp-app-resource-read', 'serves its view as text/html in the 2026-07-28 era only', 'modern-plain-html-mime-type', /^2026-07-28: resources\/read ui:\/\/fake-survey-mcp\/survey-results\.html: mimeType is "text\/html"/),
  appCase('mcp-app-listed-view-mime-type', 'lists a ui:// resource as text/html', 'listed-plain-mime-type', /^2025-11-25: resources\/list names ui:\/\/fake-survey-mcp\/results\.html as "text\/html", not "text\/html;profile=mcp-app"/),

  // Registration: a list of no redirect URIs (authprobe), a generated client_id that reads as a URL (CIMD 6.9)
  {
    check: 'registration-refuses-empty-redirect-uris',
    group: 'registration',
    deployment: 'registers a client with no redirect URI',
    fake: { faults: { emptyRedirectUrisAccepted: true } },
    reason: /redirect_uris \[\]: HTTP 201.*no redirect_uris: HTTP 201/,
    // A JSON array for a body has no redirect URIs either.
    mayAlsoFail: ['registration-refuses-bad-metadata'],
  },
  {
    // It still knows the id as a registered client, so only the rule of CIMD 6.9 breaks.
    check: 'registration-client-id-not-url',
    group: 'registration',
    deployment: 'generates client_ids that are https URLs',
    fake: { faults: { registeredClientIdLikeUrl: true } },
    reason: /POST \/register for a native client issued client_id "https:\/\/clients\.fake-survey-mcp\.example\/client_.+", which reads as the URL of a client metadata document/,
  },
];

function prmCase(check: string, deployment: string, prmOverrides: Readonly<Record<string, unknown>>, reason: RegExp): FaultCase {
  return { check, group: 'discovery', deployment, fake: { faults: { prmOverrides } }, reason };
}
