import type { OAuthClient } from '../client.js';
import type { Authorization } from '../context.js';
import type { Variant } from '../variants/axes.js';
import { assertionCells, clientIdCells } from './assertion-cells.js';
import { omit, refusal, replace, type Baseline, type Limit, type Row, type Table } from './table.js';
import { expectIssued, freshTokens, judgeRefusal, postForm, redemptionPairs, refreshPairs } from './token-requests.js';

/**
 * A fresh valid token request of the variant's client on the variant's grant: a new approved
 * authorization and its redemption (code), or a new grant and the refresh of its refresh token.
 */
export interface TokenBaseline extends Baseline {
  readonly client: OAuthClient;
  /** The authorization redeemed, on the code grant only. */
  readonly authorization?: Authorization;
}

const CODE_REFUSED = refusal(['invalid_request', 'invalid_grant']);

/** The code grant's own parameters: a refresh sends none of them. */
const CODE_ONLY = (parameter: string): Limit<'grant'> => ({ only: ['code'], why: `a refresh sends no ${parameter}` });

function authorizationOf({ authorization, variant }: TokenBaseline): Authorization {
  if (!authorization) throw new Error(`a code-grant cell ran at ${variant.grant ?? 'no'} grant`);
  return authorization;
}

const TITLES: Readonly<Record<NonNullable<Variant['grant']>, string>> = { code: 'the code redeemed', refresh: 'a refresh' };

/**
 * The token endpoint on both grants (RFC 6749 sections 4.1.3 and 6, OAuth 2.1 sections 4.1.3 and
 * 4.3): the code grant's own parameters, and the client's authentication, which each grant checks.
 */
export const TOKEN_TABLE: Table<TokenBaseline> = {
  endpoint: 'token',
  group: 'authorization',
  title: (variant) => TITLES[variant.grant ?? 'code'],
  binds: ['client', 'grant'],
  needsSignIn: true,
  async baseline(ctx, kind, variant) {
    const client = await kind.client(ctx);
    if (variant.grant === 'refresh') {
      const { refreshToken } = await freshTokens(ctx, kind, client);
      return { ctx, kind, variant, client, pairs: await refreshPairs(ctx, kind, client, refreshToken) };
    }
    const authorization = await ctx.authorizeCode(client);
    return { ctx, kind, variant, client, authorization, pairs: await redemptionPairs(ctx, kind, authorization) };
  },
  async judge({ ctx, client }, pairs, cell, what) {
    return judgeRefusal(await postForm(ctx, client.tokenEndpoint, pairs), cell.expect, what);
  },
  rows: [
    {
      parameter: 'code',
      cells: [
        {
          mutation: 'replayed',
          // Redeemed once as the variant's client redeems it, then again with fresh authentication: the code alone is spent.
          async change(baseline) {
            const { ctx, kind, client, pairs } = baseline;
            expectIssued(await postForm(ctx, client.tokenEndpoint, pairs), 'the first, valid redemption');
            return redemptionPairs(ctx, kind, authorizationOf(baseline));
          },
          expect: refusal(['invalid_grant']),
          rules: ['rfc6749-10.5-code-single-use', 'mcp-2026-07-28-as-oauth21'],
          consumes: 'code',
          limits: { grant: CODE_ONLY('code') },
        },
      ],
    },
    {
      parameter: 'redirect_uri',
      cells: [
        { mutation: 'omitted', change: async ({ pairs }) => omit(pairs, 'redirect_uri'), expect: CODE_REFUSED, rules: ['rfc6749-4.1.3-redirect'], consumes: 'code', limits: { grant: CODE_ONLY('redirect_uri') } },
        {
          mutation: 'other-value',
          change: async (baseline) => replace(baseline.pairs, 'redirect_uri', `${authorizationOf(baseline).callback.origin}/not-the-callback`),
          expect: refusal(['invalid_grant']),
          rules: ['rfc6749-4.1.3-redirect'],
          consumes: 'code',
          limits: { grant: CODE_ONLY('redirect_uri') },
          knownAs: 'code-bound-to-redirect-uri',
        },
      ],
    },
    {
      parameter: 'code_verifier',
      cells: [
        { mutation: 'omitted', change: async ({ pairs }) => omit(pairs, 'code_verifier'), expect: CODE_REFUSED, rules: ['rfc7636-4.5-verifier-required'], consumes: 'code', limits: { grant: CODE_ONLY('code_verifier') } },
      ],
    },
    { parameter: 'client_id', cells: clientIdCells<TokenBaseline>() },
    {
      parameter: 'client_assertion',
      cells: assertionCells<TokenBaseline>(
        async (baseline, assertion) => {
          const { ctx, kind, client } = baseline;
          if (baseline.variant.grant === 'refresh') {
            // Accepted once by a refresh that rotates the grant's token; the replay then presents the successor.
            const renewed = expectIssued(await postForm(ctx, client.tokenEndpoint, replace(baseline.pairs, 'client_assertion', assertion)), 'a refresh with the assertion');
            return replace(baseline.pairs, 'refresh_token', renewed.refreshToken);
          }
          // First accepted on another code of the same client.
          const first = await redemptionPairs(ctx, kind, await ctx.authorizeCode(client));
          expectIssued(await postForm(ctx, client.tokenEndpoint, replace(first, 'client_assertion', assertion)), 'another code redeemed with the assertion');
          return baseline.pairs;
        },
        {
          'bad-signature': ['private-key-jwt-wrong-key-refused', 'cimd-jwt+code'],
          expired: ['private-key-jwt-expired-refused', 'cimd-jwt+code'],
          replayed: ['private-key-jwt-jti-replay-refused', 'cimd-jwt+refresh'],
        },
      ),
    },
  ] satisfies Row<TokenBaseline>[],
};
