import type { ThirdSampleFault } from './fake/faults-third-sample.js';
import type { FakeDeploymentOptions } from './fake-deployment.js';
import type { FaultCase } from './fault-cases.js';
import type { InvariantFaultCase } from './invariant-fault-cases.js';

// Small budgets keep the rate-limit cases to a few seconds, as in fault-cases.ts.
const SMALL_MCP_LIMIT = { fake: { mcpRateLimit: { limit: 5, windowMs: 2000 } }, run: { mcpRateLimit: { limit: 5, windowSeconds: 2 } } };
const SMALL_REGISTER_LIMIT = { fake: { registerRateLimit: { limit: 3, windowMs: 3000 } }, run: { registerRateLimit: { limit: 3, windowSeconds: 3 }, includeRegisterLimit: true } };

function sampleCase(check: string, group: FaultCase['group'], deployment: string, fault: ThirdSampleFault, reason: RegExp, fake: Omit<FakeDeploymentOptions, 'faults'> = {}): FaultCase {
  return { check, group, deployment, fake: { faults: { thirdSampleFault: fault }, ...fake }, reason };
}

/**
 * Issue 41's third fresh sample of realistic faults (docs/runner-power.md, "A third fresh sample
 * of realistic faults"), each kept caught by the check named: the sample's misses, caught by the
 * checks widened or added for them, and the faults it was first to express. The sample's faults
 * that an older fault already expresses keep their older cases.
 */
