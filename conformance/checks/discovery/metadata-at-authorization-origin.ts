import { isDeepStrictEqual } from 'node:util';
import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { cite, jsonOf } from '../../http.js';
import { metadataOf } from './documents.js';

/**
 * Where a client that knows only the authorization endpoint looks for the metadata: the RFC 8414
 * section 3 well-known URL (root form, and the path-aware form of the issuer's path), and the
 * openid-configuration, at that endpoint's origin. Qwen Code does this and stops at a 404.
 */
function derivedUrls(issuer: string, authorizationEndpoint: string): string[] {
  const origin = new URL(authorizationEndpoint).origin;
  const issuerPath = new URL(issuer).pathname.replace(/\/$/, '');
  const names = ['oauth-authorization-server', 'openid-configuration'];
  const forms = names.map((name) => `${origin}/.well-known/${name}`);
  return issuerPath ? [...forms, ...names.map((name) => `${origin}/.well-known/${name}${issuerPath}`)] : forms;
}

export const metadataAtAuthorizationOrigin: Check = {
  id: 'metadata-at-authorization-origin',
  group: 'discovery',
  title: "The authorization-server metadata is also served at the authorization endpoint's origin, the same document",
  spec: "field notes: MCP host (issue 23: Qwen Code reads the metadata at the authorization endpoint's origin); RFC 8414 section 3",
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const metadata = await metadataOf(ctx, 'authorization-server');
    const { issuer, authorization_endpoint: endpoint } = metadata;
    if (typeof issuer !== 'string' || typeof endpoint !== 'string' || !URL.canParse(issuer) || !URL.canParse(endpoint)) {
      fail('the metadata has no usable "issuer" and "authorization_endpoint" (see checks issuer-matches-base-url and endpoints)');
    }
    const problems: string[] = [];
    const urls = derivedUrls(issuer, endpoint);
    for (const url of urls) {
      const exchange = await ctx.http.send({ url, headers: { accept: 'application/json' } });
      cite(exchange);
      const json = jsonOf(exchange);
      if (exchange.response.status !== 200) problems.push(`GET ${url} answered ${describeResponse(exchange)}`);
      else if (!isDeepStrictEqual(json, metadata)) problems.push(`GET ${url} is not the document at ${ctx.target.authorizationServerMetadata}`);
    }
    if (problems.length > 0) {
      fail(`${problems.join('; ')}: clients that look for the metadata where the authorization endpoint is (Qwen Code) cannot register`);
    }
    return `the same document at ${urls.join(', ')}`;
  },
};
