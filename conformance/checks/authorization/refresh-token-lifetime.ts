import { fail, type Check } from '../../check.js';
import { refreshRun } from './experiments.js';

const ONE_HOUR_SECONDS = 3600;

export const refreshTokenLifetime: Check = {
  id: 'refresh-token-lifetime',
  group: 'authorization',
  title: 'An access token renewed by the refresh grant lives at most an hour too',
  spec: 'section 2.2 (MUST); RFC 6750 section 5.3 and MCP basic/authorization "Token Theft" (SHOULD: short-lived tokens)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { expiresIn } = (await refreshRun(ctx)).refreshed;
    if (expiresIn === undefined) fail("the refresh grant's token response has no expires_in");
    if (expiresIn < 1 || expiresIn > ONE_HOUR_SECONDS) fail(`the refresh grant's expires_in is ${expiresIn}, expected 1..${ONE_HOUR_SECONDS}`);
    return `the refresh grant's token response gives expires_in ${expiresIn}`;
  },
};
