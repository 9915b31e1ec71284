import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite } from '../../http.js';
import { waitWithProgress } from '../../progress.js';
import { exhaustBudget } from './budget.js';
import { readyToken, tryToken } from '../../eras.js';

export const budgetSharedPerPerson: Check = {
  id: 'budget-shared-per-person',
  group: 'rate-limits',
  title: "All of one person's clients and tokens draw on the same budget",
  spec: 'section 8 rule 2',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    // Requests of earlier checks, spread over the window, would age out one by one while this
    // one spends: a slot freed between the refusal and the second token would read as two
    // budgets. After a quiet window every admission is this check's own, sent in one burst.
    const { windowSeconds } = ctx.settings.mcpRateLimit;
    await waitWithProgress(ctx.progress, `letting the ${windowSeconds} s window empty`, windowSeconds * 1000);
    // Authorized before spending (authorization spends no MCP budget), so that the block is
    // fresh when the second token is tried.
    const second = await ctx.once('authorize a second client for the same person', async () =>
      ctx.authorize(await ctx.registerClient('survey-mcp conformance (second client)')),
    );
    const first = await readyToken(ctx);
    const ping = (token: string) => tryToken(ctx, token, { waitOutRateLimit: false });
    // Only a second token admitted while the first is still refused, on both sides of it, shows
    // two budgets; capacity that came back for both at once is the window moving (another
    // check's business), so the spending is tried once more.
    for (let attempt = 1; ; attempt++) {
      const { refused, admitted } = await exhaustBudget(ctx, first);
      const other = await ping(second.tokens.accessToken);
      cite(refused, other);
      if (other.response.status === 429) {
        return `after a quiet window the first client's token spent the budget (${admitted.length} requests admitted), and a second client's token got 429`;
      }
      const firstAgain = await ping(first);
      cite(firstAgain);
      if (firstAgain.response.status === 429 || attempt === 2) {
        fail(
          `the first client's token was refused with 429, yet a second client's token of the same person got ${describeResponse(other)}`,
        );
      }
    }
  },
};
