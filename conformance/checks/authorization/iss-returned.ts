import { fail, type Check } from '../../check.js';
import { cite } from '../../http.js';

export const issReturned: Check = {
  id: 'iss-returned',
  group: 'authorization',
  title: 'The authorization response carries iss, equal to the issuer',
  spec: 'section 5.2 (issuer); field notes: authorization endpoint (RFC 9207)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const { callback, walk } = await ctx.session();
    cite(...walk.slice(-1));
    const iss = callback.searchParams.get('iss');
    if (iss === null) fail('the authorization response has no iss parameter (RFC 9207 mix-up defence)');
    if (iss !== ctx.target.baseUrl) fail(`iss is "${iss}", expected the issuer "${ctx.target.baseUrl}"`);
    return `iss "${iss}"`;
  },
};
