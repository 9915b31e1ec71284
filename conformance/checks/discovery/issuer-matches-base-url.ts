import { fail, type Check } from '../../check.js';
import { authorizationServerDocuments, metadataOf } from './documents.js';

export const issuerMatchesBaseUrl: Check = {
  id: 'issuer-matches-base-url',
  group: 'discovery',
  title: 'The issuer is the MCP host, byte for byte, everywhere it is published',
  spec: 'section 5.2 (RFC 8414 section 3.3)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const expected = ctx.target.baseUrl;
    const found: [string, unknown][] = (await authorizationServerDocuments(ctx)).map(({ path, json }) => [
      `"issuer" in ${path}`,
      json['issuer'],
    ]);
    const servers = (await metadataOf(ctx, 'protected-resource'))['authorization_servers'];
    found.push([
      '"authorization_servers[0]" in /.well-known/oauth-protected-resource',
      Array.isArray(servers) ? servers[0] : undefined,
    ]);
    const wrong = found.filter(([, value]) => value !== expected);
    if (wrong.length > 0) {
      fail(
        `${wrong.map(([where, value]) => `${where} is ${JSON.stringify(value)}`).join('; ')}; expected "${expected}"`,
      );
    }
    return `issuer "${expected}" in both metadata documents and the protected-resource metadata`;
  },
};
