import { createHash, hkdfSync } from 'node:crypto';
import { EncryptJWT, errors, jwtDecrypt } from 'jose';

/** How long a person has to confirm: the interface's "within 5 minutes". */
export const confirmationTtlMs = 5 * 60_000;

/**
 * How the person is asked, which is also what completes the confirmation: `input` a 2026-07-28
 * form in an input-required result (the person's accepting answer), `url` a 2026-07-28 URL-mode
 * input request (the click on our page, then the accepting answer), `link` the confirmation token
 * of a client that cannot ask (the click on our page), `stream` a 2025-11-25 elicitation in the
 * call's own stream (the answer, there and then). A seal completes only in its own mode and era.
 */
export type ConfirmationMode = 'input' | 'url' | 'link' | 'stream';

/** What a confirmation binds: the person, the client, the exact call, the survey it changes, and how and what the person was told. */
export interface ConfirmationClaims {
  /** The person's user id. */
  readonly userId: string;
  readonly clientId: string;
  readonly tool: string;
  /** `argumentsDigest` of the call's arguments, without `confirmation_token`. */
  readonly argsDigest: string;
  readonly surveyId: string;
  readonly mode: ConfirmationMode;
  /** The protocol revision of the call it was issued in. */
  readonly era: string;
  /** The digest of the state the person was told about (`ConfirmationAsk.state`): if that changed, the call asks again. */
  readonly state: string;
  /** What the person is told, in plain words (the confirmation page shows it). */
  readonly summary: string;
  /** Unique: recorded in the store when the change is applied, so it is used once. */
  readonly id: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

const modes: readonly ConfirmationMode[] = ['input', 'url', 'link', 'stream'];

const salt = Buffer.from('survey-mcp confirmations');
// v2: seals of v1 (no mode, era or state) do not open under the new key.
const info = Buffer.from('confirmation state v2');

/** The A256GCM key of the sealed form, derived from the store's shared secret. */
export const sealingKey = (secret: string): Uint8Array => new Uint8Array(hkdfSync('sha256', secret, salt, info, 32));

/** JSON with every object's keys in order: the same arguments give the same digest however they were sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of the arguments' canonical JSON, base64url. */
export const argumentsDigest = (args: Readonly<Record<string, unknown>>): string =>
  createHash('sha256').update(canonical(args)).digest('base64url');

/**
 * The claims as a compact JWE (`dir`, `A256GCM`): authenticated encryption, so a client can
 * neither read nor alter what it carries, and only a server holding the secret makes one.
 */
export function sealConfirmation(key: Uint8Array, claims: ConfirmationClaims): Promise<string> {
  return new EncryptJWT({ cid: claims.clientId, tool: claims.tool, args: claims.argsDigest, sid: claims.surveyId, mode: claims.mode, era: claims.era, st: claims.state, say: claims.summary })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: 'survey-mcp-confirmation' })
    .setSubject(claims.userId)
    .setJti(claims.id)
    .setExpirationTime(Math.floor(claims.expiresAt / 1000))
    .encrypt(key);
}

export type Opened = { readonly claims: ConfirmationClaims } | { readonly problem: 'does not open' | 'has expired' };

/** The claims of a sealed confirmation, or why it cannot be used: it does not open (altered, foreign, not one) or has expired. */
export async function openConfirmation(key: Uint8Array, sealed: string, nowMs: number): Promise<Opened> {
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      currentDate: new Date(nowMs),
      typ: 'survey-mcp-confirmation',
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    const { sub, jti, exp, cid, tool, args, sid, mode, era, st, say } = payload;
    if (![sub, jti, cid, tool, args, sid, mode, era, st, say].every((v) => typeof v === 'string') || typeof exp !== 'number') return { problem: 'does not open' };
    if (!modes.includes(mode as ConfirmationMode)) return { problem: 'does not open' };
    return {
      claims: {
        userId: sub!,
        clientId: cid as string,
        tool: tool as string,
        argsDigest: args as string,
        surveyId: sid as string,
        mode: mode as ConfirmationMode,
        era: era as string,
        state: st as string,
        summary: say as string,
        id: jti!,
        expiresAt: exp * 1000,
      },
    };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { problem: 'has expired' };
    return { problem: 'does not open' };
  }
}
