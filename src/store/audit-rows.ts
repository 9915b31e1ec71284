import type { AuditEntry, AuditQuery } from './audit-store.js';

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
  detail: string;
  actor_email: string | null;
  client_name: string | null;
}

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: Number(row.at),
  action: row.action,
  actorUserId: row.actor_user_id ?? undefined,
  clientId: row.client_id ?? undefined,
  surveyId: row.survey_id ?? undefined,
  workspaceId: row.workspace_id ?? undefined,
  address: row.address ?? undefined,
  detail: JSON.parse(row.detail) as Record<string, unknown>,
  actorEmail: row.actor_email ?? undefined,
  clientName: row.client_name ?? undefined,
});

/** The events a query asks for, the newest first: only the filters it names. */
export function auditListQuery(query: AuditQuery): { sql: string; values: unknown[] } {
  const param = (n: number) => `$${n}`;
  const where: string[] = [];
  const values: unknown[] = [];
  const filter = (column: string, value: unknown, operator = '=') => {
    if (value === undefined) return;
    values.push(value);
    where.push(`a.${column} ${operator} ${param(values.length)}`);
  };
  filter('actor_user_id', query.userId);
  filter('survey_id', query.surveyId);
  filter('workspace_id', query.workspaceId);
  filter('at', query.since, '>=');
  values.push(query.limit);
  const sql = `SELECT a.*, u.email AS actor_email, c.name AS client_name
     FROM audit_events a
     LEFT JOIN users u ON u.id = a.actor_user_id
     LEFT JOIN oauth_clients c ON c.id = a.client_id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY a.at DESC, a.seq DESC LIMIT ${param(values.length)}`;
  return { sql, values };
}
