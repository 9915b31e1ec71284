import type { AuditEntry, AuditFilter } from '../store/audit-store.js';
import { activeUser } from './access.js';
import type { PlatformContext } from './context.js';
import { notAuthorized, notFound } from './errors.js';
import { decodeCursor, encodeCursor, isTuple, pageSize } from './pagination.js';
import { iso } from './present.js';
import { parseTime } from './values.js';

export interface ListAuditEventsArgs {
  workspace_id: string;
  survey_id?: string;
  user_email?: string;
  since?: string;
  limit?: number;
  cursor?: string;
}

export interface AuditEventJson {
  id: string;
  at: string;
  action: string;
  user_id: string | null;
  user_email: string | null;
  client_id: string | null;
  client_name: string | null;
  survey_id: string | null;
  address: string | null;
  detail: Record<string, unknown>;
}

export interface ListAuditEventsResult {
  workspace_id: string;
  events: AuditEventJson[];
  next_cursor: string | null;
  total: number;
}

const auditEventJson = (entry: AuditEntry): AuditEventJson => ({
  id: entry.id,
  at: iso(entry.at)!,
  action: entry.action,
  user_id: entry.actorUserId ?? null,
  user_email: entry.actorEmail ?? null,
  client_id: entry.clientId ?? null,
  client_name: entry.clientName ?? null,
  survey_id: entry.surveyId ?? null,
  address: entry.address ?? null,
  detail: { ...entry.detail },
});

/**
 * The audit trail of one workspace (changes to its surveys, accounts SSO made in it), newest
 * first, for its admins only: the trail names people and addresses, which a survey's own
 * owner or collaborators are not shown. An email nobody has matches no event.
 */
export async function listAuditEvents(ctx: PlatformContext, actorUserId: string, args: ListAuditEventsArgs): Promise<ListAuditEventsResult> {
  const workspace = await ctx.store.findWorkspace(args.workspace_id);
  if (!workspace) throw notFound('workspace', args.workspace_id);
  const actor = await activeUser(ctx, actorUserId);
  const role = actor && (await ctx.store.findWorkspaceRole(workspace.id, actor.id));
  if (role !== 'admin') throw notAuthorized('read the audit trail of', 'workspace', workspace.id);
  const limit = pageSize(args.limit);
  const since = args.since === undefined ? undefined : parseTime('since', args.since);
  const filters = ['audit', workspace.id, args.survey_id, args.user_email?.toLowerCase(), since];
  const after = args.cursor === undefined ? undefined : decodeCursor(args.cursor, filters, isTuple('number', 'number'));
  const person = args.user_email === undefined ? undefined : await ctx.store.findUserByEmail(args.user_email);
  if (args.user_email !== undefined && !person) return { workspace_id: workspace.id, events: [], next_cursor: null, total: 0 };
  const filter: AuditFilter = { workspaceId: workspace.id, surveyId: args.survey_id, userId: person?.id, since };
  const [entries, total] = await Promise.all([
    ctx.store.listAuditEvents({ ...filter, before: after && { at: after[0], seq: after[1] }, limit: limit + 1 }),
    ctx.store.countAuditEvents(filter),
  ]);
  const page = entries.slice(0, limit);
  const last = page.at(-1);
  return {
    workspace_id: workspace.id,
    events: page.map(auditEventJson),
    next_cursor: entries.length > limit && last ? encodeCursor(filters, [last.at, last.seq]) : null,
    total,
  };
}
