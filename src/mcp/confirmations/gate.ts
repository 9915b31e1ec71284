import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConfirmationAsk } from '../../platform/index.js';
import type { ConfirmableCall } from '../tool.js';
import { argumentsDigest, confirmationTtlMs, openConfirmation, sealConfirmation, sealingKey, type ConfirmationClaims } from './seal.js';

/**
 * The steps every era's confirmation takes, whatever carries the sealed confirmation (2026-07-28's
 * `requestState`, the fallback's `confirmation_token`): issue one for a call, check one presented
 * with a call, and apply the call it confirms, once.
 */

/** Why a presented confirmation is refused, as a phrase after its name ("requestState has expired"). */
export interface Refusal {
  readonly problem: string;
}

export interface Issued {
  /** The sealed confirmation. */
  readonly sealed: string;
  readonly expiresAt: number;
}

/** Derived keys by secret (one per store; ~50 µs an HKDF saved per confirmation). */
const derived = new Map<string, Uint8Array>();

async function keyOf(call: ConfirmableCall): Promise<Uint8Array> {
  const secret = await call.platform.confirmationSecret();
  let key = derived.get(secret);
  if (!key) derived.set(secret, (key = sealingKey(secret)));
  return key;
}

/** A confirmation of exactly this call, by this person through this client, for five minutes. */
export async function issueConfirmation(call: ConfirmableCall, ask: ConfirmationAsk): Promise<Issued> {
  // Whole seconds: a JWT's `exp` holds no more, and `expires_at` must say what the seal enforces.
  const expiresAt = Math.floor((call.clock.now() + confirmationTtlMs) / 1000) * 1000;
  const claims: ConfirmationClaims = {
    userId: call.userId,
    clientId: call.clientId,
    tool: call.tool,
    argsDigest: argumentsDigest(call.args),
    surveyId: ask.surveyId,
    id: randomUUID(),
    expiresAt,
  };
  return { sealed: await sealConfirmation(await keyOf(call), claims), expiresAt };
}

/** The claims of `sealed` when it was issued for this very call, person and client, and is still in time. */
export async function checkConfirmation(call: ConfirmableCall, sealed: string): Promise<{ readonly claims: ConfirmationClaims } | Refusal> {
  const opened = await openConfirmation(await keyOf(call), sealed, call.clock.now());
  if ('problem' in opened) {
    return { problem: opened.problem === 'has expired' ? 'has expired (a confirmation is good for 5 minutes): ask again' : 'does not open: it was altered, or not issued by this server' };
  }
  const { claims } = opened;
  if (claims.userId !== call.userId) return { problem: 'was issued to another person' };
  if (claims.clientId !== call.clientId) return { problem: 'was issued to another client' };
  if (claims.tool !== call.tool) return { problem: `was issued for ${claims.tool}, not ${call.tool}` };
  if (claims.argsDigest !== argumentsDigest(call.args)) {
    const surveyId = call.args['survey_id'];
    return { problem: typeof surveyId === 'string' && surveyId !== claims.surveyId ? 'was issued for another survey' : 'was issued for other arguments' };
  }
  return opened;
}

/**
 * Runs the confirmed call once: the confirmation's id is recorded in the store as the call runs
 * (with its survey locked), so a second use is refused, whether the change then succeeded or was
 * refused. The operation checks the person's permissions again, as on any call.
 */
export async function applyConfirmed(call: ConfirmableCall, claims: ConfirmationClaims): Promise<CallToolResult | Refusal> {
  const applied = await call.platform.withConfirmationUsed({ id: claims.id, surveyId: claims.surveyId, expiresAt: claims.expiresAt }, (platform) =>
    call.run(platform),
  );
  return applied.used ? { problem: 'was used already: each confirmation applies one change' } : applied.value;
}

/** The complete, non-error answer of a call the person declined: nothing changed. */
export function declinedResult(tool: string): CallToolResult {
  const structured = { changed: false, confirmed: false, message: `Nothing changed: the person did not confirm ${tool}.` };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}
