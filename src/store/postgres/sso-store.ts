import { toSsoAttempt, type SsoAttemptRow, type SsoIdentity, type SsoStore } from '../sso-store.js';
import type { PostgresDatabase } from './database.js';

export function postgresSsoStore(db: PostgresDatabase): SsoStore {
  return {
    async insertSsoAttempt(attemptHash, attempt, nowMs) {
      await db.run('DELETE FROM sso_attempts WHERE expires_at <= $1', [nowMs]);
      await db.run(
        `INSERT INTO sso_attempts (attempt_hash, state, nonce, code_verifier, return_to, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [attemptHash, attempt.state, attempt.nonce, attempt.codeVerifier, attempt.returnTo, attempt.expiresAt],
      );
    },
    async takeSsoAttempt(attemptHash, nowMs) {
      // One statement: of two callbacks with the same cookie, on any instances, one gets the row.
      const row = await db.one<SsoAttemptRow>(
        'DELETE FROM sso_attempts WHERE attempt_hash = $1 AND expires_at > $2 RETURNING state, nonce, code_verifier, return_to, expires_at',
        [attemptHash, nowMs],
      );
      return row && toSsoAttempt(row);
    },
    async linkSsoIdentity(userId, identity, nowMs) {
      await db.run(
        'INSERT INTO sso_identities (user_id, issuer, subject, linked_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING',
        [userId, identity.issuer, identity.subject, nowMs],
      );
      return (await db.one<SsoIdentity>('SELECT issuer, subject FROM sso_identities WHERE user_id = $1', [userId]))!;
    },
    async unlinkSsoIdentity(userId) {
      return (await db.run('DELETE FROM sso_identities WHERE user_id = $1', [userId])) === 1;
    },
  };
}
