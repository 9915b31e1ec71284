import { decideRedeem, decideRetry, decideRevoke, decideRotate, maxRetryHops } from '../grant-policy.js';
import type {
  AccessTokenRecord,
  AuthStore,
  ConnectedApp,
  LiveToken,
  NewGrant,
  NewOAuthClient,
  RotateRefreshRequest,
  RotateRefreshResult,
  TokenIssue,
} from '../auth-store.js';
import { authRowMappers, toCode, toLiveToken, toSignInSession } from '../auth-rows.js';
import type { ClientRow, CodeRow, ConnectedAppRow, LiveTokenRow, SignInSessionRow, TokenGrantRow } from '../auth-rows.js';
import { sqliteDialect, type SqliteColumns, type SqliteDatabase } from './database.js';

const { toAccessToken, toClient, toConnectedApp } = authRowMappers(sqliteDialect);

// The token, its grant, client and user in one lookup; every bearer check runs this.
const tokenWithGrant = `
  SELECT t.kind, t.scope, t.expires_at, t.spent_at, t.revoked_at, t.successor_hash, t.successor_sealed, t.grace_until,
         g.id AS grant_id, g.revoked_at AS grant_revoked_at, g.user_id, g.client_id,
         u.disabled AS user_disabled
  FROM oauth_tokens t
  JOIN oauth_grants g ON g.id = t.grant_id
  JOIN oauth_clients c ON c.id = g.client_id
  JOIN users u ON u.id = g.user_id
  WHERE t.token_hash = ?`;

