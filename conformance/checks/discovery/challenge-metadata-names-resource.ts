import { fail, type Check } from '../../check.js';
import { bearerChallenge, describeResponse, expectJsonObject, expectStatus } from '../../expect.js';
import { cite } from '../../http.js';

export const challengeMetadataNamesResource: Check = {
  id: 'challenge-metadata-names-resource',
  group: 'discovery',
  title: 'The metadata a 401 challenge points to names as resource the address the request went to, in either MCP revision',
  spec: 'RFC 9728 sections 5.1 (resource_metadata) and 3.3 (metadata reached from WWW-Authenticate)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const { baseUrl, mcpEndpoint } = ctx.target;
    // No token and no protocol headers: the refusal comes before the request is read, in any revision.
    const refused = await ctx.http.send({
      method: 'POST',
      url: mcpEndpoint,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    cite(refused);
    expectStatus(refused, 401, 'a request without a token');
    const pointer = bearerChallenge(refused)?.get('resource_metadata');
    if (pointer === undefined || !URL.canParse(pointer)) {
      fail(`the 401 names no resource_metadata URL a client could follow: WWW-Authenticate is ${JSON.stringify(refused.response.headers['www-authenticate'] ?? null)}`);
    }
    const metadata = await ctx.http.send({ url: pointer, headers: { accept: 'application/json' } });
    cite(metadata);
    expectStatus(metadata, 200, `GET ${pointer}, named by the challenge`);
    const resource = expectJsonObject(metadata, `GET ${pointer}`)['resource'];
    // Clients discard metadata naming another resource (section 3.3): the pointer would lead nowhere.
    if (resource !== baseUrl && resource !== mcpEndpoint) {
      fail(`${pointer}, named by the challenge, gives resource ${JSON.stringify(resource)}; the request went to ${mcpEndpoint} (${describeResponse(metadata)})`);
    }
    return `the challenge points to ${pointer}, whose resource is "${String(resource)}"`;
  },
};
