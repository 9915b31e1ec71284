import { fail, type Check } from '../../check.js';
import { expectJsonObject, expectStatus } from '../../expect.js';
import { cite, header } from '../../http.js';

export const authorizationServerMetadata: Check = {
  id: 'authorization-server-metadata',
  group: 'discovery',
  title: 'The authorization-server metadata is served directly as JSON',
  spec: 'section 4.1 (RFC 8414)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { exchange } = await ctx.document('authorization-server');
    cite(exchange);
    const what = 'GET /.well-known/oauth-authorization-server';
    const location = header(exchange, 'location');
    if (location) fail(`${what}: redirected to ${location}; discovery documents are served without redirects`);
    expectStatus(exchange, 200, what);
    const contentType = header(exchange, 'content-type') ?? '';
    if (!contentType.includes('application/json')) {
      fail(`${what}: Content-Type is "${contentType}", expected application/json`);
    }
    const json = expectJsonObject(exchange, what);
    return `HTTP 200 application/json with ${Object.keys(json).length} fields`;
  },
};