export const THIRD_SAMPLE_FAULT_CASES: readonly FaultCase[] = [
  // The misses, before the checks were widened or added.
  sampleCase('skills-served', 'mcp', 'looks a skill up by the name in its uri alone', 'skill-looked-up-by-name', /skills\/get skill:\/\/fake-survey\/conformance-unlisted\.md, a skill no listing names, answered the result/),
  sampleCase('authorization-server-metadata', 'discovery', 'serves its metadata as JSON only to an explicit Accept: application/json', 'metadata-only-to-json-accept', /with Accept: \*\/\* answered HTTP 200 <!doctype html>/),
  sampleCase('authorize.code_challenge.empty@dcr-public', 'authorization', 'takes an empty code_challenge for none and issues a code', 'empty-challenge-as-none', /code_challenge sent empty: the deployment issued a code/),
  sampleCase('client-metadata-url-form-refused', 'authorization', 'takes an http client_id on a loopback host for a metadata document', 'loopback-http-client-id', /an http client_id on a loopback host \(http:\/\/localhost\/\S+\): the deployment accepted it and redirected/),
  sampleCase('consent-requires-csrf', 'authorization', 'checks the consent form\'s CSRF token only when the field is there', 'consent-csrf-only-when-present', /the consent form was approved with its CSRF token field left out and a code was issued/),
  sampleCase('registration-no-secret', 'registration', 'gives a registration naming application_type web a client_secret', 'web-application-secret', /naming application_type "web": the client record gives token_endpoint_auth_method "client_secret_basic" and a "client_secret"/),
  sampleCase('consent-shows-client-and-redirect', 'authorization', "shows on the consent page the client's first registered redirect URI, not the request's", 'consent-shows-first-redirect', /asked for http:\/\/127\.0\.0\.1:33418\/callback: its consent page does not show that destination/),
  sampleCase('authorization-server-metadata', 'discovery', 'answers its metadata 401 to a request carrying a bearer token it never issued', 'metadata-behind-bearer', /with a bearer token it never issued answered HTTP 401/),
  {
    ...sampleCase('registration-rate-limit', 'registration', 'keys its registration budget by a client-sent X-Forwarded-For', 'register-limit-by-forwarded-for', /with X-Forwarded-For: 203\.0\.113\.7: expected HTTP 429/, SMALL_REGISTER_LIMIT.fake),
    run: SMALL_REGISTER_LIMIT.run,
  },
  {
    ...sampleCase('registration-rate-limit', 'registration', "answers the registration endpoint's 429s after the first without Retry-After", 'register-repeat-429-no-retry-after', /right after the 429: the 429 has no Retry-After header/, SMALL_REGISTER_LIMIT.fake),
    run: SMALL_REGISTER_LIMIT.run,
  },
  sampleCase('client-metadata-missing-document-refused', 'authorization', "looks a client_id URL's document up with its query dropped", 'client-id-query-dropped', /conformance=another-client, the operator's document URL with a query added, a client_id no document names: the deployment accepted it and redirected/),
  sampleCase('sso-only-password-refused', 'authorization', 'signs the single-sign-on-only account in with an empty password', 'sso-only-empty-password', /an account of single sign-on only, with an empty password: a code was issued/),
  sampleCase('sign-in-refusals-alike', 'authorization', 'tells an unknown address from a wrong password on its sign-in page', 'sign-in-enumerates-accounts', /the answers tell which addresses have accounts/),
  sampleCase('modern-version-header-mismatch-32020', 'modern-mcp', "serves a 2026-07-28 request without MCP-Protocol-Version on its body's version alone", 'era-from-body-alone', /was answered as 2026-07-28 \(resultType "complete"\): the era was read from the body alone/),
  // The faults caught before any widening, that no older fault expressed.
  sampleCase('iss-returned', 'authorization', 'writes the iss parameter with a trailing slash', 'iss-trailing-slash', /iss is "http:\/\/127\.0\.0\.1:\d+\/", expected the issuer/),
  sampleCase('missing-token-401', 'mcp', "joins its challenge's resource_metadata from the canonical URI written with a slash", 'challenge-metadata-double-slash', /resource_metadata is "http:\/\/127\.0\.0\.1:\d+\/\/\.well-known\/oauth-protected-resource"/),
  sampleCase('bearer-challenge-syntax', 'mcp', 'repeats scope in its 2026-07-28 challenge', 'modern-challenge-scope-twice', /"scope" appears 2 times/),
  sampleCase('token.redirect_uri.other-value@cimd-jwt+code', 'authorization', "does not compare a private_key_jwt client's redirect_uri at the token endpoint", 'jwt-client-redirect-unchecked', /the deployment accepted it and issued tokens/),
  sampleCase('token-parameters-other-grant', 'authorization', 'answers a refresh naming refresh_token twice with 500', 'repeated-refresh-token-500', /a refresh that gives refresh_token twice: expected HTTP 400, got HTTP 500/),
  sampleCase('signed-metadata-form', 'discovery', 'publishes signed_metadata unsigned', 'unsigned-signed-metadata', /is not signed \(alg "none", no signature\)/),
  sampleCase('unknown-client-json', 'authorization', 'serves GET /oauth/authorize only to Accept: text/html', 'authorize-get-html-only', /with Accept: application\/json: expected HTTP 400, got HTTP 404/),
  sampleCase('revocation.token_type_hint.other-value@cimd-jwt+access', 'revocation', "searches a private_key_jwt client's revoked token under its hint alone", 'jwt-client-revocation-hint-only', /HTTP 200, but the token still works/),
  sampleCase('confirmation-missing-answer-asks-again', 'confirmations', 'refuses a 2026-07-28 inputResponses under an unknown key with -32602', 'input-responses-strict', /inputResponses lacking "confirm": expected HTTP 200 with a result/),
  sampleCase('missing-token-401', 'mcp', 'answers a 2026-07-28 request without a token 401 without a challenge', 'modern-401-without-challenge', /2026-07-28: server\/discover without a token: the 401 has no WWW-Authenticate header/),
  sampleCase('confirmation-accept-applies', 'confirmations', 'runs a 2026-07-28 tools/call before it refuses the token', 'modern-call-before-token-check', /confirmation_token was already used/),
  sampleCase('stream-request-404', 'mcp', 'opens an event stream that never ends for GET /', 'stream-get-never-ends', /GET \/ with the token never completed/),
  sampleCase('tool-error-validation', 'tool-errors', "skips the 2026-07-28 tools' input validation", 'modern-input-unvalidated', /2026-07-28: list_surveys with limit 1000 \(max 100\): the result is not marked isError: true/),
  sampleCase('pkce-verifier-mismatch', 'authorization', 'answers a verifier that does not match with invalid_request', 'verifier-mismatch-invalid-request', /expected "error": "invalid_grant", got \{"error":"invalid_request"\}/),
  sampleCase('spent-refresh-token-refused', 'authorization', 'keeps the refresh grace a thousand times too long', 'grace-in-milliseconds', /past --refresh-grace 2\), with no renewal in between: expected HTTP 400, got HTTP 200/),
  { check: 'protected-resource-metadata', group: 'discovery', deployment: 'leaves resource out of its protected-resource metadata', fake: { faults: { prmOverrides: { resource: undefined } } }, reason: /"resource" is undefined/ },
  { check: 'pkce-methods', group: 'discovery', deployment: 'lists s256 in lower case', fake: { faults: { asMetadataOverrides: { code_challenge_methods_supported: ['s256', 'plain'] } } }, reason: /has \["s256","plain"\]/ },
];

/** The sample's faults an invariant catches over the exchanges of the checks named. */
export const THIRD_SAMPLE_INVARIANT_FAULT_CASES: readonly InvariantFaultCase[] = [
  {
    invariant: 'token-lifetime-within-an-hour',
    deployment: "gives a metadata-document client's code grant 30-day tokens",
    fake: { faults: { thirdSampleFault: 'cimd-code-tokens-30-days' } },
    only: ['client-metadata-document-flow'],
    reason: /the token endpoint \(auth host\): a token response gives expires_in 2592000, expected 1\.\.3600/,
  },
  {
    invariant: 'mcp-429-shape',
    deployment: "writes its MCP 429s' Retry-After in milliseconds",
    fake: { faults: { thirdSampleFault: 'retry-after-milliseconds' }, ...SMALL_MCP_LIMIT.fake },
    only: ['mcp-rate-limit-enforced'],
    reason: /a 429: its Retry-After is \d{4,}, outside 1\.\.60/,
    run: SMALL_MCP_LIMIT.run,
  },
];
