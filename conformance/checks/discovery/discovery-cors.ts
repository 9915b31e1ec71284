import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { header, type Exchange } from '../../http.js';
import { DOCUMENTS } from './documents.js';

// Browser-based clients (the MCP Inspector) fetch discovery from another origin.
const BROWSER_ORIGIN = 'https://conformance.invalid';

export const discoveryCors: Check = {
  id: 'discovery-cors',
  group: 'discovery',
  title: 'Browser clients may read the discovery documents from another origin',
  spec: 'field notes: MCP host (discovery documents: CORS open, OPTIONS before any bearer check)',
  level: 'SHOULD',
  needsSignIn: false,
  async run(ctx) {
    const problems: string[] = [];
    for (const { path } of Object.values(DOCUMENTS)) {
      const url = `${ctx.target.baseUrl}${path}`;
      const read = await ctx.http.send({ url, headers: { origin: BROWSER_ORIGIN, accept: 'application/json' } });
      if (!allowsOrigin(read)) problems.push(`GET ${path} allows origin ${describeAllowed(read)}`);
      const preflight = await ctx.http.send({
        method: 'OPTIONS',
        url,
        headers: {
          origin: BROWSER_ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'mcp-protocol-version',
        },
      });
      if (preflight.response.status < 200 || preflight.response.status >= 300) {
        problems.push(`OPTIONS ${path} answered ${describeResponse(preflight)}`);
      } else if (!allowsOrigin(preflight)) {
        problems.push(`OPTIONS ${path} allows origin ${describeAllowed(preflight)}`);
      }
    }
    if (problems.length > 0) fail(problems.join('; '));
    return `GET and OPTIONS on the three documents allow origin ${BROWSER_ORIGIN}`;
  },
};

function allowsOrigin(exchange: Exchange): boolean {
  const allowed = header(exchange, 'access-control-allow-origin');
  return allowed === '*' || allowed === BROWSER_ORIGIN;
}

function describeAllowed(exchange: Exchange): string {
  const allowed = header(exchange, 'access-control-allow-origin');
  return allowed === undefined ? 'none (no Access-Control-Allow-Origin)' : `"${allowed}" only`;
}
