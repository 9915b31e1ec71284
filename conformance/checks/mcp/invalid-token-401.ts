import { type Check } from '../../check.js';
import { refusedInEachEra } from '../../each-era.js';
import { expectUnauthorized } from '../shared/unauthorized.js';

export const invalidToken401: Check = {
  id: 'invalid-token-401',
  group: 'mcp',
  title: 'A token the deployment never issued, or a refresh token presented as an access token, gets 401 with the WWW-Authenticate pointer',
  spec: 'section 5.4; section 7.1; RFC 6749 section 7.2',
  level: 'MUST',
  era: 'any',
  needsSignIn: false,
  async run(ctx) {
    const judge = (exchange: Parameters<typeof expectUnauthorized>[0], what: string): string => expectUnauthorized(exchange, ctx.target, what);
    const garbage = await refusedInEachEra(ctx, 'conformance-garbage-token', 'with a garbage token', judge);
    if (!ctx.settings.signIn) return garbage;
    // A token store that holds both kinds may find a refresh token and refuse it another way (its own branch).
    const { refreshToken } = (await ctx.session()).tokens;
    if (refreshToken === undefined) return garbage;
    return `${garbage}; ${await refusedInEachEra(ctx, refreshToken, 'with a refresh token as the bearer token', judge)}`;
  },
};
