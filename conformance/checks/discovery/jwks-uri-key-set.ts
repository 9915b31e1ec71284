import { fail, skip, type Check } from '../../check.js';
import { describeResponse, expectJsonObject, expectStatus } from '../../expect.js';
import { cite, header, jsonOf } from '../../http.js';
import { isObject } from '../../mcp.js';
import type { CheckContext } from '../../context.js';
import { authorizationServerDocuments } from './documents.js';

/** The authorization-server metadata at the authorization endpoint's origin, when that is another host; undefined when absent or not JSON. */
async function authHostMetadata(ctx: CheckContext, endpoint: unknown): Promise<Record<string, unknown> | undefined> {
  if (typeof endpoint !== 'string' || !URL.canParse(endpoint)) return undefined;
  const origin = new URL(endpoint).origin;
  if (origin === new URL(ctx.target.authorizationServerMetadata).origin) return undefined;
  const exchange = await ctx.http.send({ url: `${origin}/.well-known/oauth-authorization-server`, headers: { accept: 'application/json' } });
  const json = jsonOf(exchange);
  return exchange.response.status === 200 && isObject(json) ? json : undefined;
}

/**
 * RFC 8414 section 2: `jwks_uri` is the URL of the server's JWK Set document; RFC 7517 section
 * 5.1 makes that document a JSON object whose `keys` member (an array, empty or not) is REQUIRED.
 * An openid-configuration parser or a JOSE library that fetches it (jose's remote key set)
 * refuses a document without `keys`. Every jwks_uri either host's metadata publishes is read.
 */
export const jwksUriKeySet: Check = {
  id: 'jwks-uri-key-set',
  group: 'discovery',
  title: 'The jwks_uri each host\'s authorization-server metadata publishes answers 200 with a JWK Set: a JSON object with a "keys" array',
  spec: 'RFC 8414 section 2 (jwks_uri); RFC 7517 section 5.1 ("keys" REQUIRED)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const documents = await authorizationServerDocuments(ctx);
    const auth = await authHostMetadata(ctx, documents[0]?.json['authorization_endpoint']);
    const published = [...documents.map((document) => document.json), ...(auth ? [auth] : [])].map((json) => json['jwks_uri']);
    const urls = [...new Set(published.filter((url): url is string => typeof url === 'string'))];
    if (urls.length === 0) skip('no authorization-server metadata publishes a jwks_uri (it is optional)');
    const accounts: string[] = [];
    for (const url of urls) {
      if (!URL.canParse(url)) fail(`jwks_uri "${url}" is not a URL`);
      const what = `GET ${url} (jwks_uri)`;
      const exchange = await ctx.http.send({ url, headers: { accept: 'application/json' } });
      cite(exchange);
      expectStatus(exchange, 200, what);
      const contentType = header(exchange, 'content-type') ?? '';
      if (!/^application\/(jwk-set\+)?json\b/i.test(contentType)) fail(`${what}: Content-Type is "${contentType}", expected application/json or application/jwk-set+json`);
      const keySet = expectJsonObject(exchange, what);
      if (!Array.isArray(keySet['keys'])) fail(`${what}: the key set has no "keys" array (RFC 7517 section 5.1 makes it REQUIRED): ${describeResponse(exchange)}`);
      accounts.push(`${url}: a JWK Set of ${keySet['keys'].length} key${keySet['keys'].length === 1 ? '' : 's'}`);
    }
    return accounts.join('; ');
  },
};
