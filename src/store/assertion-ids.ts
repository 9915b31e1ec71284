import type { Queryable } from './queryable.js';

/**
 * RFC 7523 §3 (7): a client assertion's `jti` is accepted once. Kept in the store, so a copy
 * replayed to another instance is refused too, until the assertion itself has expired.
 */
export interface AssertionIdStore {
  /** Records `jti` for `clientId` until `expiresAt`; false when it was already recorded. */
  useAssertionId(clientId: string, jti: string, expiresAt: number, nowMs: number): Promise<boolean>;
}

/** Written once for both backends: the statements are the same in either dialect. */
export function assertionIdStore(db: Queryable): AssertionIdStore {
  return {
    async useAssertionId(clientId, jti, expiresAt, nowMs) {
      // An expired assertion is refused by its `exp` before it gets here, so its row can go.
      await db.run('DELETE FROM client_assertion_ids WHERE expires_at <= $1', [nowMs]);
      const inserted = await db.run(
        `INSERT INTO client_assertion_ids (client_id, jti, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (client_id, jti) DO NOTHING`,
        [clientId, jti, expiresAt],
      );
      return inserted === 1;
    },
  };
}
