import { auditCountQuery, auditListQuery, toAuditEntry, type AuditRow } from './audit-rows.js';
import type { AuditStore } from './audit-store.js';
import type { Queryable } from './queryable.js';

/** The audit trail, written once for both backends. */
export function auditStore(db: Queryable): AuditStore {
  return {
    async recordAuditEvent(event) {
      await db.run(
        `INSERT INTO audit_events (id, at, action, actor_user_id, client_id, survey_id, workspace_id, address, detail, trace_id, span_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          event.id,
          event.at,
          event.action,
          event.actorUserId ?? null,
          event.clientId ?? null,
          event.surveyId ?? null,
          event.workspaceId ?? null,
          event.address ?? null,
          JSON.stringify(event.detail),
          event.traceId ?? null,
          event.spanId ?? null,
        ],
      );
    },
    async listAuditEvents(query) {
      const { sql, values } = auditListQuery(query);
      return (await db.rows<AuditRow>(sql, values)).map(toAuditEntry);
    },
    async countAuditEvents(filter) {
      const { sql, values } = auditCountQuery(filter);
      return Number((await db.one<{ count: number | string }>(sql, values))?.count ?? 0);
    },
    async purgeAuditEvents(beforeMs) {
      return db.run('DELETE FROM audit_events WHERE at < $1', [beforeMs]);
    },
  };
}
