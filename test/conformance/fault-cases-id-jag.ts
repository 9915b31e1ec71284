import type { IdJagFaults } from './fake/id-jag.js';
import type { FaultCase } from './fault-cases.js';

const idJagCase = (check: string, deployment: string, faults: IdJagFaults, reason: RegExp): FaultCase => ({ check, group: 'id-jag', deployment, fake: { faults }, reason });
/** A refusal check caught: the ID-JAG it describes as `what` was taken and earned a token. */
const refusedCase = (check: string, deployment: string, faults: IdJagFaults, what: RegExp): FaultCase =>
  idJagCase(check, deployment, faults, new RegExp(`${what.source}: the deployment accepted it and issued an access token`));

/** The wrong deployments of the ID-JAG grant (issue 45), one rule each, each caught by the check named. */
export const ID_JAG_FAULT_CASES: readonly FaultCase[] = [
  idJagCase('id-jag-grant-accepted', 'refuses even a valid ID-JAG', { idJagRefused: true }, /a valid ID-JAG for alice@example\.com .*: expected an access token, got HTTP 400/),
  idJagCase('id-jag-no-refresh-token', 'issues a refresh token for an ID-JAG', { idJagRefreshIssued: true }, /the answer carries a refresh_token/),
  idJagCase('id-jag-jti-replay-refused', 'takes one ID-JAG again and again', { idJagJtiReusable: true }, /the same ID-JAG \(same jti\) redeemed again: the deployment accepted it/),
  refusedCase('id-jag-typ-refused', 'ignores the header typ', { idJagTypUnchecked: true }, /header typ JWT/),
  refusedCase('id-jag-alg-none-refused', 'takes an unsigned ID-JAG', { idJagAlgNoneAccepted: true }, /alg none and no signature/),
  refusedCase('id-jag-symmetric-refused', 'takes an HS256 ID-JAG without checking its MAC', { idJagHmacAccepted: true }, /HS256 with a made-up secret/),
  refusedCase('id-jag-unknown-key-refused', 'does not verify the signature', { idJagSignatureUnchecked: true }, /signed by another key under the provider kid/),
  refusedCase('id-jag-issuer-refused', 'takes an ID-JAG from any issuer', { idJagIssuerUnchecked: true }, /iss https:\/\/another-idp\.example/),
  refusedCase('id-jag-audience-refused', 'takes an ID-JAG whatever its aud', { idJagAudienceUnchecked: true }, /aud is https:\/\/another-server\.example/),
  refusedCase('id-jag-audience-array-refused', 'takes an aud array that names it among others', { idJagAudienceArrayAccepted: true }, /aud is an array naming this server and another/),
  refusedCase('id-jag-client-id-refused', 'does not match client_id to the authenticated client', { idJagClientIdUnchecked: true }, /client_id is a client other than the one authenticated/),
  refusedCase('id-jag-expired-refused', 'takes an expired ID-JAG', { idJagExpiryUnchecked: true }, /expired nine minutes ago/),
  refusedCase('id-jag-long-lived-refused', 'takes an ID-JAG valid for an hour', { idJagLifetimeUnbounded: true }, /valid for an hour/),
  refusedCase('id-jag-iat-future-refused', 'takes an ID-JAG issued in the future', { idJagIatUnchecked: true }, /issued four minutes in the future/),
  refusedCase('id-jag-resource-refused', 'takes an ID-JAG for another resource', { idJagResourceUnchecked: true }, /resource is https:\/\/another-resource\.example\/mcp/),
  refusedCase('id-jag-scope-refused', 'takes any scope an ID-JAG grants', { idJagScopeUnchecked: true }, /scope adds admin:everything/),
];
