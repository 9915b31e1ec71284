import { decideRedeem, decideRetry, decideRevoke, decideRotate, maxRetryHops, type TokenState } from '../grant-policy.js';
import type {
  AccessTokenRecord,
  AuthStore,
  ConnectedApp,
  LiveToken,
  NewGrant,
  RedeemCodeResult,
  RotateRefreshResult,
  TokenIssue,
} from '../auth-store.js';
import { authRowMappers, toCode, toLiveToken, toSignInSession } from '../auth-rows.js';
import type { ClientRow, CodeRow, ConnectedAppRow, LiveTokenRow, SignInSessionRow, TokenGrantRow } from '../auth-rows.js';
import type { Queryable } from '../queryable.js';
import { postgresDialect, prepared, type PostgresColumns, type PostgresDatabase } from './database.js';

const { toAccessToken, toClient, toConnectedApp } = authRowMappers(postgresDialect);

// The token, its grant and user in one lookup; every bearer check runs this. The grant's client
// needs no join: its foreign key (ON DELETE CASCADE) takes the grant with it.
/** A token with its grant and person: what a bearer check reads (also with a survey, token-with-survey.ts). */
export const tokenWithGrant = prepared(`
  SELECT t.kind, t.scope, t.expires_at, t.spent_at, t.revoked_at, t.successor_hash, t.successor_sealed, t.grace_until,
         g.id AS grant_id, g.revoked_at AS grant_revoked_at, g.user_id, g.client_id,
         u.disabled AS user_disabled
  FROM oauth_tokens t
  JOIN oauth_grants g ON g.id = t.grant_id
  JOIN users u ON u.id = g.user_id
  WHERE t.token_hash = $1`);

async function writeGrant(tx: Queryable, grant: NewGrant, issue: TokenIssue): Promise<void> {
  await tx.run('INSERT INTO oauth_grants (id, user_id, client_id, scope, created_at, granted_by) VALUES ($1, $2, $3, $4, $5, $6)', [
    grant.id,
    grant.userId,
    grant.clientId,
    grant.scope,
    grant.createdAt,
    grant.grantedBy ?? null,
  ]);
  await insertTokens(tx, grant.id, grant.scope, grant.createdAt, issue);
}

async function insertTokens(tx: Queryable, grantId: string, scope: string, createdAt: number, issue: TokenIssue): Promise<void> {
  const tokens = [issue.access, issue.refresh].filter((token) => token !== undefined);
  await tx.run(
    `INSERT INTO oauth_tokens (token_hash, kind, grant_id, scope, created_at, expires_at)
     SELECT hash, kind, $3, $4, $5, expires FROM unnest($1::text[], $2::text[], $6::bigint[]) AS t(hash, kind, expires)`,
    [tokens.map((t) => t.tokenHash), tokens.map((t) => t.kind), grantId, scope, createdAt, tokens.map((t) => t.expiresAt)],
  );
}

