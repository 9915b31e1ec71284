import type { Faults } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';
import type { InvariantFaultCase } from './invariant-fault-cases.js';

function freshSeedCase(check: string, group: FaultCase['group'], deployment: string, faults: Faults, reason: RegExp): FaultCase {
  return { check, group, deployment, fake: { faults }, reason };
}

/**
 * The wrong deployments of the checks written for the survivors of the fresh seed (issue 41:
 * /work/notes/judged-1.json's and judged-2.json's gaps): each breaks the branch its mutant broke in our server and is
 * caught by the check named.
 */
export const FRESH_SEED_FAULT_CASES: readonly FaultCase[] = [
  freshSeedCase('jwks-uri-key-set', 'discovery', 'serves {} at its jwks_uri instead of a JWK Set', { jwksWithoutKeys: true }, /GET http:\/\/127\.0\.0\.1:\d+\/\.well-known\/jwks\.json \(jwks_uri\): the key set has no "keys" array/),
  freshSeedCase('invalid-jsonrpc-message', 'mcp', 'fails with HTTP 500 on the JSON body null', { nullMessageServerError: 'body' }, /2025-11-25: the JSON body null: expected an HTTP 4xx refusing it, got HTTP 500/),
  freshSeedCase('invalid-jsonrpc-message', 'mcp', 'fails with HTTP 500 on a batch [null] sent without MCP-Protocol-Version', { nullMessageServerError: 'batch-item' }, /2025-11-25: a batch \[null\] without MCP-Protocol-Version: expected an HTTP 4xx refusing it, got HTTP 500/),
  freshSeedCase('invalid-jsonrpc-message', 'mcp', 'fails with HTTP 500 on a request whose params is null', { nullMessageServerError: 'params' }, /2025-11-25: a tools\/list whose params is null: expected an HTTP 4xx refusing it, got HTTP 500/),
  freshSeedCase('invalid-jsonrpc-message', 'mcp', 'fails with HTTP 500 on a 2026-07-28 request whose params is null', { inModernEra: { nullMessageServerError: 'params' } }, /2026-07-28: a tools\/list whose params is null: expected an HTTP 4xx refusing it, got HTTP 500/),
  freshSeedCase('oversized-request-refused', 'mcp', 'refuses a request over its shape limits with an empty error object', { oversizedRefusal: 'empty-error' }, /2025-11-25: a tools\/call with id "conformance-shape-1" and arguments nested 64 levels deep: the JSON-RPC error \{\} lacks an integer code or a string message/),
  freshSeedCase('oversized-request-refused', 'mcp', 'refuses a request over its shape limits under id null', { oversizedRefusal: 'id-null' }, /2025-11-25: a tools\/call with id "conformance-shape-1" and arguments nested 64 levels deep: HTTP 200 answers id null, not the request's "conformance-shape-1"/),
  freshSeedCase('oversized-request-refused', 'mcp', 'refuses a 2026-07-28 request over its shape limits with 400 under id null', { inModernEra: { oversizedRefusal: 'id-null' } }, /2026-07-28: a tools\/call with id "conformance-shape-1" and arguments nested 64 levels deep: HTTP 400 answers id null, not the request's "conformance-shape-1"/),
  freshSeedCase('batch-answers-jsonrpc', 'mcp', 'answers the calls of a batch past its bound as tool errors whose text is {}', { pastBatchBoundMessageLost: true }, /the answer to id "batch-3": its tool error .* carries no \{"error": "<message>"\} with a message/),
  freshSeedCase('private-key-jwt-jti-malformed-refused', 'authorization', 'takes a client assertion whose jti is null', { assertionJtiMalformedAccepted: true }, /an assertion whose jti is null: the deployment accepted it and issued tokens/),
  freshSeedCase('id-jag-scope-refused', 'id-jag', 'fails with HTTP 500 on an ID-JAG whose scope is not a string', { idJagScopeNonStringServerError: true }, /an ID-JAG whose scope is the array \["mcp_customer"\]: expected HTTP 400 with "error": "invalid_grant", got HTTP 500/),
  freshSeedCase('tool-error-validation', 'tool-errors', 'says "validation failed: " and no reason for an argument under its minimum', { validationReasonEmpty: true }, /2025-11-25: the message "validation failed: " has no reason after "validation failed: "/),
  // Seed 20261208's gaps.
  freshSeedCase('sign-in-fields-tampered', 'authorization', 'fails with HTTP 500 on a sign-in posted without its hidden redirect_uri', { signInWithoutRedirectUriServerError: true }, /the sign-in posted with [a-z_, ]*redirect_uri[a-z_, ]* left out: POST http:\/\/127\.0\.0\.1:\d+\/oauth\/sign-in answered HTTP 500/),
  freshSeedCase('sign-in-fields-tampered', 'authorization', 'redirects a sign-in to its hidden return_to unchecked', { signInReturnToUnchecked: true }, /set to https:\/\/conformance\.invalid\/: POST http:\/\/127\.0\.0\.1:\d+\/oauth\/sign-in answered HTTP 303 with Location https:\/\/conformance\.invalid\/: the sign-in sends the browser to another site/),
  freshSeedCase('confirmation-decline-changes-nothing', 'confirmations', "answers the confirmation page's \"Don't do it\" with a 400 error page", { confirmationPage: true, confirmPageDeclineRefused: true }, /confirmation token: refusing on the page http:\/\/127\.0\.0\.1:\d+\/confirm did not end on a page answered HTTP 200 \(HTTP 400/),
  freshSeedCase('confirmation-decline-changes-nothing', 'confirmations', "takes Confirm on the confirmation page after \"Don't do it\" spent its token", { confirmationPage: true, confirmPageDeclineRevivable: true }, /confirmation token: question "[^"]+" was deleted after pressing "Don't do it" on the confirmation page, the token refused as spent \("validation failed: confirmation_token was declined"\), then Confirm pressed on the same page/),
];

/** The invariant written for the fresh seed, over the exchanges of the check that meets its fault. */
export const FRESH_SEED_INVARIANT_FAULT_CASES: readonly InvariantFaultCase[] = [
  {
    invariant: 'error-carries-request-id',
    deployment: 'answers a request over its shape limits with an error under id null',
    fake: { faults: { oversizedRefusal: 'id-null' } },
    only: ['oversized-request-refused'],
    reason: /the mcp endpoint \(mcp host, 2025-11-25\): HTTP 200: an error answers id null, not the request's "conformance-shape-1"/,
  },
];