export function sqliteAuthStore(db: SqliteDatabase): AuthStore {
  const insertClient = db.prepare(
    `INSERT INTO oauth_clients (id, registration_key, name, redirect_uris, grant_types, response_types, scope, created_at)
     VALUES (@id, @registrationKey, @name, @redirectUris, @grantTypes, @responseTypes, @scope, @createdAt)
     ON CONFLICT (registration_key) DO NOTHING`,
  );
  const upsertMetadataClient = db.prepare(
    `INSERT INTO oauth_clients (id, registration_key, name, redirect_uris, grant_types, response_types, scope, created_at)
     VALUES (@id, 'metadata:' || @id, @name, @redirectUris, @grantTypes, @responseTypes, @scope, @createdAt)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, redirect_uris = excluded.redirect_uris,
       grant_types = excluded.grant_types, response_types = excluded.response_types`,
  );
  const clientByKey = db.prepare<[string], ClientRow<SqliteColumns>>('SELECT * FROM oauth_clients WHERE registration_key = ?');
  const setClientGrants = db.prepare('UPDATE oauth_clients SET grant_types = ? WHERE id = ?');
  const clientById = db.prepare<[string], ClientRow<SqliteColumns>>('SELECT * FROM oauth_clients WHERE id = ?');

  const insertCode = db.prepare(
    `INSERT INTO oauth_codes (code_hash, client_id, user_id, redirect_uri, scope, code_challenge,
                              code_challenge_method, created_at, expires_at)
     VALUES (@codeHash, @clientId, @userId, @redirectUri, @scope, @codeChallenge,
             @codeChallengeMethod, @createdAt, @expiresAt)`,
  );
  const codeByHash = db.prepare<[string], CodeRow>('SELECT * FROM oauth_codes WHERE code_hash = ?');
  const claimCode = db.prepare(
    `UPDATE oauth_codes SET redeemed_at = ?, grant_id = ?
     WHERE code_hash = ? AND redeemed_at IS NULL AND expires_at > ?`,
  );

  const insertGrant = db.prepare(
    `INSERT INTO oauth_grants (id, user_id, client_id, scope, created_at, granted_by)
     VALUES (@id, @userId, @clientId, @scope, @createdAt, @grantedBy)`,
  );
  const insertToken = db.prepare(
    `INSERT INTO oauth_tokens (token_hash, kind, grant_id, scope, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const tokenByHash = db.prepare<[string], TokenGrantRow<SqliteColumns>>(tokenWithGrant);
  const spendToken = db.prepare(
    `UPDATE oauth_tokens SET spent_at = ?, successor_hash = ?, successor_sealed = ?, grace_until = ?
     WHERE token_hash = ? AND spent_at IS NULL`,
  );
  // Seals are kept only for their grace: each rotation clears those whose grace has passed.
  const clearPastSeals = db.prepare(
    'UPDATE oauth_tokens SET successor_sealed = NULL WHERE successor_sealed IS NOT NULL AND grace_until <= ?',
  );
  const revokeGrantRow = db.prepare('UPDATE oauth_grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const revokeGrantTokens = db.prepare(
    'UPDATE oauth_tokens SET revoked_at = ?, successor_sealed = NULL WHERE grant_id = ? AND revoked_at IS NULL',
  );
  const liveGrantsOf = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM oauth_grants WHERE user_id = ? AND client_id = ? AND revoked_at IS NULL',
  );
  const connectedApps = db.prepare<{ userId: string }, ConnectedAppRow<SqliteColumns>>(
    `SELECT c.*, MIN(g.created_at) AS approved_at, g.scope AS grant_scope, g.granted_by,
       (SELECT MAX(t.created_at) FROM oauth_tokens t JOIN oauth_grants lg ON lg.id = t.grant_id
        WHERE lg.user_id = @userId AND lg.client_id = c.id AND lg.revoked_at IS NULL) AS last_used_at
     FROM oauth_grants g JOIN oauth_clients c ON c.id = g.client_id
     WHERE g.user_id = @userId AND g.revoked_at IS NULL
     GROUP BY c.id ORDER BY approved_at`,
  );
  const liveTokens = db.prepare<[string, number], LiveTokenRow>(
    `SELECT g.id AS grant_id, c.id AS client_id, c.name AS client_name, t.kind, t.scope, t.created_at, t.expires_at
     FROM oauth_tokens t
     JOIN oauth_grants g ON g.id = t.grant_id
     JOIN oauth_clients c ON c.id = g.client_id
     WHERE g.user_id = ? AND g.revoked_at IS NULL AND t.revoked_at IS NULL AND t.spent_at IS NULL
       AND t.expires_at > ?
     ORDER BY t.created_at`,
  );

  const insertSession = db.prepare(
    'INSERT INTO sign_in_sessions (session_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const sessionByHash = db.prepare<[string, number], SignInSessionRow>(
    `SELECT s.user_id, s.expires_at FROM sign_in_sessions s JOIN users u ON u.id = s.user_id
     WHERE s.session_hash = ? AND s.expires_at > ? AND u.disabled = 0`,
  );
  const deleteSession = db.prepare('DELETE FROM sign_in_sessions WHERE session_hash = ?');
  const deleteExpiredSessions = db.prepare('DELETE FROM sign_in_sessions WHERE expires_at <= ?');
  const disableAccount = db.prepare('UPDATE users SET disabled = 1 WHERE id = ?');
  const revokeGrantsOfUser = db.prepare('UPDATE oauth_grants SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL');
  const revokeTokensOfUser = db.prepare(
    `UPDATE oauth_tokens SET revoked_at = ?, successor_sealed = NULL
     WHERE revoked_at IS NULL AND grant_id IN (SELECT id FROM oauth_grants WHERE user_id = ?)`,
  );
  const deleteCodesOfUser = db.prepare('DELETE FROM oauth_codes WHERE user_id = ? AND redeemed_at IS NULL');
  const deleteSessionsOfUser = db.prepare('DELETE FROM sign_in_sessions WHERE user_id = ?');

  const writeGrant = (grant: NewGrant, issue: TokenIssue): void => {
    insertGrant.run({ ...grant, grantedBy: grant.grantedBy ?? null });
    for (const token of [issue.access, issue.refresh]) {
      if (token) {
        insertToken.run(token.tokenHash, token.kind, grant.id, grant.scope, grant.createdAt, token.expiresAt);
      }
    }
  };

  const revokeGrant = (grantId: string, nowMs: number): void => {
    revokeGrantRow.run(nowMs, grantId);
    revokeGrantTokens.run(nowMs, grantId);
  };

  const issueGrant = db.transaction(writeGrant);

  const register = db.transaction((client: NewOAuthClient): ClientRow<SqliteColumns> => {
    insertClient.run({
      ...client,
      redirectUris: JSON.stringify(client.redirectUris),
      grantTypes: JSON.stringify(client.grantTypes),
      responseTypes: JSON.stringify(client.responseTypes),
    });
    const row = clientByKey.get(client.registrationKey)!;
    const granted: string[] = JSON.parse(row.grant_types);
    if (client.grantTypes.every((type) => granted.includes(type))) return row;
    const widened = JSON.stringify([...new Set([...granted, ...client.grantTypes])].sort());
    setClientGrants.run(widened, row.id);
    return { ...row, grant_types: widened };
  });

  const redeem = db.transaction((codeHash: string, grant: NewGrant, issue: TokenIssue, nowMs: number) => {
    const verdict = decideRedeem(codeByHash.get(codeHash), nowMs);
    if (verdict.action === 'refuse') return verdict.result;
    if (verdict.action === 'revoke_grant') {
      if (verdict.grantId) revokeGrant(verdict.grantId, nowMs);
      return { outcome: 'reused' } as const;
    }
    writeGrant(grant, issue);
    // The WHERE clause re-checks "unused" so even a second connection cannot claim it twice.
    if (claimCode.run(nowMs, grant.id, codeHash, nowMs).changes !== 1) throw new Error('code claimed concurrently');
    return { outcome: 'issued', grantId: grant.id } as const;
  });

  const tokenState = (tokenHash: string) => {
    const found = tokenByHash.get(tokenHash);
    return found && { ...found, userDisabled: sqliteDialect.flag(found.user_disabled) };
  };

  /** A retry's lineage: the presented token, then its successors up to the first unspent one. */
  const lineageFrom = (first: NonNullable<ReturnType<typeof tokenState>>) => {
    const lineage = [first];
    for (let last = first; last.spent_at !== null && last.successor_hash !== null && lineage.length <= maxRetryHops; ) {
      const next = tokenState(last.successor_hash);
      if (!next) break;
      lineage.push(next);
      last = next;
    }
    return lineage;
  };

  const rotate = db.transaction(({ refreshHash, clientId, issue, nowMs, grace }: RotateRefreshRequest): RotateRefreshResult => {
    const token = tokenState(refreshHash);
    const verdict = decideRotate(token, clientId, nowMs);
    if (verdict.action === 'refuse') return verdict.result;
    if (verdict.action === 'revoke_grant') {
      if (verdict.grantId) revokeGrant(verdict.grantId, nowMs);
      return { outcome: 'reused', grantId: token!.grant_id, userId: token!.user_id };
    }
    const { row } = verdict;
    if (verdict.action === 'retry') {
      const retry = decideRetry(lineageFrom(row), nowMs);
      if (retry.action === 'refuse') return retry.result;
      if (retry.action === 'revoke_grant') {
        revokeGrant(retry.grantId, nowMs);
        return { outcome: 'reused', grantId: row.grant_id, userId: row.user_id };
      }
      return { outcome: 'retried', grantId: row.grant_id, userId: row.user_id, scope: row.scope, lineage: retry.links };
    }
    clearPastSeals.run(nowMs);
    spendToken.run(nowMs, issue.refresh.tokenHash, grace?.sealedSuccessor ?? null, grace?.until ?? null, refreshHash);
    for (const token of [issue.access, issue.refresh]) {
      insertToken.run(token.tokenHash, token.kind, row.grant_id, row.scope, nowMs, token.expiresAt);
    }
    return { outcome: 'rotated', grantId: row.grant_id, userId: row.user_id, scope: row.scope };
  });

  const revoke = db.transaction((tokenHash: string, clientId: string, nowMs: number) => {
    const verdict = decideRevoke(tokenByHash.get(tokenHash), clientId);
    if (verdict.action === 'refuse') return verdict.result;
    revokeGrant(verdict.grantId, nowMs);
    return { outcome: 'revoked', userId: verdict.userId } as const;
  });

  const revokeClient = db.transaction((userId: string, clientId: string, nowMs: number) => {
    const grants = liveGrantsOf.all(userId, clientId);
    for (const grant of grants) revokeGrant(grant.id, nowMs);
    return grants.length;
  });

  const disable = db.transaction((userId: string, nowMs: number) => {
    if (disableAccount.run(userId).changes !== 1) return false;
    revokeGrantsOfUser.run(nowMs, userId);
    revokeTokensOfUser.run(nowMs, userId);
    deleteCodesOfUser.run(userId);
    deleteSessionsOfUser.run(userId);
    return true;
  });

  return {
    async registerClient(client) {
      return toClient(register.immediate(client));
    },
    async findClient(clientId) {
      const row = clientById.get(clientId);
      return row && toClient(row);
    },
    async saveMetadataClient(client) {
      upsertMetadataClient.run({
        ...client,
        redirectUris: JSON.stringify(client.redirectUris),
        grantTypes: JSON.stringify(client.grantTypes),
        responseTypes: JSON.stringify(client.responseTypes),
      });
    },

    async insertAuthorizationCode(code) {
      insertCode.run(code);
    },
    async findAuthorizationCode(codeHash) {
      const row = codeByHash.get(codeHash);
      return row && toCode(row);
    },
    async redeemAuthorizationCode(codeHash, grant, issue, nowMs) {
      return redeem.immediate(codeHash, grant, issue, nowMs);
    },

    async issueGrant(grant, issue) {
      issueGrant.immediate(grant, issue);
    },
    async findAccessToken(tokenHash): Promise<AccessTokenRecord | undefined> {
      const row = tokenByHash.get(tokenHash);
      return row && row.kind === 'access' ? toAccessToken(row) : undefined;
    },
    async rotateRefreshToken(request) {
      return rotate.immediate(request);
    },
    async revokeToken(tokenHash, clientId, nowMs) {
      return revoke.immediate(tokenHash, clientId, nowMs);
    },

    async listConnectedApps(userId): Promise<ConnectedApp[]> {
      return connectedApps.all({ userId }).map(toConnectedApp);
    },
    async revokeClientForUser(userId, clientId, nowMs) {
      return revokeClient.immediate(userId, clientId, nowMs);
    },
    async listLiveTokens(userId, nowMs): Promise<LiveToken[]> {
      return liveTokens.all(userId, nowMs).map(toLiveToken);
    },
    async disableUser(userId, nowMs) {
      return disable.immediate(userId, nowMs);
    },

    async insertSignInSession(sessionHash, session) {
      // Sign-ins are rare, so this is a cheap moment to drop sessions that have run out.
      deleteExpiredSessions.run(session.createdAt);
      insertSession.run(sessionHash, session.userId, session.createdAt, session.expiresAt);
    },
    async findSignInSession(sessionHash, nowMs) {
      const row = sessionByHash.get(sessionHash, nowMs);
      return row && toSignInSession(row);
    },
    async deleteSignInSession(sessionHash) {
      deleteSession.run(sessionHash);
    },
  };
}
