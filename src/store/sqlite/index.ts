import { auditStore } from '../audit.js';
import { assertionIdStore } from '../assertion-ids.js';
import { confirmationStore } from '../confirmation-uses.js';
import { surveyQueues } from '../edit-policy.js';
import type { Store } from '../store.js';
import { sqliteAccountStore } from './account-store.js';
import { sqliteAuthStore } from './auth-store.js';
import { changeStamp } from './change-stamp.js';
import { openSqliteDatabase } from './database.js';
import { SqliteReadPool } from './read-pool.js';
import { sqliteStatements } from './statements.js';
import { sqliteClientMetadataCopies } from './client-metadata-copies.js';
import { sqliteSsoStore } from './sso-store.js';
import { sqliteTokenUpkeep } from './token-upkeep.js';
import { sqliteSurveyStore } from './survey-store.js';

export function openSqliteStore(path: string): Store {
  const db = openSqliteDatabase(path);
  // Not a database transaction: every request of the process shares this connection, so a
  // rollback could take another request's writes with it. Units of edits on one survey queue instead.
  const queued = surveyQueues();
  const pingStatement = db.prepare('SELECT 1');
  // Scanning reads run on threads of their own; `:memory:` is open to this connection alone.
  const reads = path === ':memory:' || path === '' ? undefined : new SqliteReadPool(path);
  // Inside a unit its survey's queue is held already: a nested unit on that survey joins it
  // rather than wait behind itself; one on another survey queues for that one.
  const lockedBy =
    (held: string | undefined): Store['withSurveyLocked'] =>
    (surveyId, work) => {
      if (surveyId === held) return work(unitOf(surveyId));
      return queued(surveyId, () => work(unitOf(surveyId)));
    };
  const unitOf = (surveyId: string): Store => ({ ...store, withSurveyLocked: lockedBy(surveyId) });
  const store: Store = {
    backend: 'sqlite',
    ...sqliteAccountStore(db),
    ...sqliteSurveyStore(db, reads),
    ...sqliteAuthStore(db),
    ...auditStore(sqliteStatements(db).queryable),
    ...sqliteSsoStore(db),
    ...sqliteTokenUpkeep(db),
    ...sqliteClientMetadataCopies(db),
    ...assertionIdStore(sqliteStatements(db).queryable),
    ...confirmationStore(sqliteStatements(db).queryable),
    withSurveyLocked: lockedBy(undefined),
    changeStamp: changeStamp(db),
    async ping() {
      pingStatement.get();
    },
    async close() {
      await reads?.close();
      db.close();
    },
  };
  return store;
}
