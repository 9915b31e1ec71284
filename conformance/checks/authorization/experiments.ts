import type { OAuthClient, TokenSet } from '../../client.js';
import type { Authorization, CheckContext, Grant } from '../../context.js';
import { captureExchanges, cite, jsonOf, type Exchange } from '../../http.js';
import { waitWithProgress } from '../../progress.js';
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

/** A fresh grant renewed once with the refresh_token grant: its refresh token is spent. */
async function renewedGrant(ctx: CheckContext): Promise<Omit<RefreshRun, 'refreshedUse'>> {
  const grant = await ctx.authorize();
  const { refreshToken } = grant.tokens;
  if (!refreshToken) throw new Error('the token response has no refresh_token');
  const refresh = await captureExchanges(() => grant.client.refresh(refreshToken));
  cite(...refresh.exchanges);
  if (!refresh.ok) throw refresh.error;
  return { grant: { ...grant, tokens: { ...grant.tokens, refreshToken } }, refreshed: refresh.value, refresh: refresh.exchanges };
}

export function refreshRun(ctx: CheckContext): Promise<RefreshRun> {
  return ctx.once('renew a token with the refresh_token grant', async () => {
    const renewed = await renewedGrant(ctx);
    return { ...renewed, refreshedUse: await useToken(ctx, renewed.refreshed.accessToken) };
  });
}

export interface SpentRefresh {
  readonly run: RefreshRun;
  /** The grant's newest tokens just before the reuse, and the newest access token in use then. */
  readonly newest: TokenSet;
  readonly newestUse: Exchange;
  /** The original refresh token presented again after it was exchanged (and after any grace). */
  readonly reuse: Exchange;
  /** How long after the first presentation the reuse came, when a retry was answered; else 0. */
  readonly waitedSeconds: number;
}

/**
 * Presents a spent refresh token again. A deployment may answer it within a refresh grace as a
 * retry (issue 23: clients renew in parallel and retry), which a runner cannot tell apart from
 * accepting any replay, nor learn the length of. So when that first presentation is answered 200,
 * the runner waits the grace it was told (`--refresh-grace`) and one second more, renews the
 * lineage so its newest tokens are live, and presents the spent token again: that one is a
 * replay, whatever the grace. A deployment that refuses at once is judged on that refusal.
 */
export function spentRefresh(ctx: CheckContext): Promise<SpentRefresh> {
  return ctx.once('present a spent refresh token', async () => {
    const run = await refreshRun(ctx);
    const present = () => refreshRaw(run.grant.client, run.grant.tokens.refreshToken);
    const first = await present();
    if (first.response.status !== 200) {
      return { run, newest: run.refreshed, newestUse: run.refreshedUse, reuse: first, waitedSeconds: 0 };
    }
    const waitedSeconds = ctx.settings.refreshGraceSeconds + 1;
    await waitWithProgress(ctx.progress, 'waiting out the refresh grace before presenting the spent refresh token again', waitedSeconds * 1000);
    const live = run.refreshed.refreshToken;
    if (!live) throw new Error('the renewal returned no refresh_token to go on with');
    const renewal = await captureExchanges(() => run.grant.client.refresh(live));
    cite(...renewal.exchanges);
    if (!renewal.ok) throw renewal.error;
    const newestUse = await useToken(ctx, renewal.value.accessToken);
    return { run, newest: renewal.value, newestUse, reuse: await present(), waitedSeconds };
  });
}

/**
 * A spent refresh token presented again past any grace with no renewal in between: a deployment
 * that forgets what it kept for retries only when the lineage renews next would take this one.
 * Its own grant, since the presentation revokes it. `reuse` is undefined when the first
 * presentation was refused at once (the shared experiment judges that answer).
 */
export async function spentRefreshUntouched(ctx: CheckContext): Promise<{ readonly reuse: Exchange | undefined; readonly waitedSeconds: number }> {
  const { grant } = await renewedGrant(ctx);
  const { client, tokens: { refreshToken } } = grant;
  const first = await refreshRaw(client, refreshToken);
  if (first.response.status !== 200) return { reuse: undefined, waitedSeconds: 0 };
  const waitedSeconds = ctx.settings.refreshGraceSeconds + 1;
  await waitWithProgress(ctx.progress, 'waiting out the refresh grace before presenting the spent refresh token again, with no renewal in between', waitedSeconds * 1000);
  return { reuse: await refreshRaw(client, refreshToken), waitedSeconds };
}

/** Two (or more) refreshes of one refresh token sent at once, with each answer's tokens. */
export interface ParallelRefresh {
  readonly exchanges: readonly Exchange[];
  /** The answers that renewed: their access and refresh tokens. */
  readonly renewed: ReadonlyArray<{ readonly accessToken: string; readonly refreshToken: string | undefined }>;
}

export async function parallelRefresh(client: OAuthClient, refreshToken: string, count: number): Promise<ParallelRefresh> {
  const exchanges = await Promise.all(Array.from({ length: count }, () => refreshRaw(client, refreshToken)));
  const renewed = exchanges
    .filter((exchange) => exchange.response.status === 200)
    .map((exchange) => {
      const body = jsonOf(exchange) as { access_token?: unknown; refresh_token?: unknown } | undefined;
      return {
        accessToken: String(body?.access_token ?? ''),
        refreshToken: typeof body?.refresh_token === 'string' ? body.refresh_token : undefined,
      };
    });
  return { exchanges, renewed };
}

/** Another registered client, for checks that a code or token is bound to the one it was issued to. */
export function secondClient(ctx: CheckContext): Promise<OAuthClient> {
  return ctx.once('register a second client', () => ctx.registerClient('survey-mcp conformance (second client)'));
}

/** A raw refresh of `refreshToken` by `client`, with any extra fields. */
export function refreshRaw(client: OAuthClient, refreshToken: string, extra: Readonly<Record<string, string>> = {}): Promise<Exchange> {
  return client.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, resource: client.resource, ...extra });
}
