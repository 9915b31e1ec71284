import type { Faults } from './fake/faults.js';
import type { FaultCase } from './fault-cases.js';

const jwtCase = (check: string, deployment: string, faults: Faults, reason: RegExp, group: FaultCase['group'] = 'authorization', mayAlsoFail?: readonly string[]): FaultCase => ({
  check,
  group,
  deployment,
  fake: { faults },
  reason,
  ...(mayAlsoFail && { mayAlsoFail }),
});

/**
 * The wrong deployments of private_key_jwt client authentication (RFC 7523, issue 35), one rule
 * each: caught by the check named (catalog test) and by no other check of its group (branch isolation).
 */
export const PRIVATE_KEY_JWT_FAULT_CASES: readonly FaultCase[] = [
  jwtCase('private-key-jwt-signing-algs', 'lists private_key_jwt without its signing algorithms', { signingAlgsUnlisted: true }, /lists private_key_jwt without token_endpoint_auth_signing_alg_values_supported/, 'discovery'),
  jwtCase('private-key-jwt-accepted', 'refuses even a valid client assertion', { assertionsRefused: true }, /the code redeemed with a valid assertion \(aud: the issuer [^)]*\): expected tokens, got HTTP 401/, 'authorization', [
    // It needs one accepted assertion before it can replay it.
    'private-key-jwt-jti-replay-refused',
  ]),
  jwtCase('private-key-jwt-accepted', 'reads keys inline in jwks only, not at a jwks_uri', { jwksUriUnread: true }, /chatgpt-like-jwks-uri\.json: the code redeemed with a valid assertion .*expected tokens, got HTTP 401/),
  jwtCase('private-key-jwt-public-client-assertion-refused', 'ignores a client assertion sent for a public client', { publicClientAssertionIgnored: true }, /public client .* never published: the deployment accepted it and issued tokens/),
  jwtCase('private-key-jwt-assertion-required', 'serves a private_key_jwt client that sends no assertion', { assertionOptional: true }, /without client_assertion: the deployment accepted it and issued tokens/),
  jwtCase('private-key-jwt-assertion-required', 'lists none alone and serves a private_key_jwt client as public', { privateKeyJwtUnlisted: true, assertionOptional: true }, /lists none alone, issued it tokens without an assertion/),
  jwtCase('private-key-jwt-wrong-audience-refused', "takes an assertion whatever its aud", { assertionAudienceUnchecked: true }, /aud is https:\/\/another-server\.example: the deployment accepted it/),
  jwtCase('private-key-jwt-audience-array-refused', 'takes an array aud that names the issuer', { assertionAudienceArrayAccepted: true }, /aud is the array \["https:\/\/another-server\.example", the issuer\]: the deployment accepted it/),
  jwtCase('private-key-jwt-audience-injection-refused', 'takes an array aud that names its token endpoint beside another', { assertionAudienceInjectionAccepted: true }, /aud is the array \["https:\/\/another-server\.example\/token", the token endpoint\]: the deployment accepted it/),
  jwtCase('private-key-jwt-iat-future-refused', 'takes an assertion issued in the future', { assertionIatFutureAccepted: true }, /iat is 250 seconds in the future .*: the deployment accepted it/),
  jwtCase('private-key-jwt-iat-too-old-refused', 'takes an assertion issued a year ago', { assertionIatAgeUnchecked: true }, /iat is a year old .*: the deployment accepted it/),
  jwtCase('private-key-jwt-expired-refused', 'takes an expired assertion', { assertionExpiryUnchecked: true }, /expired two minutes ago \(issued four minutes ago\): the deployment accepted it/),
  jwtCase('private-key-jwt-wrong-key-refused', 'does not verify the signature of an assertion', { assertionSignatureUnchecked: true }, /signed by another key under the published kid: the deployment accepted it/),
  jwtCase('private-key-jwt-jti-replay-refused', 'takes one assertion again and again', { assertionJtiReusable: true }, /same jti\) sent again with the refresh grant: the deployment accepted it/),
];
