import type { Group } from '../../conformance/check.js';
import type { Faults } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';

function branchCase(check: string, group: Group, deployment: string, faults: Faults, reason: RegExp, mayAlsoFail?: readonly string[]): FaultCase {
  return { check, group, deployment, fake: { faults }, reason, ...(mayAlsoFail ? { mayAlsoFail } : {}) };
}

/**
 * Wrong deployments of issue 31's uncovered branches: each gets a rule right on the branch the
 * older check takes and wrong on the other (the other grant, token kind, page or input form),
 * and only the check that takes that branch catches it.
 */
export const ONE_BRANCH_FAULT_CASES: readonly FaultCase[] = [
  // one grant only
  branchCase('refresh-no-store', 'authorization', 'lets a renewed token be cached (no Cache-Control: no-store on the refresh grant)', { refreshCacheable: true }, /the refresh grant's token response lacks Cache-Control: no-store/),
  branchCase('refresh-token-lifetime', 'authorization', 'renews access tokens for two hours', { refreshLongLived: true }, /the refresh grant's expires_in is 7200, expected 1\.\.3600/),
  branchCase('code-resource-invalid-target', 'authorization', 'redeems a code for any resource', { codeResourceUnchecked: true }, /redeeming a code authorized for .* with resource https:\/\/conformance\.invalid\/another-resource: expected 400 invalid_target, got HTTP 200/),
  branchCase('unknown-refresh-token-invalid-grant', 'authorization', 'answers an unknown refresh token with invalid_request', { unknownRefreshTokenInvalidRequest: true }, /a refresh token never issued: expected 400 invalid_grant, got HTTP 400.*invalid_request/),
  // one token kind only
  branchCase('code-replay-revokes-refresh-token', 'authorization', 'revokes only the access token when a code is replayed', { codeReplayKeepsRefreshToken: true }, /after the code was replayed, the refresh token of its first redemption still renews/),
  branchCase('revoke-refresh-under-access-hint', 'revocation', 'looks a refresh token up only under the refresh_token hint', { refreshRevocationTrustsHint: true }, /a refresh token revoked under the access_token hint still renews/, ['revocation.token_type_hint.other-value']),
  branchCase('revoke-other-clients-refresh-ignored', 'revocation', "lets any client revoke another client's refresh token", { revokeAnyClientsRefreshToken: true }, /another registered client(?: or the metadata-document client \S+)? revoked the runner's refresh token: renewing with it got HTTP 400/, ['revocation.client_id.other-client', 'revocation.client_id.omitted']),
  // one page only
  branchCase('sign-in-not-framable', 'authorization', 'lets another site frame its sign-in page', { framableSignIn: true }, /the sign-in page lacks Content-Security-Policy frame-ancestors 'none' \(got ""\) and X-Frame-Options: DENY/),
  branchCase('sign-in-requires-csrf', 'authorization', 'takes a sign-in whatever its CSRF token', { signInIgnoresCsrf: true }, /the sign-in form was accepted with a forged CSRF token: the browser was signed in and reached the consent page/),
  // one malformed form only
  branchCase('authorization-error-redirect', 'authorization', 'takes a request without response_type for a code request', { missingResponseTypeAsCode: true }, /no response_type: redirected back without an error/),
  branchCase('pkce-verifier-form-refused', 'authorization', 'takes verifiers of up to 256 characters', { longVerifierAccepted: true }, /redeeming a code with a 129-character verifier: expected HTTP 400, got HTTP 200/),
  branchCase('resource-relative-invalid-target', 'authorization', 'takes resource=mcp at the authorization endpoint', { relativeResourceAccepted: 'authorization' }, /an authorization request with resource=mcp: redirected back without an error/),
  branchCase('resource-relative-invalid-target', 'authorization', 'takes resource=mcp at the token endpoint', { relativeResourceAccepted: 'token' }, /a refresh with resource=mcp: expected 400 invalid_target, got HTTP 200/),
  branchCase('protocol-version-not-a-version-400', 'mcp', 'lets through an MCP-Protocol-Version that is not shaped as a date', { versionHeaderFormUnchecked: true }, /MCP-Protocol-Version conformance-latest: expected HTTP 400, got HTTP 200/),
  branchCase('client-metadata-url-form-refused', 'authorization', 'resolves a double-dot segment in a client_id', { clientMetadataUrlLoose: 'double-dot-segment' }, /a client_id with a double-dot segment \(https:\/\/client\.example\/oauth\/conformance\/\.\.\/conformance\.json\): the deployment accepted it/),
  branchCase('client-metadata-url-form-refused', 'authorization', 'drops a user without a password from a client_id', { clientMetadataUrlLoose: 'user-only' }, /a client_id with a user alone \(https:\/\/conformance@client\.example\/oauth\/conformance\.json\): the deployment accepted it/),
  branchCase('token-parameters-other-grant', 'authorization', 'takes an empty resource= as a resource when redeeming a code', { otherGrantTokenParameters: 'code-empty-kept' }, /a code redemption with resource= \(empty\) and conformance_extension=ignore-me was refused: HTTP 400 .*invalid_target/),
  branchCase('token-parameters-other-grant', 'authorization', 'refuses a code redemption with a parameter it does not know', { otherGrantTokenParameters: 'code-unknown-refused' }, /a code redemption with resource= \(empty\) and conformance_extension=ignore-me was refused: HTTP 400 .*invalid_request/),
  branchCase('token-parameters-other-grant', 'authorization', 'reads the first of a repeated refresh_token', { otherGrantTokenParameters: 'refresh-repeated-first' }, /a refresh that gives refresh_token twice: expected HTTP 400, got HTTP 200/, ['token.client_id.repeated']),
  branchCase('pkce-plain-verifier-mismatch', 'authorization', 'takes any verifier for a plain challenge', { plainVerifierUnchecked: true }, /redeeming a code issued for a plain challenge with another verifier: expected HTTP 400, got HTTP 200/),
  branchCase('response-message-202', 'mcp', 'answers a posted JSON-RPC response as a request', { responseAnsweredAsRequest: true }, /a JSON-RPC response got HTTP 200.*: expected 202 with no body, or an HTTP error/),
  branchCase('malformed-bearer-401', 'mcp', 'answers a Bearer value outside token68 with 400', { malformedToken400: true }, /initialize with Bearer conformance not-token68!: expected HTTP 401, got HTTP 400/),
  branchCase('registration-accepts-native-redirects', 'registration', 'refuses an https redirect URI', { httpsRedirectsRefused: true }, /registering https:\/\/conformance\.example\/callback, .* answered HTTP 422 .*https is not allowed/),
  branchCase('modern-name-header-exact', 'modern-mcp', 'takes a resources/read without Mcp-Name', { modernFault: 'read-name-header-optional' }, /resources\/read without Mcp-Name: expected HTTP 400 with JSON-RPC error -32020, got HTTP 200/),
  branchCase('modern-name-header-exact', 'modern-mcp', 'does not compare Mcp-Name on resources/read', { modernFault: 'read-name-header-unchecked' }, /resources\/read of ui:\/\/conformance\/never-served\.html with Mcp-Name: ui:\/\/conformance\/another\.html: expected HTTP 400 with JSON-RPC error -32020, got HTTP 200/),
  branchCase('modern-name-header-exact', 'modern-mcp', 'compares Mcp-Name ignoring case', { modernFault: 'name-header-case-insensitive' }, /tools\/call get_me with Mcp-Name: GET_ME: expected HTTP 400 with JSON-RPC error -32020, got HTTP 200/),
  // media types never read
  branchCase('json-media-types', 'authorization', 'sends its protected-resource metadata as text/plain', { jsonAsTextPlain: 'protected-resource' }, /the protected-resource metadata is sent as text\/plain; charset=utf-8: expected application\/json/),
  branchCase('json-media-types', 'authorization', 'answers registrations as text/plain', { jsonAsTextPlain: 'registration' }, /the registration answer is sent as text\/plain; charset=utf-8: expected application\/json/),
  branchCase('json-media-types', 'authorization', 'sends token errors as text/plain', { jsonAsTextPlain: 'token' }, /a token error is sent as text\/plain; charset=utf-8: expected application\/json/),
  branchCase('json-media-types', 'authorization', 'sends revocation errors as text/plain', { jsonAsTextPlain: 'revocation' }, /a revocation error is sent as text\/plain; charset=utf-8: expected application\/json/),
];
