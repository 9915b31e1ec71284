import { fail } from '../check.js';
import type { OAuthClient } from '../client.js';
import type { Authorization, CheckContext } from '../context.js';
import { describeResponse, excerpt } from '../expect.js';
import { cite, formBody, jsonOf, type Exchange } from '../http.js';
import { isObject } from '../mcp.js';
import type { AssertionOverrides, ClientKind, FormPairs } from '../variants/client-kinds.js';
import { describeExpectation, type Expectation } from './table.js';

/** A raw POST of `pairs` as a form, exactly as given: no client_id added, nothing dropped. */
export async function postForm(ctx: CheckContext, url: string, pairs: FormPairs): Promise<Exchange> {
  const form = formBody(pairs);
  const exchange = await ctx.http.send({ method: 'POST', url, headers: { ...form.headers, accept: 'application/json' }, body: form.body });
  cite(exchange);
  return exchange;
}

/** The valid code-grant fields of `authorization`, with `kind`'s client authentication (a fresh assertion). */
export async function redemptionPairs(ctx: CheckContext, kind: ClientKind, authorization: Authorization, overrides?: AssertionOverrides): Promise<FormPairs> {
  const { client, callback, pending } = authorization;
  return [
    ['grant_type', 'authorization_code'],
    ['code', callback.searchParams.get('code') ?? ''],
    ['redirect_uri', client.redirectUri],
    ['code_verifier', pending.codeVerifier],
    ['resource', client.resource],
    ...(await kind.authentication(ctx, client, overrides)),
  ];
}

/** The valid refresh-grant fields for `refreshToken`, with `kind`'s client authentication. */
export async function refreshPairs(ctx: CheckContext, kind: ClientKind, client: OAuthClient, refreshToken: string, overrides?: AssertionOverrides): Promise<FormPairs> {
  return [['grant_type', 'refresh_token'], ['refresh_token', refreshToken], ['resource', client.resource], ...(await kind.authentication(ctx, client, overrides))];
}

/** The tokens of an answer that must have issued them; fails naming `what` otherwise. */
export function expectIssued(exchange: Exchange, what: string): { accessToken: string; refreshToken: string } {
  const body = jsonOf(exchange);
  if (exchange.response.status !== 200 || !isObject(body) || typeof body['access_token'] !== 'string') {
    fail(`${what}: expected tokens, got ${describeResponse(exchange)}`);
  }
  return { accessToken: body['access_token'], refreshToken: typeof body['refresh_token'] === 'string' ? body['refresh_token'] : '' };
}

/** A new code of `kind`'s client, redeemed as that kind redeems: the tokens, for a refresh or revocation baseline. */
export async function freshTokens(ctx: CheckContext, kind: ClientKind, client: OAuthClient): Promise<{ accessToken: string; refreshToken: string }> {
  const authorization = await ctx.authorizeCode(client);
  const exchange = await postForm(ctx, client.tokenEndpoint, await redemptionPairs(ctx, kind, authorization));
  return expectIssued(exchange, `redeeming a fresh code of ${client.clientId}`);
}

/**
 * A refusal within the set the rule allows (statuses and error codes), and at the least no token
 * issued: a 200 with tokens is reported as that, whatever else was expected.
 */
export function judgeRefusal(exchange: Exchange, expect: Expectation, what: string): string {
  if (expect.kind !== 'refusal') throw new Error(`a token case expects a refusal, not ${expect.kind}`);
  const body = jsonOf(exchange);
  if (exchange.response.status === 200 || (isObject(body) && typeof body['access_token'] === 'string')) {
    fail(`${what}: the deployment accepted it and issued tokens; expected ${describeExpectation(expect)}`);
  }
  const error = isObject(body) ? body['error'] : undefined;
  if (!expect.statuses.includes(exchange.response.status) || typeof error !== 'string' || !expect.errors.includes(error)) {
    fail(`${what}: expected ${describeExpectation(expect)}, got HTTP ${exchange.response.status} ${excerpt(exchange.response.body, 120)}`);
  }
  return `${what}: HTTP ${exchange.response.status} "${error}"`;
}
