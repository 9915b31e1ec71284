import { skip, type Check } from '../../check.js';
import { cheapestRequest, erasToTry } from '../../each-era.js';
import { waitWithProgress } from '../../progress.js';
import { expectUnauthorized } from '../shared/unauthorized.js';

// Waiting longer than this for a token to expire is not worth a conformance run.
const LONGEST_WAIT_SECONDS = 60;

export const expiredToken401: Check = {
  id: 'expired-token-401',
  group: 'mcp',
  title: 'An expired access token gets 401 with the WWW-Authenticate pointer',
  spec: 'section 5.4; section 2.2',
  level: 'MUST',
  era: 'any',
  needsSignIn: true,
  async run(ctx) {
    const lifetime = (await ctx.session()).tokens.expiresIn;
    if (lifetime === undefined || lifetime > LONGEST_WAIT_SECONDS) {
      skip(
        `access tokens live ${lifetime ?? 'an unstated time'} s; a deployment configured with tokens of ${LONGEST_WAIT_SECONDS} s or less lets this check wait for one to expire`,
      );
    }
    const { tokens } = await ctx.authorize();
    const lifetimeMs = (tokens.expiresIn ?? lifetime) * 1000;
    await waitWithProgress(ctx.progress, 'waiting for an access token to expire', lifetimeMs + 1000);
    const accounts: string[] = [];
    for (const era of await erasToTry(ctx)) {
      const exchange = await cheapestRequest(ctx, era, tokens.accessToken);
      accounts.push(`${era}: ${expectUnauthorized(exchange, ctx.target, `${era}: a request ${lifetimeMs / 1000 + 1} s after the token was issued`)}`);
    }
    return accounts.join('; ');
  },
};
