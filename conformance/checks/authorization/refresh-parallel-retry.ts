import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite, jsonOf } from '../../http.js';
import { useToken } from '../shared/use-token.js';
import { parallelRefresh, refreshRaw } from './experiments.js';

export const refreshParallelRetry: Check = {
  id: 'refresh-parallel-retry',
  group: 'authorization',
  title: 'Two parallel refreshes of one refresh token both renew, and the client goes on with a working token',
  spec: 'field notes: token endpoint (issue 23: Gemini CLI renews with one refresh token twice at once; fastmcp PR #5037); RFC 9700 section 4.14.2',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    const { refreshToken } = tokens;
    if (!refreshToken) fail('the token response has no refresh_token');
    const { exchanges, renewed } = await parallelRefresh(client, refreshToken, 2);
    cite(...exchanges);
    const refused = exchanges.find((exchange) => exchange.response.status !== 200);
    if (refused) {
      fail(
        `one of two parallel refreshes of one refresh token was refused (${describeResponse(refused)}): a client that renews twice at once, as Gemini CLI does, loses its connection`,
      );
    }
    for (const answer of renewed) {
      const use = await useToken(ctx, answer.accessToken);
      if (use.response.status !== 200) fail(`an access token from the parallel refreshes was refused: ${describeResponse(use)}`);
    }
    // The client keeps whichever answer it read last, and renews with its refresh token.
    const kept = renewed.at(-1)?.refreshToken;
    if (!kept) fail('a renewal has no refresh_token');
    const next = await refreshRaw(client, kept);
    cite(next);
    if (next.response.status !== 200) fail(`renewing with the refresh token a parallel refresh returned was refused: ${describeResponse(next)}`);
    const body = jsonOf(next) as { access_token?: unknown } | undefined;
    const use = await useToken(ctx, String(body?.access_token ?? ''));
    if (use.response.status !== 200) fail(`the access token of the next renewal was refused: ${describeResponse(use)}`);
    return 'both parallel refreshes renewed, their access tokens worked, and the next renewal worked too';
  },
};
