import type { AccessTokenRecord, AuthorizationCode, ConnectedApp, LiveToken, OAuthClient } from './auth-store.js';
import type { Columns, Dialect } from './rows.js';

export interface ClientRow<C extends Columns> {
  id: string;
  name: string;
  redirect_uris: C['list'];
  grant_types: C['list'];
  response_types: C['list'];
  scope: string;
  created_at: number;
}

export type ConnectedAppRow<C extends Columns> = ClientRow<C> & { approved_at: number; grant_scope: string; granted_by: string | null; last_used_at: number | string | null };

export interface CodeRow {
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  scope: string;
  code_challenge: string;
  code_challenge_method: 'S256' | 'plain';
  created_at: number;
  expires_at: number;
  redeemed_at: number | null;
  grant_id: string | null;
}

/** A token joined with its grant and user (the backends' `tokenWithGrant` query). */
export interface TokenGrantRow<C extends Columns> {
  kind: 'access' | 'refresh';
  scope: string;
  expires_at: number;
  spent_at: number | null;
  revoked_at: number | null;
  grant_id: string;
  grant_revoked_at: number | null;
  user_id: string;
  client_id: string;
  user_disabled: C['flag'];
  successor_hash: string | null;
  successor_sealed: string | null;
  grace_until: number | null;
}

export interface LiveTokenRow {
  grant_id: string;
  client_id: string;
  client_name: string;
  kind: 'access' | 'refresh';
  scope: string;
  created_at: number;
  expires_at: number;
}

export interface SignInSessionRow {
  user_id: string;
  expires_at: number;
}

export const toCode = (row: CodeRow): AuthorizationCode => ({
  codeHash: row.code_hash,
  clientId: row.client_id,
  userId: row.user_id,
  redirectUri: row.redirect_uri,
  scope: row.scope,
  codeChallenge: row.code_challenge,
  codeChallengeMethod: row.code_challenge_method,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  redeemedAt: row.redeemed_at ?? undefined,
});

export const toLiveToken = (row: LiveTokenRow): LiveToken => ({
  grantId: row.grant_id,
  clientId: row.client_id,
  clientName: row.client_name,
  kind: row.kind,
  scope: row.scope,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

export const toSignInSession = (row: SignInSessionRow) => ({ userId: row.user_id, expiresAt: row.expires_at });

/** The OAuth mappers whose rows hold dialect-specific columns, read through `dialect`. */
export function authRowMappers<C extends Columns>(dialect: Dialect<C>) {
  return {
    toClient: (row: ClientRow<C>): OAuthClient => ({
      id: row.id,
      name: row.name,
      redirectUris: dialect.list(row.redirect_uris),
      grantTypes: dialect.list(row.grant_types),
      responseTypes: dialect.list(row.response_types),
      scope: row.scope,
      createdAt: row.created_at,
    }),

    toConnectedApp: (row: ConnectedAppRow<C>): ConnectedApp => ({
      clientId: row.id,
      clientName: row.name,
      redirectUris: dialect.list(row.redirect_uris),
      scope: row.grant_scope,
      approvedAt: row.approved_at,
      lastUsedAt: row.last_used_at === null ? undefined : Number(row.last_used_at),
      ...(row.granted_by !== null && { grantedBy: row.granted_by }),
    }),

    toAccessToken: (row: TokenGrantRow<C>): AccessTokenRecord => ({
      grantId: row.grant_id,
      userId: row.user_id,
      clientId: row.client_id,
      scope: row.scope,
      expiresAt: row.expires_at,
      revoked: row.revoked_at !== null || row.grant_revoked_at !== null,
      userDisabled: dialect.flag(row.user_disabled),
    }),
  };
}
