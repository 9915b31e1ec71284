import type { AuditEntry, AuditFilter, AuditQuery } from './audit-store.js';

/** An `audit_events` row joined with its actor's email and its client's name. */
export interface AuditRow {
  seq: number | string;
  id: string;
  at: number | string;
  action: string;
  actor_user_id: string | null;
  client_id: string | null;
  survey_id: string | null;
  workspace_id: string | null;
  address: string | null;
  trace_id: string | null;
  span_id: string | null;
  detail: string;
  actor_email: string | null;
  client_name: string | null;
}

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  seq: Number(row.seq),
  id: row.id,
  at: Number(row.at),
  action: row.action,
  actorUserId: row.actor_user_id ?? undefined,
  clientId: row.client_id ?? undefined,
  surveyId: row.survey_id ?? undefined,
  workspaceId: row.workspace_id ?? undefined,
  address: row.address ?? undefined,
  traceId: row.trace_id ?? undefined,
  spanId: row.span_id ?? undefined,
  detail: JSON.parse(row.detail) as Record<string, unknown>,
  actorEmail: row.actor_email ?? undefined,
  clientName: row.client_name ?? undefined,
});

/** The WHERE clause of a filter (and a page's start), its values numbered from `$1`. */
function auditWhere(filter: AuditFilter & Pick<AuditQuery, 'before'>): { where: string; values: unknown[] } {
  const where: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  if (filter.userId !== undefined) where.push(`a.actor_user_id = ${param(filter.userId)}`);
  if (filter.surveyId !== undefined) where.push(`a.survey_id = ${param(filter.surveyId)}`);
  if (filter.workspaceId !== undefined) {
    const workspace = param(filter.workspaceId);
    where.push(`(a.workspace_id = ${workspace} OR a.survey_id IN (SELECT id FROM surveys WHERE workspace_id = ${workspace}))`);
  }
  if (filter.since !== undefined) where.push(`a.at >= ${param(filter.since)}`);
  if (filter.before !== undefined) {
    const at = param(filter.before.at);
    where.push(`(a.at < ${at} OR (a.at = ${at} AND a.seq < ${param(filter.before.seq)}))`);
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', values };
}

/** The events a query asks for, the newest first: only the filters it names. */
export function auditListQuery(query: AuditQuery): { sql: string; values: unknown[] } {
  const { where, values } = auditWhere(query);
  const sql = `SELECT a.*, u.email AS actor_email, c.name AS client_name
     FROM audit_events a
     LEFT JOIN users u ON u.id = a.actor_user_id
     LEFT JOIN oauth_clients c ON c.id = a.client_id
     ${where}
     ORDER BY a.at DESC, a.seq DESC LIMIT $${values.push(query.limit)}`;
  return { sql, values };
}

/** How many events a filter matches. */
export function auditCountQuery(filter: AuditFilter): { sql: string; values: unknown[] } {
  const { where, values } = auditWhere({ ...filter, before: undefined });
  return { sql: `SELECT COUNT(*) AS count FROM audit_events a ${where}`, values };
}
