import type { Authorization } from '../context.js';
import { omit, refusal, replace, type Baseline, type Cell, type Row, type Table } from './table.js';
import { assertionCells, clientIdOmitted } from './assertion-cells.js';
import { expectIssued, judgeRefusal, postForm, redemptionPairs } from './token-requests.js';

/** A fresh approved authorization of the variant's client, and its valid redemption. */
export interface CodeBaseline extends Baseline {
  readonly authorization: Authorization;
}

type CodeCell = Cell<CodeBaseline>;

const CODE_REFUSED = refusal(['invalid_request', 'invalid_grant']);

/** The token endpoint, authorization_code grant (RFC 6749 section 4.1.3, OAuth 2.1 section 4.1.3). */
export const TOKEN_CODE_TABLE: Table<CodeBaseline> = {
  endpoint: 'token',
  group: 'authorization',
  title: 'the code redeemed',
  binds: ['client'],
  pinned: { grant: 'code' },
  needsSignIn: true,
  async baseline(ctx, kind, variant) {
    const authorization = await ctx.authorizeCode(await kind.client(ctx));
    return { ctx, kind, variant, authorization, pairs: await redemptionPairs(ctx, kind, authorization) };
  },
  async judge({ ctx, authorization }, pairs, cell, what) {
    return judgeRefusal(await postForm(ctx, authorization.client.tokenEndpoint, pairs), cell.expect, what);
  },
  rows: [
    {
      parameter: 'code',
      cells: [
        {
          mutation: 'replayed',
          // Redeemed once as the variant's client redeems it, then again with fresh authentication: the code alone is spent.
          async change({ ctx, kind, authorization, pairs }) {
            expectIssued(await postForm(ctx, authorization.client.tokenEndpoint, pairs), 'the first, valid redemption');
            return redemptionPairs(ctx, kind, authorization);
          },
          expect: refusal(['invalid_grant']),
          rules: ['rfc6749-10.5-code-single-use', 'mcp-2026-07-28-as-oauth21'],
          consumes: 'code',
        },
      ],
    },
    {
      parameter: 'redirect_uri',
      cells: [
        { mutation: 'omitted', change: async ({ pairs }) => omit(pairs, 'redirect_uri'), expect: CODE_REFUSED, rules: ['rfc6749-4.1.3-redirect'], consumes: 'code' },
        {
          mutation: 'other-value',
          change: async ({ pairs, authorization }) => replace(pairs, 'redirect_uri', `${authorization.callback.origin}/not-the-callback`),
          expect: refusal(['invalid_grant']),
          rules: ['rfc6749-4.1.3-redirect'],
          consumes: 'code',
          knownAs: 'code-bound-to-redirect-uri',
        },
      ],
    },
    {
      parameter: 'code_verifier',
      cells: [{ mutation: 'omitted', change: async ({ pairs }) => omit(pairs, 'code_verifier'), expect: CODE_REFUSED, rules: ['rfc7636-4.5-verifier-required'], consumes: 'code' }],
    },
    { parameter: 'client_id', cells: [clientIdOmitted<CodeBaseline>('rfc6749-4.1.3-client', 'code')] },
    { parameter: 'client_assertion', cells: assertionCells<CodeBaseline>(async (baseline, assertion) => {
      // The replayed assertion is first accepted on another code of the same client.
      const { ctx, kind, authorization } = baseline;
      const other = await ctx.authorizeCode(authorization.client);
      const first = await redemptionPairs(ctx, kind, other);
      expectIssued(await postForm(ctx, authorization.client.tokenEndpoint, replace(first, 'client_assertion', assertion)), 'another code redeemed with the assertion');
      return baseline.pairs;
    }, { 'bad-signature': 'private-key-jwt-wrong-key-refused', expired: 'private-key-jwt-expired-refused' }) },
  ] satisfies Row<CodeBaseline>[],
};
