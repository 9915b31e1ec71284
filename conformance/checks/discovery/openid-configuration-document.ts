import { isDeepStrictEqual } from 'node:util';
import { fail, type Check } from '../../check.js';
import { expectJsonObject, expectStatus } from '../../expect.js';
import { cite } from '../../http.js';
import { metadataOf } from './documents.js';

export const openidConfigurationDocument: Check = {
  id: 'openid-configuration-document',
  group: 'discovery',
  title: 'The openid-configuration document is the same authorization-server document',
  spec: 'section 4.1',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { exchange } = await ctx.document('openid-configuration');
    cite(exchange);
    const what = 'GET /.well-known/openid-configuration';
    expectStatus(exchange, 200, what);
    const openid = expectJsonObject(exchange, what);
    const oauth = await metadataOf(ctx, 'authorization-server');
    const differing = Object.keys(oauth).filter((key) => !isDeepStrictEqual(oauth[key], openid[key]));
    if (differing.length > 0) {
      fail(`${what}: differs from /.well-known/oauth-authorization-server in ${differing.map((k) => `"${k}"`).join(', ')}`);
    }
    return `all ${Object.keys(oauth).length} fields of the authorization-server metadata are equal`;
  },
};
