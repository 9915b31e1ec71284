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
    const first = await ctx.connected();
    const ping = (token: string) => ctx.mcp.post(token, ctx.mcp.envelope('ping'), { waitOutRateLimit: false });
    // Only a second token admitted while the first is still refused, on both sides of it, shows
    // two budgets; capacity that came back for both at once is the window moving (another
    // check's business), so the spending is tried once more.
    for (let attempt = 1; ; attempt++) {
      const { refused } = await exhaustBudget(ctx, first);
      const other = await ping(second.tokens.accessToken);
      cite(refused, other);
      if (other.response.status === 429) break;
      const firstAgain = await ping(first);
      cite(firstAgain);
      if (firstAgain.response.status === 429 || attempt === 2) {
        fail(
          `the first client's token was refused with 429, yet a second client's token of the same person got ${describeResponse(other)}`,
        );
      }
    }
    return "a second client's token got 429 while the first client's budget was spent";
  },
};
