import { auditStore } from '../audit.js';
import { assertionIdStore } from '../assertion-ids.js';
import { confirmationStore } from '../confirmation-uses.js';
import { lockTimeoutMs, runEdit } from '../edit-policy.js';
import type { Store } from '../store.js';
import { postgresAccountStore } from './account-store.js';
import { postgresAuthStore } from './auth-store.js';
import type { Queryable } from '../queryable.js';
import { classifyEditFailure, inTransaction, openPostgresDatabase, type PostgresDatabase } from './database.js';
import { postgresClientMetadataCopies } from './client-metadata-copies.js';
import { postgresSsoStore } from './sso-store.js';
import { postgresTokenUpkeep } from './token-upkeep.js';
import { postgresSurveyStore } from './survey-store.js';
import { postgresTokenWithSurvey } from './token-with-survey.js';

const lockSurvey = (q: Queryable, surveyId: string) => q.run('SELECT 1 FROM surveys WHERE id = $1 FOR UPDATE', [surveyId]);

/** Every store method on `db`; inside a unit of edits, `db` is that unit's transaction. */
function storeOn(db: PostgresDatabase, withSurveyLocked: Store['withSurveyLocked']): Store {
  return {
    backend: 'postgres',
    ...postgresAccountStore(db),
    ...postgresSurveyStore(db),
    ...postgresAuthStore(db),
    ...postgresSsoStore(db),
    ...postgresTokenUpkeep(db),
    ...postgresClientMetadataCopies(db),
    ...assertionIdStore(db),
    ...confirmationStore(db),
    ...postgresTokenWithSurvey(db),
    ...auditStore(db),
    withSurveyLocked,
    ping: async () => {
      await db.run('SELECT 1');
    },
    close: () => db.close(),
  };
}

/**
 * Opens the store on a `postgres://` or `postgresql://` URL and applies pending migrations.
 * `?schema=NAME` keeps the tables in that schema (created when missing), so deployments and
 * test runs can share one database. Rejects with `StoreUnavailableError` when the server cannot
 * be reached; the message names the URL without its password.
 */
export async function openPostgresStore(url: string): Promise<Store> {
  const db = await openPostgresDatabase(url);
  const locked: Store['withSurveyLocked'] = (surveyId, work) =>
    runEdit(
      surveyId,
      () =>
        db.transaction(async (tx) => {
          await tx.run(`SET LOCAL lock_timeout = ${lockTimeoutMs}`);
          await lockSurvey(tx, surveyId);
          // Every read and write of the unit goes through this transaction's one connection: a
          // second pooled connection per unit could starve the pool while units wait on the lock.
          const unit: Store = storeOn(inTransaction(tx, db.location), async (otherId, nested) => {
            await lockSurvey(tx, otherId);
            return nested(unit);
          });
          return work(unit);
        }),
      classifyEditFailure,
    );
  return storeOn(db, locked);
}
