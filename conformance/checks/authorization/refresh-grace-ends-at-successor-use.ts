import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite, jsonOf } from '../../http.js';
import { useToken } from '../shared/use-token.js';
import { refreshRaw } from './experiments.js';

const tokensOf = (body: unknown) => {
  const { access_token: access, refresh_token: refresh } = (body ?? {}) as { access_token?: unknown; refresh_token?: unknown };
  return { accessToken: typeof access === 'string' ? access : '', refreshToken: typeof refresh === 'string' ? refresh : undefined };
};

/**
 * A refresh grace may answer parallel retries of one token, but only while their shared successor
 * is unused: once the client has presented it, a copy of its predecessor is a stolen token, not a
 * retry. At once, within any grace, the runner renews twice and presents the first token again.
 */
export const refreshGraceEndsAtSuccessorUse: Check = {
  id: 'refresh-grace-ends-at-successor-use',
  group: 'authorization',
  title: 'A spent refresh token presented after its successor was used is reuse, even within a refresh grace: the grant is revoked',
  spec: 'field notes: token endpoint (issue 33: the grace answers retries only while the successor is unused); RFC 9700 section 4.14',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    const first = tokens.refreshToken;
    if (!first) fail('the token response has no refresh_token');
    const renewal = await refreshRaw(client, first);
    cite(renewal);
    const second = tokensOf(jsonOf(renewal)).refreshToken;
    if (renewal.response.status !== 200 || !second) fail(`the first renewal did not return a refresh token: ${describeResponse(renewal)}`);
    const next = await refreshRaw(client, second);
    cite(next);
    const newest = tokensOf(jsonOf(next));
    if (next.response.status !== 200) fail(`renewing with the successor was refused: ${describeResponse(next)}`);
    const replay = await refreshRaw(client, first);
    cite(replay);
    if (replay.response.status === 200) {
      fail('the first refresh token, presented again after its successor had been used, still renewed: a copy of a refresh token stolen within the grace gets working tokens');
    }
    const use = await useToken(ctx, newest.accessToken);
    if (use.response.status !== 401) {
      fail(`after the reuse the newest access token still answers ${describeResponse(use)}, expected 401: the grant was not revoked`);
    }
    return `the first refresh token, presented after its successor was used, was refused (${describeResponse(replay)}) and the newest access token answered 401`;
  },
};
