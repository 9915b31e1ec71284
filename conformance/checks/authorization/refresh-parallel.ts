import { fail, type Check } from '../../check.js';
import { parallelRefresh } from './experiments.js';

const PARALLEL = 5;

export const refreshParallel: Check = {
  id: 'refresh-parallel',
  group: 'authorization',
  title: `${PARALLEL} parallel refreshes of one refresh token fork no lineage: every renewal carries the same new refresh token`,
  spec: 'field notes: token endpoint (rotation under concurrency; retries within a refresh grace, issue 23); OAuth 2.1 section 4.3.1',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { client, tokens } = await ctx.authorize();
    const { refreshToken } = tokens;
    if (!refreshToken) fail('the token response has no refresh_token');
    // A strict deployment renews one and refuses the rest; one with a refresh grace answers the
    // others as retries, with the same successor. Two successors would be two live lineages.
    const { renewed } = await parallelRefresh(client, refreshToken, PARALLEL);
    const successors = new Set(renewed.map((answer) => answer.refreshToken));
    if (successors.size > 1) {
      fail(`${renewed.length} of ${PARALLEL} parallel refreshes of one refresh token succeeded with ${successors.size} different refresh tokens, expected one`);
    }
    return `${renewed.length} of ${PARALLEL} parallel refreshes succeeded, all with one refresh token`;
  },
};
