import { scopePart } from '../store/request-scope.js';
import type { PlatformContext } from './context.js';
import { newId } from './ids.js';

/*
 * One event of the audit trail and how it is added: apart from what each operation records
 * (audit.ts), so that the access checks, which record automatic closes, need none of the operations.
 */

/** Through which app, and from which address, the person acts: set by the request that carries the call. */
export interface ActingThrough {
  clientId?: string;
  address?: string;
  /** The W3C trace the request belongs to, and its span: this server's when exported, else the caller's. */
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
}

/**
 * The app and address of the request in progress. The request path sets it once and fills in
 * the client when the token is known; every change the platform records in that request reads it.
 */
export const actingThrough = scopePart<ActingThrough>('acting');

export interface AuditRecord {
  readonly action: AuditAction;
  readonly actorUserId?: string;
  /** The app, when the caller knows it better than the request does (a token grant). */
  readonly clientId?: string;
  readonly surveyId?: string;
  readonly workspaceId?: string;
  readonly detail?: Record<string, unknown>;
}

/** Every action the trail records. */
export type AuditAction =
  | 'survey.create'
  | 'survey.update'
  | 'survey.status'
  | 'question.add'
  | 'question.update'
  | 'question.delete'
  | 'survey.share'
  | 'grant.create'
  | 'grant.revoke'
  | 'refresh.reuse'
  | 'client.assertion-refused'
  | 'sign-in'
  | 'sign-in.refused'
  | 'account.create-sso';

/** Adds one event to the trail, with the app and address of the request it happens in. */
export async function recordAudit(ctx: PlatformContext, record: AuditRecord): Promise<void> {
  const via = actingThrough.getStore();
  await ctx.store.recordAuditEvent({
    id: newId('aud'),
    at: ctx.clock.now(),
    action: record.action,
    actorUserId: record.actorUserId,
    clientId: record.clientId ?? via?.clientId,
    surveyId: record.surveyId,
    workspaceId: record.workspaceId,
    address: via?.address,
    traceId: via?.traceId,
    spanId: via?.spanId ?? via?.parentSpanId,
    detail: record.detail ?? {},
  });
}
