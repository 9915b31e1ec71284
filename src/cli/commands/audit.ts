import { accountByEmail } from '../../platform/accounts.js';
import { operator } from '../../platform/context.js';
import type { AuditEntry } from '../../store/audit-store.js';
import { forAccount, withPlatform } from '../store-access.js';

export interface AuditOptions {
  db?: string;
  user?: string;
  survey?: string;
  /** Milliseconds since the epoch, parsed from `--since`. */
  since?: number;
  limit?: number;
  json?: boolean;
}

/** `survey-mcp audit`: the newest events first, filtered by person, survey and time. */
export async function audit(options: AuditOptions): Promise<void> {
  const entries = await withPlatform({ db: options.db }, async (ctx) => {
    const user = options.user === undefined ? undefined : await forAccount(() => accountByEmail(ctx, operator, { email: options.user! }));
    return ctx.store.listAuditEvents({ userId: user?.id, surveyId: options.survey, since: options.since, limit: options.limit ?? 100 });
  });
  if (options.json) {
    // ISO 8601 times, as the lines print them: epoch milliseconds read as a number to a person or a query.
    console.log(JSON.stringify(entries.map((entry) => ({ ...entry, at: new Date(entry.at).toISOString() })), null, 2));
    return;
  }
  if (entries.length === 0) {
    console.log('no audit events match');
    return;
  }
  for (const entry of entries) console.log(auditLine(entry));
}

/** One event a line: when, who, through which app, what, on which survey, from where. */
export function auditLine(entry: AuditEntry): string {
  const who = entry.actorEmail ?? entry.actorUserId ?? 'someone not signed in';
  const app = entry.clientId ? ` via ${entry.clientName ?? 'an app'} (${entry.clientId})` : '';
  const survey = entry.surveyId ? ` on ${entry.surveyId}` : '';
  const from = entry.address ? ` from ${entry.address}` : '';
  const detail = Object.keys(entry.detail).length > 0 ? ` ${JSON.stringify(entry.detail)}` : '';
  return `${new Date(entry.at).toISOString()}  ${entry.action.padEnd(18)} ${who}${app}${survey}${from}${detail}`;
}
