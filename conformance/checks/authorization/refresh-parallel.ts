import { fail, type Check } from '../../check.js';
import { refreshRaw } from './experiments.js';

const PARALLEL = 5;

export const refreshParallel: Check = {
  id: 'refresh-parallel',
  group: 'authorization',
  title: `${PARALLEL} parallel refreshes of one refresh token: at most one succeeds`,
  spec: 'field notes: token endpoint (rotation under concurrency); OAuth 2.1 section 4.3.1',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    const { refreshToken } = tokens;
    if (!refreshToken) fail('the token response has no refresh_token');
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => refreshRaw(client, refreshToken)));
    const renewed = answers.filter((exchange) => exchange.response.status === 200).length;
    if (renewed > 1) fail(`${renewed} of ${PARALLEL} parallel refreshes of one refresh token succeeded, expected at most 1`);
    return `${renewed} of ${PARALLEL} parallel refreshes succeeded`;
  },
};
