import type { OAuthClient, TokenSet } from '../../client.js';
import type { Authorization, CheckContext, Grant } from '../../context.js';
import { captureExchanges, cite, type Exchange } from '../../http.js';
import { useToken } from '../shared/use-token.js';

/** A raw redemption of an authorization's code, with any verifier (right, wrong or forged). */
export function redeemRaw(authorization: Authorization, codeVerifier: string): Promise<Exchange> {
  const { client, callback } = authorization;
  return client.tokenRequest({
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code') ?? '',
    redirect_uri: `${callback.origin}${callback.pathname}`,
    code_verifier: codeVerifier,
    resource: client.resource,
  });
}

export interface CodeReplay {
  readonly grant: Grant;
  /** The first access token in use before the replay. */
  readonly before: Exchange;
  readonly replay: Exchange;
  /** The same token after the replay. */
  readonly after: Exchange;
}

/** Redeems one code twice; shared by the checks on single use and on what a replay revokes. */
export function codeReplay(ctx: CheckContext): Promise<CodeReplay> {
  return ctx.once('redeem an authorization code twice', async () => {
    const grant = await ctx.authorize();
    const before = await useToken(ctx, grant.tokens.accessToken);
    const replay = await redeemRaw(grant, grant.pending.codeVerifier);
    const after = await useToken(ctx, grant.tokens.accessToken);
    return { grant, before, replay, after };
  });
}

export interface RefreshRun {
  readonly grant: Grant & { readonly tokens: TokenSet & { readonly refreshToken: string } };
  readonly refreshed: TokenSet;
  readonly refresh: readonly Exchange[];
  /** The renewed access token in use, before anything spends the old refresh token again. */
  readonly refreshedUse: Exchange;
}

export function refreshRun(ctx: CheckContext): Promise<RefreshRun> {
  return ctx.once('renew a token with the refresh_token grant', async () => {
    const grant = await ctx.authorize();
    const { refreshToken } = grant.tokens;
    if (!refreshToken) throw new Error('the token response has no refresh_token');
    const refresh = await captureExchanges(() => grant.client.refresh(refreshToken));
    cite(...refresh.exchanges);
    if (!refresh.ok) throw refresh.error;
    const refreshedUse = await useToken(ctx, refresh.value.accessToken);
    return {
      grant: { ...grant, tokens: { ...grant.tokens, refreshToken } },
      refreshed: refresh.value,
      refresh: refresh.exchanges,
      refreshedUse,
    };
  });
}

export interface SpentRefresh {
  readonly run: RefreshRun;
  /** The original refresh token presented again after it was exchanged. */
  readonly reuse: Exchange;
}

export function spentRefresh(ctx: CheckContext): Promise<SpentRefresh> {
  return ctx.once('present a spent refresh token', async () => {
    const run = await refreshRun(ctx);
    const reuse = await run.grant.client.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: run.grant.tokens.refreshToken,
      resource: run.grant.client.resource,
    });
    return { run, reuse };
  });
}

/** Another registered client, for checks that a code or token is bound to the one it was issued to. */
export function secondClient(ctx: CheckContext): Promise<OAuthClient> {
  return ctx.once('register a second client', () => ctx.registerClient('survey-mcp conformance (second client)'));
}

/** A raw refresh of `refreshToken` by `client`, with any extra fields. */
export function refreshRaw(client: OAuthClient, refreshToken: string, extra: Readonly<Record<string, string>> = {}): Promise<Exchange> {
  return client.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, resource: client.resource, ...extra });
}
