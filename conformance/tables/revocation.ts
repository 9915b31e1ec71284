import { fail } from '../check.js';
import type { OAuthClient } from '../client.js';
import { describeResponse, excerpt } from '../expect.js';
import { jsonOf, type Exchange } from '../http.js';
import { isObject } from '../mcp.js';
import { tryToken } from '../eras.js';
import type { Variant } from '../variants/axes.js';
import { PUBLIC_ONLY, asSecondClient } from './assertion-cells.js';
import { describeExpectation, omit, refusal, repeat, replace, type Baseline, type Row, type Table } from './table.js';
import { freshTokens, postForm, refreshPairs } from './token-requests.js';

/** A fresh grant of the variant's client, and the valid revocation of the variant's kind of token under its own hint. */
export interface RevocationBaseline extends Baseline {
  readonly client: OAuthClient;
  /** The token presented: the grant's access or refresh token. */
  readonly token: string;
}

const TOKEN_REQUIRED = refusal(['invalid_request']);
const HINTS = { access: 'access_token', refresh: 'refresh_token' } as const;
const OTHER_HINT = { access: 'refresh_token', refresh: 'access_token' } as const;

const kindOf = (variant: Variant): 'access' | 'refresh' => variant.token ?? 'access';

/**
 * Whether the presented token still works after the revocation request: an access token on the
 * MCP endpoint (401 when revoked), a refresh token on the token endpoint (tokens issued when alive).
 */
async function stillWorks({ ctx, kind, client, token, variant }: RevocationBaseline): Promise<{ works: boolean; exchange: Exchange }> {
  if (kindOf(variant) === 'access') {
    const exchange = await tryToken(ctx, token);
    return { works: exchange.response.status !== 401, exchange };
  }
  const exchange = await postForm(ctx, client.tokenEndpoint, await refreshPairs(ctx, kind, client, token));
  const body = jsonOf(exchange);
  return { works: exchange.response.status === 200 && isObject(body) && typeof body['access_token'] === 'string', exchange };
}

/** The revocation endpoint (RFC 7009 section 2.1), for each kind of token: the token, its hint and the client asking. */
export const REVOCATION_TABLE: Table<RevocationBaseline> = {
  endpoint: 'revocation',
  group: 'revocation',
  title: (variant) => `a revocation of its ${kindOf(variant)} token`,
  binds: ['client', 'token'],
  needsSignIn: true,
  async baseline(ctx, kind, variant) {
    const client = await kind.client(ctx);
    const tokens = await freshTokens(ctx, kind, client);
    const token = kindOf(variant) === 'access' ? tokens.accessToken : tokens.refreshToken;
    const pairs = [['token', token], ['token_type_hint', HINTS[kindOf(variant)]], ...(await kind.authentication(ctx, client))] as const;
    return { ctx, kind, variant, client, token, pairs };
  },
  async judge(baseline, pairs, cell, what) {
    const endpoint = (await baseline.ctx.document('authorization-server')).json?.['revocation_endpoint'];
    if (typeof endpoint !== 'string') fail('the authorization-server metadata names no revocation_endpoint');
    const exchange = await postForm(baseline.ctx, endpoint, pairs);
    const expected = describeExpectation(cell.expect);
    if (cell.expect.kind === 'not-revoked' || cell.expect.kind === 'revoked') {
      if (cell.expect.kind === 'revoked' && exchange.response.status !== 200) fail(`${what}: expected ${expected}, got ${describeResponse(exchange)}`);
      const after = await stillWorks(baseline);
      if (cell.expect.kind === 'not-revoked' && !after.works) fail(`${what}: the deployment revoked the token (its next use got ${describeResponse(after.exchange)}); expected ${expected}`);
      if (cell.expect.kind === 'revoked' && after.works) fail(`${what}: HTTP 200, but the token still works (its next use got ${describeResponse(after.exchange)}); expected ${expected}`);
      return `${what}: HTTP ${exchange.response.status}, and the token ${after.works ? 'still works' : 'no longer works'} (HTTP ${after.exchange.response.status})`;
    }
    if (cell.expect.kind !== 'refusal') throw new Error(`a revocation case expects a refusal or the token revoked or kept, not ${cell.expect.kind}`);
    const body = jsonOf(exchange);
    const error = isObject(body) ? body['error'] : undefined;
    if (!cell.expect.statuses.includes(exchange.response.status) || typeof error !== 'string' || !cell.expect.errors.includes(error)) {
      fail(`${what}: expected ${expected.replace(', no token issued', '')}, got HTTP ${exchange.response.status} ${excerpt(exchange.response.body, 120)}`);
    }
    return `${what}: HTTP ${exchange.response.status} "${error}"`;
  },
  rows: [
    {
      parameter: 'token',
      cells: [
        // Not an invalid token (that one is answered 200) but a malformed request: nothing to revoke.
        {
          mutation: 'omitted',
          change: async ({ pairs }) => omit(pairs, 'token'),
          expect: TOKEN_REQUIRED,
          rules: ['rfc7009-2.1-token-required'],
          consumes: 'grant',
          knownAs: 'revoke-error-response',
        },
        { mutation: 'empty', change: async ({ pairs }) => replace(pairs, 'token', ''), expect: TOKEN_REQUIRED, rules: ['rfc7009-2.1-token-required'], consumes: 'grant' },
        // RFC 7009 section 2.1 takes RFC 6749's form encoding, whose parameters are sent once (section 3.1).
        { mutation: 'repeated', change: async ({ pairs }) => repeat(pairs, 'token'), expect: TOKEN_REQUIRED, rules: ['rfc6749-3.1-repeated', 'rfc7009-2.2.1-errors'], consumes: 'grant' },
      ],
    },
    {
      parameter: 'token_type_hint',
      cells: [
        // The hint is optional: one lookup must find either kind.
        {
          mutation: 'omitted',
          change: async ({ pairs }) => omit(pairs, 'token_type_hint'),
          expect: { kind: 'revoked' },
          rules: ['rfc7009-2.1-invalidate'],
          axisRules: { token: { access: ['rfc7009-2-access-tokens'], refresh: ['rfc7009-2-refresh-tokens'] } },
          consumes: 'grant',
        },
        {
          mutation: 'other-value',
          change: async ({ pairs, variant }) => replace(pairs, 'token_type_hint', OTHER_HINT[kindOf(variant)]),
          expect: { kind: 'revoked' },
          rules: ['rfc7009-2.1-hint-fallback'],
          consumes: 'grant',
        },
      ],
    },
    {
      parameter: 'client_id',
      cells: [
        { mutation: 'omitted', change: async ({ pairs }) => omit(pairs, 'client_id'), expect: { kind: 'not-revoked' }, rules: ['rfc7009-2.1-client'], consumes: 'grant', limits: { client: PUBLIC_ONLY } },
        // Another client presents this client's token: RFC 7009 lets it refuse or answer 200, but the token lives on.
        { mutation: 'other-client', change: asSecondClient, expect: { kind: 'not-revoked' }, rules: ['rfc7009-2.1-client'], consumes: 'grant' },
      ],
    },
  ] satisfies Row<RevocationBaseline>[],
};
