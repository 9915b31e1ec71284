import type { Faults } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';

function authorizationCase(check: string, deployment: string, faults: Faults, reason: RegExp): FaultCase {
  return { check, group: 'authorization', deployment, fake: { faults }, reason };
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
  authorizationCase('client-metadata-redirect-uri-refused', "redirects a metadata-document client to a URI its document does not list", { clientMetadataRedirectUnchecked: true }, /the unlisted redirect URI http:\/\/127\.0\.0\.1:\d+\/not-in-the-document: the deployment accepted it/),
  authorizationCase('client-metadata-consent-shows-host', "shows a metadata-document client's name but not its host", { consentHidesClientIdHost: true }, /the consent page for client_id https:\/\/client\.example\/oauth\/conformance\.json does not show its host client\.example/),
  {
    // A deployment that needs no document takes a client_id with a fragment as well, by its nature.
    ...authorizationCase('client-metadata-missing-document-refused', 'accepts an https client_id it has no document for', { clientMetadataMissingAccepted: true }, /conformance-no-such-client-document\.json, which has no document: the deployment accepted it/),
    mayAlsoFail: ['client-metadata-url-form-refused'],
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
  authorizationCase('token-resource-invalid-target', 'refreshes a token for any resource', { tokenResourceUnchecked: true }, /a refresh for https:\/\/conformance\.invalid\/another-resource: expected 400 invalid_target, got HTTP 200/),

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
  appCase('mcp-app-resource-read', 'serves its view as text/html in the 2026-07-28 era only', 'modern-plain-html-mime-type', /^2026-07-28: resources\/read ui:\/\/fake-survey-mcp\/survey-results\.html: mimeType is "text\/html"/),
  appCase('mcp-app-listed-view-mime-type', 'lists a ui:// resource as text/html', 'listed-plain-mime-type', /^2025-11-25: resources\/list names ui:\/\/fake-survey-mcp\/results\.html as "text\/html", not "text\/html;profile=mcp-app"/),

  // Registration: a list of no redirect URIs (authprobe), a generated client_id that reads as a URL (CIMD 6.9)
  {
    check: 'registration-refuses-empty-redirect-uris',
    group: 'registration',
    deployment: 'registers a client with no redirect URI',
    fake: { faults: { emptyRedirectUrisAccepted: true } },
    reason: /redirect_uris \[\]: HTTP 201.*no redirect_uris: HTTP 201/,
  },
  {
    // It still knows the id as a registered client, so only the rule of CIMD 6.9 breaks.
    check: 'registration-client-id-not-url',
    group: 'registration',
    deployment: 'generates client_ids that are https URLs',
    fake: { faults: { registeredClientIdLikeUrl: true } },
    reason: /POST \/register issued client_id "https:\/\/clients\.fake-survey-mcp\.example\/client_.+", which reads as the URL of a client metadata document/,
  },
];
