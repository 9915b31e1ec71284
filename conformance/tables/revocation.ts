import { fail } from '../check.js';
import type { OAuthClient } from '../client.js';
import { describeResponse, excerpt } from '../expect.js';
import { jsonOf } from '../http.js';
import { isObject } from '../mcp.js';
import { tryToken } from '../eras.js';
import { PUBLIC_ONLY } from './assertion-cells.js';
import { describeExpectation, omit, refusal, replace, type Baseline, type Cell, type Row, type Table } from './table.js';
import { freshTokens, postForm } from './token-requests.js';

/** A fresh grant of the variant's client, and the valid revocation of its access token. */
export interface RevocationBaseline extends Baseline {
  readonly client: OAuthClient;
  readonly accessToken: string;
}

const TOKEN_REQUIRED = refusal(['invalid_request']);

/** The revocation endpoint (RFC 7009 section 2.1): the token and the client asking. */
export const REVOCATION_TABLE: Table<RevocationBaseline> = {
  endpoint: 'revocation',
  group: 'revocation',
  title: 'a revocation',
  binds: ['client'],
  pinned: {},
  needsSignIn: true,
  async baseline(ctx, kind, variant) {
    const client = await kind.client(ctx);
    const { accessToken } = await freshTokens(ctx, kind, client);
    const pairs = [['token', accessToken], ['token_type_hint', 'access_token'], ...(await kind.authentication(ctx, client))] as const;
    return { ctx, kind, variant, client, accessToken, pairs };
  },
  async judge({ ctx, accessToken }, pairs, cell, what) {
    const endpoint = (await ctx.document('authorization-server')).json?.['revocation_endpoint'];
    if (typeof endpoint !== 'string') fail('the authorization-server metadata names no revocation_endpoint');
    const exchange = await postForm(ctx, endpoint, pairs);
    if (cell.expect.kind === 'not-revoked') {
      const after = await tryToken(ctx, accessToken);
      if (after.response.status === 401) fail(`${what}: the deployment revoked the token (its next MCP request got ${describeResponse(after)}); expected ${describeExpectation(cell.expect)}`);
      return `${what}: HTTP ${exchange.response.status}, and the token still works (HTTP ${after.response.status})`;
    }
    if (cell.expect.kind !== 'refusal') throw new Error(`a revocation case expects a refusal or the token kept, not ${cell.expect.kind}`);
    const body = jsonOf(exchange);
    const error = isObject(body) ? body['error'] : undefined;
    if (!cell.expect.statuses.includes(exchange.response.status) || typeof error !== 'string' || !cell.expect.errors.includes(error)) {
      fail(`${what}: expected ${describeExpectation(cell.expect).replace(', no token issued', '')}, got HTTP ${exchange.response.status} ${excerpt(exchange.response.body, 120)}`);
    }
    return `${what}: HTTP ${exchange.response.status} "${error}"`;
  },
  rows: [
    {
      parameter: 'token',
      cells: [
        // Not an invalid token (that one is answered 200) but a malformed request: nothing to revoke.
        { mutation: 'omitted', change: async ({ pairs }) => omit(pairs, 'token'), expect: TOKEN_REQUIRED, rules: ['rfc7009-2.1-token-required'], consumes: 'grant', knownAs: 'revoke-error-response' },
        { mutation: 'empty', change: async ({ pairs }) => replace(pairs, 'token', ''), expect: TOKEN_REQUIRED, rules: ['rfc7009-2.1-token-required'], consumes: 'grant' },
      ],
    },
    {
      parameter: 'client_id',
      cells: [
        {
          mutation: 'omitted',
          change: async ({ pairs }) => omit(pairs, 'client_id'),
          expect: { kind: 'not-revoked' },
          rules: ['rfc7009-2.1-client'],
          consumes: 'grant',
          clients: PUBLIC_ONLY,
        },
      ],
    },
  ] satisfies Row<RevocationBaseline>[],
};

export type RevocationCell = Cell<RevocationBaseline>;
