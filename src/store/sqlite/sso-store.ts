import { toSsoAttempt, type SsoAttemptRow, type SsoIdentity, type SsoStore } from '../sso-store.js';
import type { SqliteDatabase } from './database.js';

export function sqliteSsoStore(db: SqliteDatabase): SsoStore {
  const dropExpired = db.prepare('DELETE FROM sso_attempts WHERE expires_at <= ?');
  const insert = db.prepare(
    `INSERT INTO sso_attempts (attempt_hash, state, nonce, code_verifier, return_to, expires_at)
     VALUES (@attemptHash, @state, @nonce, @codeVerifier, @returnTo, @expiresAt)`,
  );
  const take = db.prepare<[string, number], SsoAttemptRow>(
    'DELETE FROM sso_attempts WHERE attempt_hash = ? AND expires_at > ? RETURNING state, nonce, code_verifier, return_to, expires_at',
  );
  const link = db.prepare(
    'INSERT INTO sso_identities (user_id, issuer, subject, linked_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING',
  );
  const linked = db.prepare<[string], SsoIdentity>('SELECT issuer, subject FROM sso_identities WHERE user_id = ?');
  const unlink = db.prepare('DELETE FROM sso_identities WHERE user_id = ?');

  return {
    async insertSsoAttempt(attemptHash, attempt, nowMs) {
      dropExpired.run(nowMs);
      insert.run({ attemptHash, ...attempt });
    },
    async takeSsoAttempt(attemptHash, nowMs) {
      const row = take.get(attemptHash, nowMs);
      return row && toSsoAttempt(row);
    },
    async linkSsoIdentity(userId, identity, nowMs) {
      link.run(userId, identity.issuer, identity.subject, nowMs);
      return linked.get(userId)!;
    },
    async unlinkSsoIdentity(userId) {
      return unlink.run(userId).changes === 1;
    },
  };
}
