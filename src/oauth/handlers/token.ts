import type { RequestHandler } from 'express';
import { newId } from '../../platform/ids.js';
import type { OAuthClient, RedeemCodeResult, RotateRefreshResult } from '../../store/auth-store.js';
import { formParams } from '../client-auth.js';
import { namesThisResource, type OAuthContext } from '../context.js';
import { OAuthError, invalidGrant, invalidRequest } from '../errors.js';
import { isValidVerifier, verifyPkce } from '../pkce.js';
import { openLineage, sealAnswer } from '../refresh-grace.js';
import { hashSecret, mcpScope, mintToken, refreshTokenTtlMs, type MintedToken } from '../tokens.js';
import { recordAudit } from '../../platform/audit.js';
import { authenticatedClient, grantOverBudget, sendTooMany, type GrantRateLimit } from '../token-limits.js';
import { idJagGrants, jwtBearerGrantType, redeemIdJag } from '../id-jag/grant.js';

type Params = Record<string, string | undefined>;

const required = (params: Params, name: string): string => {
  const value = params[name];
  if (!value) throw invalidRequest(`'${name}' is required`);
  return value;
};

/** Why a code redeems to no tokens, as the client reads it. */
const codeRefusals: Record<Exclude<RedeemCodeResult['outcome'], 'issued'>, string> = {
  reused: 'the authorization code was already used; the tokens issued for it are revoked',
  expired: 'the authorization code has expired; start the authorization again',
  unknown: 'the authorization code is unknown',
};

/** Why a refresh token rotates to no tokens, as the client reads it. */
const refreshRefusals: Record<Exclude<RotateRefreshResult['outcome'], 'rotated' | 'retried'>, string> = {
  reused: 'the refresh token was already used; every token of this grant is now revoked',
  unknown: 'the refresh token is unknown',
  other_client: 'the refresh token was issued to another client',
  revoked: 'the refresh token has been revoked',
  expired: 'the refresh token has expired; authorize again',
  user_disabled: 'the account of this grant is disabled',
};

interface MintedIssue {
  readonly access: MintedToken;
  readonly refresh?: MintedToken;
}

/** A refresh token only for a client registered for the refresh grant: any other could never use it. */
function mintIssue(context: OAuthContext, client: OAuthClient, nowMs: number): MintedIssue {
  const access = mintToken('access', nowMs, context.accessTokenTtlMs);
  if (!client.grantTypes.includes('refresh_token')) return { access };
  return { access, refresh: mintToken('refresh', nowMs, refreshTokenTtlMs) };
}

const tokenResponse = (context: OAuthContext, access: string, refresh: string | undefined, scope: string, expiresInMs = context.accessTokenTtlMs) => ({
  access_token: access,
  token_type: 'Bearer',
  expires_in: Math.round(expiresInMs / 1000),
  ...(refresh && { refresh_token: refresh }),
  scope,
});

/** RFC 8707: `resource`, when sent back, must name this server. */
function checkResource(context: OAuthContext, params: Params): void {
  if (params.resource !== undefined && !namesThisResource(context, params.resource)) {
    throw new OAuthError('invalid_target', `'resource' must be '${context.issuer}', got '${params.resource}'`);
  }
}

async function exchangeCode(context: OAuthContext, client: OAuthClient, params: Params) {
  const code = required(params, 'code');
  const redirectUri = required(params, 'redirect_uri');
  const verifier = required(params, 'code_verifier');
  if (!isValidVerifier(verifier)) {
    throw invalidRequest("'code_verifier' must be 43 to 128 characters of [A-Za-z0-9-._~]");
  }
  checkResource(context, params);
  const codeHash = hashSecret(code);
  const stored = await context.store.findAuthorizationCode(codeHash);
  if (!stored) throw invalidGrant('the authorization code is unknown');
  if (stored.clientId !== client.id) throw invalidGrant('the authorization code was issued to another client');
  if (stored.redirectUri !== redirectUri) {
    throw invalidGrant("'redirect_uri' differs from the one in the authorization request");
  }
  if (!verifyPkce(stored.codeChallengeMethod, stored.codeChallenge, verifier)) {
    throw invalidGrant("'code_verifier' does not match the code_challenge");
  }
  const now = context.clock.now();
  const minted = mintIssue(context, client, now);
  const result = await context.store.redeemAuthorizationCode(
    codeHash,
    { id: newId('grt'), userId: stored.userId, clientId: client.id, scope: stored.scope, createdAt: now },
    { access: minted.access.stored, refresh: minted.refresh?.stored },
    now,
  );
  if (result.outcome !== 'issued') throw invalidGrant(codeRefusals[result.outcome]);
  await recordAudit(context, { action: 'grant.create', actorUserId: stored.userId, clientId: client.id });
  return tokenResponse(context, minted.access.secret, minted.refresh?.secret, stored.scope);
}

