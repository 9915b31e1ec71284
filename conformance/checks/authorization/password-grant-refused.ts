import { randomUUID } from 'node:crypto';
import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite, jsonOf } from '../../http.js';

/**
 * That the password grant is not offered is a rule about what the token endpoint does, not only
 * about what grant_types_supported lists (grant-types reads that): the grant is tried, with the
 * person's own credentials when the run has them, so a deployment that still honours it fails.
 */
export const passwordGrantRefused: Check = {
  id: 'password-grant-refused',
  group: 'authorization',
  title: 'The token endpoint refuses the password grant, even with the right password',
  spec: 'RFC 9700 section 2.4 (the resource owner password credentials grant MUST NOT be used); RFC 6749 section 5.2',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const client = await ctx.client();
    const signIn = ctx.settings.signIn;
    const [username, password, whose] =
      signIn?.kind === 'password' ? [signIn.user, signIn.password, "the person's own credentials"] : [`conformance-${randomUUID().slice(0, 8)}@example.invalid`, randomUUID(), 'made-up credentials'];
    const exchange = await client.tokenRequest({ grant_type: 'password', username, password, scope: 'mcp_customer', resource: client.resource });
    cite(exchange);
    const error = (jsonOf(exchange) as { error?: unknown } | undefined)?.error;
    // RFC 6749 section 5.2 names unsupported_grant_type, but any refusal shows the grant is not
    // honoured, which is the rule; which code is token-error-responses' business.
    if (exchange.response.status !== 400 || typeof error !== 'string') {
      fail(`grant_type=password with ${whose}: expected 400 with an OAuth "error" (unsupported_grant_type), got ${describeResponse(exchange)}`);
    }
    return `grant_type=password with ${whose}: 400 "${String(error)}"`;
  },
};
