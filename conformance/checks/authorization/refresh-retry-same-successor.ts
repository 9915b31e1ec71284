import { fail, type Check } from '../../check.js';
import { graceRetry } from './refresh-grace.js';

export const refreshRetrySameSuccessor: Check = {
  id: 'refresh-retry-same-successor',
  group: 'authorization',
  title: 'A refresh retried within the grace is answered with the very successor the first renewal issued',
  spec: 'field notes: token endpoint (retried refreshes get the one successor within a short grace; issue 23)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { successor, retrySuccessor } = await graceRetry(ctx);
    if (retrySuccessor !== successor) {
      fail(`the retry within the grace was answered with refresh_token ${JSON.stringify(String(retrySuccessor).slice(0, 12))}…, not the successor ${JSON.stringify(successor.slice(0, 12))}… the renewal issued: two live lineages`);
    }
    return 'the retry within the grace got the same refresh token as the first renewal';
  },
};
