import { isDeepStrictEqual } from 'node:util';
import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse, expectJsonObject, expectStatus } from '../../expect.js';
import { cite, header, jsonOf } from '../../http.js';
import { isObject } from '../../mcp.js';

/**
 * Requests a public document answers as it answers the runner's own: one whose Accept takes any
 * type (as curl and most HTTP libraries send), and one that carries a bearer token no
 * deployment issued (a client whose HTTP stack attaches its stale token to every request of the
 * origin). A host that serves JSON only to an explicit Accept, or runs its bearer check on every
 * path, refuses them.
 */
const OTHER_REQUESTS = [
  { what: 'with Accept: */*', headers: { accept: '*/*' } },
  { what: 'with a bearer token it never issued', headers: { accept: 'application/json', authorization: 'Bearer conformance-never-issued' } },
] as const;

async function sameDocumentForOtherRequests(ctx: CheckContext, url: string, document: Record<string, unknown>): Promise<void> {
  for (const { what, headers } of OTHER_REQUESTS) {
    const exchange = await ctx.http.send({ url, headers });
    cite(exchange);
    const json = jsonOf(exchange);
    if (exchange.response.status !== 200 || !isObject(json) || !isDeepStrictEqual(json, document)) {
      fail(`GET ${url} ${what} answered ${describeResponse(exchange)}, not the public document the runner's own request got`);
    }
  }
}

export const authorizationServerMetadata: Check = {
  id: 'authorization-server-metadata',
  group: 'discovery',
  title: 'The authorization-server metadata is served directly as JSON, to any request',
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
    await sameDocumentForOtherRequests(ctx, ctx.target.authorizationServerMetadata, json);
    return `HTTP 200 application/json with ${Object.keys(json).length} fields, the same with Accept: */* and with a bearer token it never issued`;
  },
};
