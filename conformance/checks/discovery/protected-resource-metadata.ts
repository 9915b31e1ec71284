import { fail, type Check } from '../../check.js';
import { cite } from '../../http.js';
import { expectJsonObject, expectStatus } from '../../expect.js';

export const protectedResourceMetadata: Check = {
  id: 'protected-resource-metadata',
  group: 'discovery',
  title: 'The protected-resource metadata identifies the resource and names its authorization server',
  spec: 'section 4.1 (RFC 9728)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { exchange } = await ctx.document('protected-resource');
    cite(exchange);
    const what = 'GET /.well-known/oauth-protected-resource';
    expectStatus(exchange, 200, what);
    const json = expectJsonObject(exchange, what);
    const { baseUrl } = ctx.target;
    if (json['resource'] !== baseUrl && json['resource'] !== `${baseUrl}/`) {
      fail(`${what}: "resource" is ${JSON.stringify(json['resource'])}, expected "${baseUrl}"`);
    }
    const servers = json['authorization_servers'];
    if (!Array.isArray(servers) || servers.length === 0 || !servers.every((s) => typeof s === 'string')) {
      fail(`${what}: "authorization_servers" must be a non-empty array of URLs, got ${JSON.stringify(servers)}`);
    }
    return `resource "${String(json['resource'])}", authorization_servers ${JSON.stringify(servers)}`;
  },
};
