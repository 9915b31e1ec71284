import { fail, type Check } from '../../check.js';
import { cite } from '../../http.js';

export const authorizationCodeFlow: Check = {
  id: 'authorization-code-flow',
  group: 'authorization',
  title: 'An authorization with PKCE S256 yields a bearer access token and a refresh token',
  spec: 'section 5.3; section 2.2',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const grant = await ctx.session();
    if (grant.redemption) cite(grant.redemption);
    const { tokens } = grant;
    if (tokens.tokenType.toLowerCase() !== 'bearer') fail(`token_type is "${tokens.tokenType}", expected "Bearer"`);
    if (!tokens.refreshToken) fail('the token response has no refresh_token, so the client cannot renew (section 5.3 step 5)');
    return `code redeemed with its S256 verifier: ${tokens.tokenType} access token and a refresh token`;
  },
};
