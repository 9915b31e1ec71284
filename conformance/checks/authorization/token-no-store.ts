import { randomPKCECodeVerifier } from 'openid-client';
import { fail, type Check } from '../../check.js';
import { cite, header, type Exchange } from '../../http.js';

export const tokenNoStore: Check = {
  id: 'token-no-store',
  group: 'authorization',
  title: 'Token endpoint answers carry Cache-Control: no-store',
  spec: 'section 4.2 (standard OAuth 2.0); RFC 6749 section 5.1',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { redemption, client } = await ctx.session();
    if (!redemption) fail('the code redemption was not recorded');
    cite(redemption);
    // Every kind of answer: an error on either grant can carry a code's fate just as well.
    const refusedRefresh = await client.tokenRequest({ grant_type: 'refresh_token', refresh_token: 'conformance-unknown-token' });
    const refusedCode = await client.tokenRequest({
      grant_type: 'authorization_code',
      code: 'conformance-unknown-code',
      redirect_uri: client.redirectUri,
      code_verifier: randomPKCECodeVerifier(),
    });
    const refusedGrant = await client.tokenRequest({ grant_type: 'urn:example:conformance-unknown-grant' });
    const answers: readonly (readonly [string, Exchange])[] = [
      ['the token response', redemption],
      ['a refused refresh', refusedRefresh],
      ['a refused code', refusedCode],
      ['a refused grant type', refusedGrant],
    ];
    const missing = answers
      .filter(([, exchange]) => !/\bno-store\b/i.test(header(exchange, 'cache-control') ?? ''))
      .map(([what]) => what);
    if (missing.length > 0) fail(`${missing.join(' and ')} ${missing.length === 1 ? 'lacks' : 'lack'} Cache-Control: no-store`);
    return 'Cache-Control: no-store on a token response and on refusals of either grant and of an unknown grant type';
  },
};
