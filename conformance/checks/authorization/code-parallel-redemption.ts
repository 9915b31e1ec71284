import { fail, type Check } from '../../check.js';
import { redeemRaw } from './experiments.js';

const PARALLEL = 10;

export const codeParallelRedemption: Check = {
  id: 'code-parallel-redemption',
  group: 'authorization',
  title: `${PARALLEL} parallel redemptions of one code: exactly one succeeds`,
  spec: 'field notes: token endpoint (single use under concurrency); OAuth 2.1 section 4.1.3',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const authorization = await ctx.authorizeCode();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => redeemRaw(authorization, authorization.pending.codeVerifier)),
    );
    const issued = answers.filter((exchange) => exchange.response.status === 200).length;
    if (issued !== 1) fail(`${issued} of ${PARALLEL} parallel redemptions of one code issued tokens, expected exactly 1`);
    return `1 of ${PARALLEL} parallel redemptions issued tokens`;
  },
};