async function refresh(context: OAuthContext, client: OAuthClient, params: Params) {
  const refreshToken = required(params, 'refresh_token');
  checkResource(context, params);
  // Refresh tokens exist only for OAuth grants, whose scope is always mcp_customer.
  const requested = (params.scope ?? '').split(' ').filter(Boolean);
  if (requested.some((scope) => scope !== mcpScope)) {
    throw new OAuthError('invalid_scope', `'scope' '${params.scope}' exceeds the grant: only '${mcpScope}' was granted`);
  }
  const now = context.clock.now();
  const access = mintToken('access', now, context.accessTokenTtlMs);
  const rotated = mintToken('refresh', now, refreshTokenTtlMs);
  const result = await context.store.rotateRefreshToken({
    refreshHash: hashSecret(refreshToken),
    clientId: client.id,
    issue: { access: access.stored, refresh: rotated.stored },
    nowMs: now,
    ...(context.refreshGraceMs > 0 && {
      grace: {
        until: now + context.refreshGraceMs,
        sealedSuccessor: sealAnswer(refreshToken, { refresh: rotated.secret, access: access.secret, accessExpiresAt: access.stored.expiresAt }, rotated.stored.tokenHash),
      },
    }),
  });
  if (result.outcome === 'rotated') return tokenResponse(context, access.secret, rotated.secret, result.scope);
  if (result.outcome === 'reused') {
    await recordAudit(context, { action: 'refresh.reuse', actorUserId: result.userId, clientId: client.id, detail: { revoked: 'grant', grant: result.grantId } });
  }
  if (result.outcome !== 'retried') throw invalidGrant(refreshRefusals[result.outcome]);
  // A retry within the grace: the very answer the rotation gave (same access token, same
  // successor), which only the presented token opens; nothing new is issued. Its store row
  // matched that token's hash, so it opens, unless sealed before the answer held the access token.
  const first = openLineage(refreshToken, result.lineage);
  if (first === undefined) throw invalidGrant('the refresh token was already used and its answer cannot be given again; authorize again');
  return tokenResponse(context, first.access, first.refresh, result.scope, Math.max(0, first.accessExpiresAt - now));
}

/** How often token traffic purges rows that can no longer be used (by the server's clock). */
export const purgeIntervalMs = 60_000;

/**
 * The purge schedule: at most once per interval, on the request that finds it due. Driven by
 * token traffic and the injected clock, so it needs no timer and a test can run it by moving time.
 */
function purgeSchedule(context: OAuthContext): () => Promise<void> {
  let last = -Infinity;
  return async () => {
    const now = context.clock.now();
    if (now - last < purgeIntervalMs) return;
    last = now;
    await context.store.purgeUnusableRows(now);
  };
}

/** POST /oauth/token: `authorization_code` and `refresh_token` grants for public clients. */
export function tokenHandler(context: OAuthContext, limit: GrantRateLimit): RequestHandler {
  const purgeIfDue = purgeSchedule(context);
  return async function token(req, res) {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    await purgeIfDue();
    const params = formParams(req.body);
    const grantType = required(params, 'grant_type');
    const idJag = idJagGrants(context);
    if (grantType === jwtBearerGrantType && idJag) {
      const client = await authenticatedClient(context, limit, req, params);
      if ('allowed' in client) return sendTooMany(res, client, 'too many failed client authentications from this address');
      const issued = await redeemIdJag(context, idJag, client, params);
      res.json(tokenResponse(context, issued.accessToken, undefined, issued.scope));
      return;
    }
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      throw new OAuthError(
        'unsupported_grant_type',
        `'grant_type' '${grantType}' is not supported: use authorization_code or refresh_token`,
      );
    }
    // Budgets after authentication: a forged assertion spends its address's, never the grant's.
    const client = await authenticatedClient(context, limit, req, params);
    if ('allowed' in client) return sendTooMany(res, client, 'too many failed client authentications from this address');
    const over = await grantOverBudget(context, limit, params);
    if (over) return sendTooMany(res, over, 'too many refreshes of this grant');
    if (!client.grantTypes.includes(grantType)) {
      throw new OAuthError('unauthorized_client', `this client did not register the '${grantType}' grant`);
    }
    res.json(grantType === 'authorization_code' ? await exchangeCode(context, client, params) : await refresh(context, client, params));
  };
}
