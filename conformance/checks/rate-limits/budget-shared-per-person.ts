import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { exhaustBudget } from './budget.js';

export const budgetSharedPerPerson: Check = {
  id: 'budget-shared-per-person',
  group: 'rate-limits',
  title: "All of one person's clients and tokens draw on the same budget",
  spec: 'section 8 rule 2',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    // Authorized before spending, so that the block is fresh when the second token is tried.
    const second = await ctx.once('authorize a second client for the same person', async () =>
      ctx.authorize(await ctx.registerClient('survey-mcp conformance (second client)')),
    );
    const { refused } = await exhaustBudget(ctx, await ctx.connected());
    const other = await ctx.mcp.post(second.tokens.accessToken, ctx.mcp.envelope('ping'), { waitOutRateLimit: false });
    cite(refused, other);
    if (other.response.status !== 429) {
      fail(
        `the first client's token was refused with 429, yet a second client's token of the same person got ${describeResponse(other)}`,
      );
    }
    return "a second client's token got 429 while the first client's budget was spent";
  },
};
