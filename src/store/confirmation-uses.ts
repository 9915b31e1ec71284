import type { Queryable } from './queryable.js';

/**
 * What makes a confirmation single-use and openable by every instance (issue 37): the store is
 * what every instance of a deployment shares, so both live here.
 */
export interface ConfirmationStore {
  /** Records confirmation `id` until `expiresAt`; false when it was recorded already (used). */
  useConfirmation(id: string, expiresAt: number, nowMs: number): Promise<boolean>;
  /** The key kept under `name`: `fresh` when no instance has kept one yet, else the one kept first. */
  serverKey(name: string, fresh: string): Promise<string>;
}

/** Written once for both backends: the statements are the same in either dialect. */
export function confirmationStore(db: Queryable): ConfirmationStore {
  return {
    async useConfirmation(id, expiresAt, nowMs) {
      // An expired confirmation is refused by its own expiry before it gets here, so its row can go.
      await db.run('DELETE FROM confirmation_uses WHERE expires_at <= $1', [nowMs]);
      const inserted = await db.run('INSERT INTO confirmation_uses (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, expiresAt]);
      return inserted === 1;
    },
    async serverKey(name, fresh) {
      await db.run('INSERT INTO server_keys (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, fresh]);
      const kept = await db.one<{ key: string }>('SELECT key FROM server_keys WHERE name = $1', [name]);
      return kept!.key;
    },
  };
}
