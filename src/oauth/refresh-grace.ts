import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SealedSuccessor } from '../store/auth-store.js';
import { hashSecret } from './tokens.js';

/**
 * The answer a rotation gave — the successor refresh token and the access token issued with it —
 * kept for the grace period so a retry of the rotation gets that very answer again (issue 23:
 * parallel and retried renewals are not theft; issue 43: one spent token yields one live access
 * token, not one per retry). The store keeps only the ciphertext: its key is HKDF of the spent
 * token itself, which the store never holds (it keeps SHA-256 of it, a different derivation), so
 * only whoever presents that token again can open it, and a copy of the store reveals neither
 * token. AES-256-GCM; the successor's hash is the additional data, so a ciphertext moved to
 * another row does not open, and the opened successor is checked against that hash.
 */
const salt = Buffer.from('survey-mcp refresh grace');
// v2 seals the access token beside the successor; a v1 seal (the successor alone) does not open.
const info = Buffer.from('rotation answer v2');
const ivBytes = 12;
const tagBytes = 16;

/** What a rotation answered, as sealed: both secrets and when the access token expires. */
export interface RotationAnswer {
  readonly refresh: string;
  readonly access: string;
  readonly accessExpiresAt: number;
}

const keyOf = (spentToken: string): Buffer => Buffer.from(hkdfSync('sha256', spentToken, salt, info, 32));

const isAnswer = (value: unknown): value is RotationAnswer => {
  const answer = value as Partial<RotationAnswer> | null;
  return typeof answer?.refresh === 'string' && typeof answer.access === 'string' && typeof answer.accessExpiresAt === 'number';
};

/** The answer sealed under a key derived from the spent token, as base64url (iv ‖ ciphertext ‖ tag). */
export function sealAnswer(spentToken: string, answer: RotationAnswer, successorHash: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyOf(spentToken), iv);
  cipher.setAAD(Buffer.from(successorHash));
  const body = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The answer, or undefined when `spentToken` is not the token it was sealed under. */
export function openAnswer(spentToken: string, link: SealedSuccessor): RotationAnswer | undefined {
  const sealed = Buffer.from(link.sealed, 'base64url');
  if (sealed.length <= ivBytes + tagBytes) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', keyOf(spentToken), sealed.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(link.successorHash));
  decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes));
  let answer: unknown;
  try {
    answer = JSON.parse(Buffer.concat([decipher.update(sealed.subarray(ivBytes, sealed.length - tagBytes)), decipher.final()]).toString('utf8'));
  } catch {
    return undefined;
  }
  return isAnswer(answer) && hashSecret(answer.refresh) === link.successorHash ? answer : undefined;
}

/**
 * Follows a lineage from the presented spent token to the live head: each link opens with the
 * refresh token the previous one yielded. The last link's answer, or undefined when any link
 * does not open (or there is none).
 */
export function openLineage(spentToken: string, lineage: readonly SealedSuccessor[]): RotationAnswer | undefined {
  let answer: RotationAnswer | undefined;
  for (const link of lineage) {
    answer = openAnswer(answer?.refresh ?? spentToken, link);
    if (answer === undefined) return undefined;
  }
  return answer;
}
