import { randomBytes } from 'node:crypto';
import { auditedOperations, recordAudit } from './audit.js';
import { listAuditEvents } from './audit-trail.js';
import type { ConfirmationStatus } from '../store/confirmation-uses.js';
import { stopsForGoneCaller } from './caller-gone.js';
import { sealingKey } from './confirmation-seal.js';
import {
  approveConfirmation,
  confirmationStatus,
  confirmationNeeded,
  spendConfirmation,
  withConfirmationUsed,
  type ConfirmableOperation,
  type ConfirmationAsk,
  type ConfirmationUse,
} from './confirmations.js';
import type { PlatformContext } from './context.js';
import { addQuestion, deleteQuestion, updateQuestion } from './questions.js';
import { getResponse, listResponses } from './responses.js';
import { getSurveyResults } from './results.js';
import { shareSurvey } from './shares.js';
import { setSurveyStatus } from './status.js';
import { createSurvey, getMe, getSurvey, listSurveys, updateSurvey } from './surveys.js';

export type { ConfirmableOperation, ConfirmationAsk, ConfirmationUse } from './confirmations.js';
export { argumentsDigest, confirmationTtlMs, openConfirmation, sealConfirmation, type ConfirmationClaims, type ConfirmationMode } from './confirmation-seal.js';
export type { AuditEventJson, ListAuditEventsArgs, ListAuditEventsResult } from './audit-trail.js';
export type { AddQuestionArgs, DeleteQuestionArgs, DeleteQuestionResult, QuestionInput, QuestionResult, UpdateQuestionArgs } from './questions.js';
export type { AnswerJson, GetResponseArgs, GetResponseResult, ListResponsesArgs, ListResponsesResult, ResponseJson, ResponseWhere } from './responses.js';
export type { GetSurveyResultsArgs, GetSurveyResultsResult, QuestionResultJson, SegmentJson } from './results.js';
export type { ShareRole, ShareSurveyArgs, ShareSurveyResult } from './shares.js';
export type {
  CreateSurveyArgs,
  CreateSurveyResult,
  GetMeResult,
  GetSurveyArgs,
  GetSurveyResult,
  ListSurveysArgs,
  ListSurveysResult,
  SetSurveyStatusArgs,
  SetSurveyStatusResult,
  UpdateSurveyArgs,
  UpdateSurveyResult,
} from './surveys.js';
export type { CollaboratorJson, QuestionJson, SurveyJson } from './present.js';
export { PlatformError, type PlatformErrorCode } from './errors.js';
export { callerGone, CallerGoneError } from './caller-gone.js';
export { effectiveRole, can, type Capability, type EffectiveRole } from './roles.js';
export { allowedTargets, autoCloseDue, transitionProblem } from './states.js';

/** The operations of tools.md, one per tool, a line per noun they act on. */
const operations = {
  getMe, listSurveys, getSurvey, createSurvey, updateSurvey, setSurveyStatus,
  addQuestion, updateQuestion, deleteQuestion,
  listResponses, getResponse, getSurveyResults,
  shareSurvey,
  listAuditEvents,
};

type Bound<F> = F extends (ctx: PlatformContext, ...rest: infer Rest) => infer Result ? (...rest: Rest) => Result : never;

/** The operations bound to one store and clock; the MCP layer parses arguments and calls these. */
export type Platform = { readonly [Name in keyof typeof operations]: Bound<(typeof operations)[Name]> } & PlatformConfirmations;

/** What a confirmation of a destructive call needs from the platform (confirmations.ts). */
export interface PlatformConfirmations {
  /** Whether the call needs the person's confirmation, and what will happen in plain words. */
  confirmationNeeded(actorUserId: string, operation: ConfirmableOperation, args: Readonly<Record<string, unknown>>): Promise<ConfirmationAsk | undefined>;
  /**
   * Runs the confirmed change through `work`'s platform with `use` recorded, as one unit on the
   * survey; `used` (and nothing run) when that confirmation was used already.
   */
  withConfirmationUsed<T>(
    use: ConfirmationUse,
    work: (platform: Platform) => Promise<T>,
  ): Promise<{ readonly used: true } | { readonly changed: ConfirmationAsk } | { readonly used: false; readonly value: T }>;
  /** Spends a confirmation the person declined, so that it applies nothing later; false when it was used already. */
  spendConfirmation(id: string, expiresAt: number): Promise<boolean>;
  /** Records the person's click on the confirmation page. */
  approveConfirmation(id: string, expiresAt: number): Promise<void>;
  confirmationStatus(id: string): Promise<ConfirmationStatus>;
  /** The key confirmations are sealed under, derived from a secret kept in the store, so every instance sharing it opens them. */
  confirmationKey(): Promise<Uint8Array>;
}

/** Derived keys by secret (one per store; ~50 µs an HKDF saved per confirmation). */
const derived = new Map<string, Uint8Array>();

function keyOf(secret: string): Uint8Array {
  let key = derived.get(secret);
  if (!key) derived.set(secret, (key = sealingKey(secret)));
  return key;
}

/**
 * Each changing operation adds its event to the audit trail once it succeeded; reads go as they
 * are, and stop at their next store call once their caller has gone (`callerGone`). A change
 * runs to its end whoever waits for it, so that nothing is left half stored.
 */
export function createPlatform(ctx: PlatformContext): Platform {
  const reading: PlatformContext = { ...ctx, store: stopsForGoneCaller(ctx.store) };
  const bound = Object.entries(operations).map(([name, operation]) => {
    const audited = auditedOperations[name];
    // `known`: what an operation may take beside its arguments (getSurvey: a read done already).
    const call = (actorUserId: string, args: never, known: never) => operation(audited ? ctx : reading, actorUserId, args, known);
    if (!audited) return [name, call];
    return [
      name,
      async (actorUserId: string, args: never, known: never) => {
        const result = await call(actorUserId, args, known);
        const record = audited(args, result as never);
        if (record) await recordAudit(ctx, { ...record, actorUserId });
        return result;
      },
    ];
  });
  let secret: Promise<string> | undefined;
  const confirmations: PlatformConfirmations = {
    confirmationNeeded: (actorUserId, operation, args) => confirmationNeeded(ctx, actorUserId, operation, args),
    withConfirmationUsed: (use, work) => withConfirmationUsed(ctx, use, (unit) => work(createPlatform(unit))),
    spendConfirmation: (id, expiresAt) => spendConfirmation(ctx, id, expiresAt),
    approveConfirmation: (id, expiresAt) => approveConfirmation(ctx, id, expiresAt),
    confirmationStatus: (id) => confirmationStatus(ctx, id),
    confirmationKey: () => {
      secret ??= ctx.store.serverKey('confirmations', randomBytes(32).toString('base64url'));
      // A failed read is tried again next time rather than kept.
      secret.catch(() => (secret = undefined));
      return secret.then(keyOf);
    },
  };
  return { ...(Object.fromEntries(bound) as Omit<Platform, keyof PlatformConfirmations>), ...confirmations } as Platform;
}
