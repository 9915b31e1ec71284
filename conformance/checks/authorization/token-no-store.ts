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
    const refused = await client.tokenRequest({ grant_type: 'refresh_token', refresh_token: 'conformance-unknown-token' });
    const answers: readonly (readonly [string, Exchange])[] = [
      ['the token response', redemption],
      ['an error response', refused],
    ];
    const missing = answers
      .filter(([, exchange]) => !/\bno-store\b/i.test(header(exchange, 'cache-control') ?? ''))
      .map(([what]) => what);
    if (missing.length > 0) fail(`${missing.join(' and ')} lack Cache-Control: no-store`);
    return 'Cache-Control: no-store on a token response and on an error response';
  },
};
