import type { Queryable } from './queryable.js';

export interface ConfirmationStatus {
  readonly approved: boolean;
  readonly used: boolean;
}

/**
 * What makes a confirmation single-use and openable by every instance (issue 37): the store is
 * what every instance of a deployment shares, so both live here.
 */
export interface ConfirmationStore {
  /** Records confirmation `id` until `expiresAt`; false when it was recorded already (used). */
  useConfirmation(id: string, expiresAt: number, nowMs: number): Promise<boolean>;
  /** Records that the person confirmed `id` on the confirmation page, until `expiresAt`. */
  approveConfirmation(id: string, expiresAt: number, nowMs: number): Promise<void>;
  /** Whether the person confirmed `id` on the confirmation page, and whether it was used (or declined) already; both false once it expired. */
  confirmationStatus(id: string, nowMs: number): Promise<ConfirmationStatus>;
  /** The key kept under `name`: `fresh` when no instance has kept one yet, else the one kept first. */
  serverKey(name: string, fresh: string): Promise<string>;
}

/** The row that says the person confirmed `id` on the page (a confirmation id is a UUID: no use row looks like this). */
const approvalId = (id: string): string => `approved:${id}`;

/** Written once for both backends: the statements are the same in either dialect. */
export function confirmationStore(db: Queryable): ConfirmationStore {
  return {
    async useConfirmation(id, expiresAt, nowMs) {
      // An expired confirmation is refused by its own expiry before it gets here, so its row can go.
      await db.run('DELETE FROM confirmation_uses WHERE expires_at <= $1', [nowMs]);
      const inserted = await db.run('INSERT INTO confirmation_uses (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, expiresAt]);
      return inserted === 1;
    },
    async approveConfirmation(id, expiresAt, nowMs) {
      // Beside the uses, under their own prefix: a confirmation's approval is no use of it.
      await db.run('DELETE FROM confirmation_uses WHERE expires_at <= $1', [nowMs]);
      await db.run('INSERT INTO confirmation_uses (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [approvalId(id), expiresAt]);
    },
    async confirmationStatus(id, nowMs) {
      const rows = await db.rows<{ id: string }>('SELECT id FROM confirmation_uses WHERE id IN ($1, $2) AND expires_at > $3', [id, approvalId(id), nowMs]);
      return { approved: rows.some((row) => row.id !== id), used: rows.some((row) => row.id === id) };
    },
    async serverKey(name, fresh) {
      await db.run('INSERT INTO server_keys (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, fresh]);
      const kept = await db.one<{ key: string }>('SELECT key FROM server_keys WHERE name = $1', [name]);
      return kept!.key;
    },
  };
}
