import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  argumentsDigest,
  confirmationTtlMs,
  openConfirmation,
  sealConfirmation,
  type ConfirmationAsk,
  type ConfirmationClaims,
  type ConfirmationMode,
} from '../../platform/index.js';
import type { ConfirmableCall } from '../tool.js';

/**
 * The steps every era's confirmation takes, whatever carries the sealed confirmation (2026-07-28's
 * `requestState`, the fallback's `confirmation_token`): issue one for a call, check one presented
 * with a call, and apply the call it confirms, once.
 */

/** The protocol revisions a seal is bound to: one issued in either is refused in the other. */
export type Era = '2025-11-25' | '2026-07-28';

/** Why a presented confirmation is refused, as a phrase after its name ("requestState has expired"). */
export interface Refusal {
  readonly problem: string;
}

/** What the person was told no longer holds: the call must ask again, with these words. */
export interface Changed {
  readonly changed: ConfirmationAsk;
}

export interface Issued {
  /** The sealed confirmation. */
  readonly sealed: string;
  readonly expiresAt: number;
}

/** A confirmation used, or declined, already. */
export const usedAlready = 'was used already: each confirmation applies one change';

/** How each mode's seal travels, as a refusal names it. */
const carried: Readonly<Record<ConfirmationMode, string>> = {
  input: 'a requestState of a form',
  url: 'a requestState of a confirmation page',
  link: 'a confirmation_token',
  stream: 'an elicitation in the call itself',
};

/** A confirmation of exactly this call, by this person through this client, asked in `mode` in `era`, for five minutes. */
export async function issueConfirmation(call: ConfirmableCall, ask: ConfirmationAsk, mode: ConfirmationMode, era: Era): Promise<Issued> {
  // Whole seconds: a JWT's `exp` holds no more, and `expires_at` must say what the seal enforces.
  const expiresAt = Math.floor((call.clock.now() + confirmationTtlMs) / 1000) * 1000;
  const claims: ConfirmationClaims = {
    userId: call.userId,
    clientId: call.clientId,
    tool: call.tool,
    argsDigest: argumentsDigest(call.args),
    surveyId: ask.surveyId,
    mode,
    era,
    state: ask.state,
    summary: ask.summary,
    id: randomUUID(),
    expiresAt,
  };
  return { sealed: await sealConfirmation(await call.platform.confirmationKey(), claims), expiresAt };
}

/**
 * The claims of `sealed` when it was issued for this very call, person and client, in `era` and
 * one of `modes`, and is still in time.
 */
export async function checkConfirmation(
  call: ConfirmableCall,
  sealed: string,
  modes: readonly ConfirmationMode[],
  era: Era,
): Promise<{ readonly claims: ConfirmationClaims } | Refusal> {
  const opened = await openConfirmation(await call.platform.confirmationKey(), sealed, call.clock.now());
  if ('problem' in opened) {
    return { problem: opened.problem === 'has expired' ? 'has expired (a confirmation is good for 5 minutes): ask again' : 'does not open: it was altered, or not issued by this server' };
  }
  const { claims } = opened;
  if (claims.userId !== call.userId) return { problem: 'was issued to another person' };
  if (claims.clientId !== call.clientId) return { problem: 'was issued to another client' };
  if (claims.era !== era) return { problem: `was issued in protocol revision ${claims.era}, not ${era}` };
  if (!modes.includes(claims.mode)) return { problem: `was issued as ${carried[claims.mode]}, not as ${carried[modes[0]!]}` };
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
 * refused. What the person was told must still hold (`Changed` otherwise: nothing ran, ask again).
 * The operation checks the person's permissions again, as on any call.
 */
export async function applyConfirmed(call: ConfirmableCall, claims: ConfirmationClaims): Promise<{ readonly applied: CallToolResult } | Refusal | Changed> {
  const use = { id: claims.id, surveyId: claims.surveyId, expiresAt: claims.expiresAt, state: claims.state, actorUserId: call.userId, operation: call.operation, args: call.args };
  const outcome = await call.platform.withConfirmationUsed(use, (platform) => call.run(platform));
  if ('changed' in outcome) return outcome;
  return outcome.used ? { problem: usedAlready } : { applied: outcome.value };
}

/** Spends a confirmation the person declined or cancelled: it applies nothing afterwards. */
export async function spend(call: ConfirmableCall, claims: ConfirmationClaims): Promise<Refusal | undefined> {
  return (await call.platform.spendConfirmation(claims.id, claims.expiresAt)) ? undefined : { problem: usedAlready };
}

/** The confirmation page of `sealed` on the auth host, when the server has one. */
export const pageOf = (call: ConfirmableCall, sealed: string): string | undefined =>
  call.confirmationPage && `${call.confirmationPage}?seal=${encodeURIComponent(sealed)}`;

/** The complete, non-error answer of a call the person declined: nothing changed. */
export function declinedResult(tool: string): CallToolResult {
  const structured = { changed: false, confirmed: false, message: `Nothing changed: the person did not confirm ${tool}.` };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}
