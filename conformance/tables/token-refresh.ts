import type { OAuthClient } from '../client.js';
import { assertionCells, clientIdOmitted } from './assertion-cells.js';
import { replace, type Baseline, type Row, type Table } from './table.js';
import { expectIssued, freshTokens, judgeRefusal, postForm, refreshPairs } from './token-requests.js';

/** A fresh grant of the variant's client, and the valid refresh of its refresh token. */
export interface RefreshBaseline extends Baseline {
  readonly client: OAuthClient;
}

/** The token endpoint, refresh_token grant (RFC 6749 section 6, OAuth 2.1 section 4.3). */
export const TOKEN_REFRESH_TABLE: Table<RefreshBaseline> = {
  endpoint: 'token',
  group: 'authorization',
  title: 'a refresh',
  binds: ['client'],
  pinned: { grant: 'refresh' },
  needsSignIn: true,
  async baseline(ctx, kind, variant) {
    const client = await kind.client(ctx);
    const { refreshToken } = await freshTokens(ctx, kind, client);
    return { ctx, kind, variant, client, pairs: await refreshPairs(ctx, kind, client, refreshToken) };
  },
  async judge({ ctx, client }, pairs, cell, what) {
    return judgeRefusal(await postForm(ctx, client.tokenEndpoint, pairs), cell.expect, what);
  },
  rows: [
    { parameter: 'client_id', cells: [clientIdOmitted<RefreshBaseline>('rfc6749-6-refresh-client', 'grant')] },
    {
      parameter: 'client_assertion',
      // Accepted once by a refresh that rotates the grant's token; the replay then presents the successor.
      cells: assertionCells<RefreshBaseline>(async (baseline, assertion) => {
        const { ctx, client } = baseline;
        const renewed = expectIssued(await postForm(ctx, client.tokenEndpoint, replace(baseline.pairs, 'client_assertion', assertion)), 'a refresh with the assertion');
        return replace(baseline.pairs, 'refresh_token', renewed.refreshToken);
      }, { replayed: 'private-key-jwt-jti-replay-refused' }).map((cell) => ({ ...cell, consumes: 'grant' as const })),
    },
  ] satisfies Row<RefreshBaseline>[],
};
