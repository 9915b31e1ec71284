import type { FaultCase } from './fault-cases.js';

/**
 * Wrong deployments that fail a check in one way only, where its other wrong deployment fails it
 * another way: weakening the check to the other way (a status check instead of a comparison, any
 * error instead of the one named) fails this case.
 */
export const NARROW_FAULT_CASES: readonly FaultCase[] = [
  {
    check: 'metadata-at-authorization-origin',
    group: 'discovery',
    deployment: "serves a stale copy of its metadata (another token_endpoint) at the authorization endpoint's origin, with HTTP 200",
    fake: { faults: { authOriginMetadataStale: true } },
    reason: /GET http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-authorization-server is not the document at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-authorization-server/,
  },
  {
    check: 'pkce-default-method-plain',
    group: 'authorization',
    deployment: 'fails a code_challenge without a method with server_error instead of invalid_request or taking it as plain',
    fake: { faults: { missingMethodCrashes: true } },
    reason: /a challenge without a method ended in error server_error, neither a code nor invalid_request/,
  },
  {
    check: 'token-resource-invalid-target',
    group: 'authorization',
    deployment: 'refuses a refresh for another resource, but with invalid_request instead of invalid_target',
    fake: { faults: { foreignResourceRefusedAs: 'token-invalid-request' } },
    reason: /a refresh for https:\/\/conformance\.invalid\/another-resource: expected 400 invalid_target, got HTTP 400 .*invalid_request/,
    // Its own resource with a fragment is not its resource either: refused as wrongly there.
    mayAlsoFail: ['resource-relative-invalid-target'],
  },
  {
    check: 'resource-foreign-invalid-target',
    group: 'authorization',
    deployment: 'refuses an authorization request for another resource, but with invalid_request instead of invalid_target',
    fake: { faults: { foreignResourceRefusedAs: 'authorize-invalid-request' } },
    reason: /resource https:\/\/conformance\.invalid\/another-resource: error "invalid_request", expected "invalid_target"/,
  },
];

/** Wrong deployments whose metadata is right and whose behaviour is not: the check sends the request. */
export const BEHAVIOUR_FAULT_CASES: readonly FaultCase[] = [
  {
    check: 'password-grant-refused',
    group: 'authorization',
    deployment: 'leaves the password grant out of grant_types_supported but still issues tokens for it',
    fake: { faults: { passwordGrantAccepted: true } },
    reason: /grant_type=password with the person's own credentials: expected 400 with an OAuth "error" \(unsupported_grant_type\), got HTTP 200/,
  },
];

/** Framing the sentence names: a notification accepted with 202 and no body. */
export const FRAMING_FAULT_CASES: readonly FaultCase[] = [
  {
    check: 'notification-202',
    group: 'mcp',
    deployment: 'accepts a notification with 202 but answers it with a JSON-RPC body',
    fake: { faults: { notificationAnsweredWithBody: true } },
    reason: /notifications\/initialized: HTTP 202 with a body, \{"jsonrpc":"2\.0","result":\{\}\}; a notification is accepted with no body/,
  },
];

/** Wrong deployments of the refresh grace (issue 23), each breaking one of its rules. */
export const GRACE_FAULT_CASES: readonly FaultCase[] = [
  {
    check: 'refresh-retry-same-successor',
    group: 'authorization',
    deployment: 'answers a retry within the refresh grace with a new refresh token, not the successor issued first',
    fake: { faults: { graceMintsNewSuccessor: true } },
    reason: /the retry within the grace was answered with refresh_token "rt_\S*"…, not the successor "rt_\S*"… the renewal issued/,
    // Two live lineages are what refresh-parallel looks for too.
    mayAlsoFail: ['refresh-parallel'],
  },
  {
    check: 'refresh-retry-after-revocation-refused',
    group: 'authorization',
    deployment: 'answers a retry within the refresh grace after the grant was revoked',
    fake: { faults: { graceOutlivesRevocation: true } },
    reason: /after its successor was revoked: expected HTTP 400, got HTTP 200/,
  },
  {
    check: 'refresh-retry-other-client-refused',
    group: 'authorization',
    deployment: 'answers a retry within the refresh grace for any client',
    fake: { faults: { graceForAnyClient: true } },
    reason: /another client presenting the runner's spent refresh token within the grace: expected HTTP 400, got HTTP 200/,
  },
];
