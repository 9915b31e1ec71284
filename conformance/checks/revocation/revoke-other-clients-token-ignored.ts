import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { otherClients, tokenInUse } from './revocation.js';
import { tryToken } from '../../eras.js';

export const revokeOtherClientsTokenIgnored: Check = {
  id: 'revoke-other-clients-token-ignored',
  group: 'revocation',
  title: "A client cannot revoke another client's token",
  spec: 'RFC 7009 section 2.1; field notes: revocation',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { tokens } = await ctx.authorize();
    await tokenInUse(ctx, tokens.accessToken, 'the new access token');
    const others = await otherClients(ctx);
    // Either answer is allowed (RFC 7009 lets the server refuse or ignore it); the token must live on.
    for (const { client } of others) await client.revoke(tokens.accessToken, 'access_token').catch(() => undefined);
    const after = await tryToken(ctx, tokens.accessToken, { waitOutRateLimit: false });
    if (after.response.status !== 200 && after.response.status !== 429) fail(`${others.map((other) => other.name).join(' or ')} revoked the runner's access token: ${describeResponse(after)}`);
    return `after ${others.map((other) => other.name).join(' and ')} tried to revoke it, the access token still answers HTTP ${after.response.status}`;
  },
};