async function revokeGrant(tx: Queryable, grantId: string, nowMs: number): Promise<void> {
  await tx.run('UPDATE oauth_grants SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [nowMs, grantId]);
  await tx.run('UPDATE oauth_tokens SET revoked_at = $1, successor_sealed = NULL WHERE grant_id = $2 AND revoked_at IS NULL', [
    nowMs,
    grantId,
  ]);
}

/** The token row, locked until the transaction ends, as the grant policy reads it. */
async function lockedToken(tx: Queryable, tokenHash: string): Promise<(TokenGrantRow<PostgresColumns> & TokenState) | undefined> {
  const found = await tx.one<TokenGrantRow<PostgresColumns>>(`${tokenWithGrant} FOR UPDATE OF t`, [tokenHash]);
  return found && { ...found, userDisabled: postgresDialect.flag(found.user_disabled) };
}

/**
 * A retry's lineage: the presented token (locked by the caller), then its successors up to the
 * first unspent one, read as committed. They are not locked: a revocation locks a grant's tokens
 * in no particular order, so locking a second row here could deadlock with it. A rotation of the
 * head committing meanwhile on another instance makes the answer a token spent an instant ago,
 * which is itself a retry within its grace, so the client still ends in the one live lineage.
 */
async function lineageFrom(tx: Queryable, first: TokenGrantRow<PostgresColumns> & TokenState) {
  const lineage = [first];
  for (let last = first; last.spent_at !== null && last.successor_hash !== null && lineage.length <= maxRetryHops; ) {
    const next = await tx.one<TokenGrantRow<PostgresColumns>>(tokenWithGrant, [last.successor_hash]);
    if (!next) break;
    const state = { ...next, userDisabled: postgresDialect.flag(next.user_disabled) };
    lineage.push(state);
    last = state;
  }
  return lineage;
}

export function postgresAuthStore(db: PostgresDatabase): AuthStore {
  return {
    async registerClient(client) {
      // Under READ COMMITTED a concurrent registration of the same key waits here, then widens
      // the grants it lacks (or does nothing): the union is order-independent, so none is lost.
      await db.run(
        `INSERT INTO oauth_clients (id, registration_key, name, redirect_uris, grant_types, response_types, scope, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (registration_key) DO UPDATE
           SET grant_types = ARRAY(SELECT DISTINCT unnest(oauth_clients.grant_types || EXCLUDED.grant_types) ORDER BY 1)
           WHERE NOT (EXCLUDED.grant_types <@ oauth_clients.grant_types)`,
        [
          client.id,
          client.registrationKey,
          client.name,
          client.redirectUris,
          client.grantTypes,
          client.responseTypes,
          client.scope,
          client.createdAt,
        ],
      );
      return toClient((await db.one<ClientRow<PostgresColumns>>('SELECT * FROM oauth_clients WHERE registration_key = $1', [client.registrationKey]))!);
    },
    async findClient(clientId) {
      const row = await db.one<ClientRow<PostgresColumns>>('SELECT * FROM oauth_clients WHERE id = $1', [clientId]);
      return row && toClient(row);
    },
    async saveMetadataClient(client) {
      await db.run(
        `INSERT INTO oauth_clients (id, registration_key, name, redirect_uris, grant_types, response_types, scope, created_at)
         VALUES ($1, 'metadata:' || $1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, redirect_uris = excluded.redirect_uris,
           grant_types = excluded.grant_types, response_types = excluded.response_types`,
        [client.id, client.name, client.redirectUris, client.grantTypes, client.responseTypes, client.scope, client.createdAt],
      );
    },

    async insertAuthorizationCode(code) {
      await db.run(
        `INSERT INTO oauth_codes (code_hash, client_id, user_id, redirect_uri, scope, code_challenge,
                                  code_challenge_method, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          code.codeHash,
          code.clientId,
          code.userId,
          code.redirectUri,
          code.scope,
          code.codeChallenge,
          code.codeChallengeMethod,
          code.createdAt,
          code.expiresAt,
        ],
      );
    },
    async findAuthorizationCode(codeHash) {
      const row = await db.one<CodeRow>('SELECT * FROM oauth_codes WHERE code_hash = $1', [codeHash]);
      return row && toCode(row);
    },
    async redeemAuthorizationCode(codeHash, grant, issue, nowMs) {
      return db.transaction(async (tx): Promise<RedeemCodeResult> => {
        // The row lock makes concurrent redemptions queue; each later one sees the first's redeemed_at.
        const code = await tx.one<CodeRow>('SELECT * FROM oauth_codes WHERE code_hash = $1 FOR UPDATE', [codeHash]);
        const verdict = decideRedeem(code, nowMs);
        if (verdict.action === 'refuse') return verdict.result;
        if (verdict.action === 'revoke_grant') {
          if (verdict.grantId) await revokeGrant(tx, verdict.grantId, nowMs);
          return { outcome: 'reused' };
        }
        await writeGrant(tx, grant, issue);
        await tx.run('UPDATE oauth_codes SET redeemed_at = $1, grant_id = $2 WHERE code_hash = $3', [nowMs, grant.id, codeHash]);
        return { outcome: 'issued', grantId: grant.id };
      });
    },

    async issueGrant(grant, issue) {
      await db.transaction((tx) => writeGrant(tx, grant, issue));
    },
    async findAccessToken(tokenHash): Promise<AccessTokenRecord | undefined> {
      const row = await db.one<TokenGrantRow<PostgresColumns>>(tokenWithGrant, [tokenHash]);
      return row && row.kind === 'access' ? toAccessToken(row) : undefined;
    },
    async rotateRefreshToken({ refreshHash, clientId, issue, nowMs, grace }) {
      return db.transaction(async (tx): Promise<RotateRefreshResult> => {
        // Locking the token row serialises rotations and retries of the same token: only the first
        // finds it unspent; the others, on any instance, then see its sealed successor (or its
        // grace gone).
        const token = await lockedToken(tx, refreshHash);
        const verdict = decideRotate(token, clientId, nowMs);
        if (verdict.action === 'refuse') return verdict.result;
        if (verdict.action === 'revoke_grant') {
          if (verdict.grantId) await revokeGrant(tx, verdict.grantId, nowMs);
          return { outcome: 'reused', grantId: token!.grant_id, userId: token!.user_id };
        }
        const { row } = verdict;
        if (verdict.action === 'retry') {
          const retry = decideRetry(await lineageFrom(tx, row), nowMs);
          if (retry.action === 'refuse') return retry.result;
          if (retry.action === 'revoke_grant') {
            await revokeGrant(tx, retry.grantId, nowMs);
            return { outcome: 'reused', grantId: row.grant_id, userId: row.user_id };
          }
          return { outcome: 'retried', grantId: row.grant_id, userId: row.user_id, scope: row.scope, lineage: retry.links };
        }
        // Seals are kept only for their grace: each rotation clears those whose grace has passed,
        // skipping rows another transaction holds (a replay of that token, revoking its grant), so
        // a rotation never waits on another grant's work.
        await tx.run(
          `UPDATE oauth_tokens SET successor_sealed = NULL WHERE token_hash IN (
             SELECT token_hash FROM oauth_tokens WHERE successor_sealed IS NOT NULL AND grace_until <= $1 FOR UPDATE SKIP LOCKED)`,
          [nowMs],
        );
        await tx.run('UPDATE oauth_tokens SET spent_at = $1, successor_hash = $2, successor_sealed = $3, grace_until = $4 WHERE token_hash = $5', [
          nowMs,
          issue.refresh.tokenHash,
          grace?.sealedSuccessor ?? null,
          grace?.until ?? null,
          refreshHash,
        ]);
        await insertTokens(tx, row.grant_id, row.scope, nowMs, issue);
        return { outcome: 'rotated', grantId: row.grant_id, userId: row.user_id, scope: row.scope };
      });
    },
    async revokeToken(tokenHash, clientId, nowMs) {
      return db.transaction(async (tx) => {
        const verdict = decideRevoke(await tx.one<TokenGrantRow<PostgresColumns>>(tokenWithGrant, [tokenHash]), clientId);
        if (verdict.action === 'refuse') return verdict.result;
        await revokeGrant(tx, verdict.grantId, nowMs);
        return { outcome: 'revoked', userId: verdict.userId } as const;
      });
    },

    async listConnectedApps(userId): Promise<ConnectedApp[]> {
      // Per client, the first live grant: when it was approved and with which scope; and the
      // newest token of any of its live grants: when the app last signed in or renewed.
      const rows = await db.rows<ConnectedAppRow<PostgresColumns>>(
        `SELECT apps.*,
           (SELECT MAX(t.created_at) FROM oauth_tokens t JOIN oauth_grants lg ON lg.id = t.grant_id
            WHERE lg.user_id = $1 AND lg.client_id = apps.id AND lg.revoked_at IS NULL) AS last_used_at
         FROM (
           SELECT DISTINCT ON (c.id) c.*, g.created_at AS approved_at, g.scope AS grant_scope, g.granted_by
           FROM oauth_grants g JOIN oauth_clients c ON c.id = g.client_id
           WHERE g.user_id = $1 AND g.revoked_at IS NULL
           ORDER BY c.id, g.created_at
         ) apps ORDER BY approved_at, id`,
        [userId],
      );
      return rows.map(toConnectedApp);
    },
    async disableUser(userId, nowMs) {
      return db.transaction(async (tx) => {
        if ((await tx.run('UPDATE users SET disabled = TRUE WHERE id = $1', [userId])) !== 1) return false;
        await tx.run(
          `UPDATE oauth_tokens SET revoked_at = $1, successor_sealed = NULL
           WHERE revoked_at IS NULL AND grant_id IN (SELECT id FROM oauth_grants WHERE user_id = $2)`,
          [nowMs, userId],
        );
        await tx.run('UPDATE oauth_grants SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL', [nowMs, userId]);
        await tx.run('DELETE FROM oauth_codes WHERE user_id = $1 AND redeemed_at IS NULL', [userId]);
        await tx.run('DELETE FROM sign_in_sessions WHERE user_id = $1', [userId]);
        return true;
      });
    },
    async revokeClientForUser(userId, clientId, nowMs) {
      return db.transaction(async (tx) => {
        const grants = await tx.rows<{ id: string }>(
          `UPDATE oauth_grants SET revoked_at = $1 WHERE user_id = $2 AND client_id = $3 AND revoked_at IS NULL RETURNING id`,
          [nowMs, userId, clientId],
        );
        await tx.run('UPDATE oauth_tokens SET revoked_at = $1, successor_sealed = NULL WHERE grant_id = ANY($2::text[]) AND revoked_at IS NULL', [
          nowMs,
          grants.map((grant) => grant.id),
        ]);
        return grants.length;
      });
    },
    async listLiveTokens(userId, nowMs): Promise<LiveToken[]> {
      const rows = await db.rows<LiveTokenRow>(
        `SELECT g.id AS grant_id, c.id AS client_id, c.name AS client_name, t.kind, t.scope, t.created_at, t.expires_at
         FROM oauth_tokens t
         JOIN oauth_grants g ON g.id = t.grant_id
         JOIN oauth_clients c ON c.id = g.client_id
         WHERE g.user_id = $1 AND g.revoked_at IS NULL AND t.revoked_at IS NULL AND t.spent_at IS NULL
           AND t.expires_at > $2
         ORDER BY t.created_at, t.kind`,
        [userId, nowMs],
      );
      return rows.map(toLiveToken);
    },

    async insertSignInSession(sessionHash, session) {
      await db.transaction(async (tx) => {
        // Sign-ins are rare, so this is a cheap moment to drop sessions that have run out.
        await tx.run('DELETE FROM sign_in_sessions WHERE expires_at <= $1', [session.createdAt]);
        await tx.run('INSERT INTO sign_in_sessions (session_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
          sessionHash,
          session.userId,
          session.createdAt,
          session.expiresAt,
        ]);
      });
    },
    async findSignInSession(sessionHash, nowMs) {
      const row = await db.one<SignInSessionRow>(
        `SELECT s.user_id, s.expires_at FROM sign_in_sessions s JOIN users u ON u.id = s.user_id
         WHERE s.session_hash = $1 AND s.expires_at > $2 AND NOT u.disabled`,
        [sessionHash, nowMs],
      );
      return row && toSignInSession(row);
    },
    async deleteSignInSession(sessionHash) {
      await db.run('DELETE FROM sign_in_sessions WHERE session_hash = $1', [sessionHash]);
    },
  };
}
