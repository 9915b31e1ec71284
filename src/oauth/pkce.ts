import { createHash, timingSafeEqual } from 'node:crypto';

export type PkceMethod = 'S256' | 'plain';

export const pkceMethods: readonly PkceMethod[] = ['S256', 'plain'];

/** RFC 7636 §4.1: 43 to 128 unreserved characters. A plain challenge is a verifier itself. */
const verifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;
/** base64url of a SHA-256 digest, without padding. */
const s256ChallengePattern = /^[A-Za-z0-9\-_]{43}$/;

export const isPkceMethod = (value: string): value is PkceMethod => (pkceMethods as string[]).includes(value);

export const isValidVerifier = (verifier: string): boolean => verifierPattern.test(verifier);

export function isValidChallenge(method: PkceMethod, challenge: string): boolean {
  return method === 'S256' ? s256ChallengePattern.test(challenge) : verifierPattern.test(challenge);
}

export const s256Challenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/**
 * True when the verifier answers the challenge. The method is the one stored with the code, so
 * an S256 code always hashes the verifier: sending the challenge itself (a downgrade) never passes.
 */
export function verifyPkce(method: PkceMethod, challenge: string, verifier: string): boolean {
  if (!isValidVerifier(verifier)) return false;
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(method === 'S256' ? s256Challenge(verifier) : verifier);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
