import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SealedSuccessor } from '../store/auth-store.js';
import { hashSecret } from './tokens.js';

/**
 * A rotated refresh token's successor, kept for the grace period so a retry of the rotation can
 * be answered with it (issue 23: parallel and retried renewals are not theft). The store keeps
 * only the ciphertext: its key is HKDF of the spent token itself, which the store never holds
 * (it keeps SHA-256 of it, a different derivation), so only whoever presents that token again
 * can open it. AES-256-GCM; the successor's hash is the additional data, so a ciphertext moved
 * to another row does not open, and the opened secret is checked against that hash.
 */
const salt = Buffer.from('survey-mcp refresh grace');
const info = Buffer.from('successor refresh token v1');
const ivBytes = 12;
const tagBytes = 16;

const keyOf = (spentToken: string): Buffer => Buffer.from(hkdfSync('sha256', spentToken, salt, info, 32));

/** The successor sealed under a key derived from the spent token, as base64url (iv ‖ ciphertext ‖ tag). */
export function sealSuccessor(spentToken: string, successor: string, successorHash: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyOf(spentToken), iv);
  cipher.setAAD(Buffer.from(successorHash));
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The successor, or undefined when `spentToken` is not the token it was sealed under. */
export function openSuccessor(spentToken: string, link: SealedSuccessor): string | undefined {
  const sealed = Buffer.from(link.sealed, 'base64url');
  if (sealed.length <= ivBytes + tagBytes) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', keyOf(spentToken), sealed.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(link.successorHash));
  decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes));
  let successor: string;
  try {
    successor = Buffer.concat([decipher.update(sealed.subarray(ivBytes, sealed.length - tagBytes)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
  return hashSecret(successor) === link.successorHash ? successor : undefined;
}

/**
 * Follows a lineage from the presented spent token to the live head: each link opens with the
 * secret the previous one yielded. Undefined when any link does not open.
 */
export function openLineage(spentToken: string, lineage: readonly SealedSuccessor[]): string | undefined {
  let secret: string | undefined = spentToken;
  for (const link of lineage) {
    secret = openSuccessor(secret, link);
    if (secret === undefined) return undefined;
  }
  return secret;
}
