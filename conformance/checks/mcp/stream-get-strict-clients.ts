import { fail, type Check } from '../../check.js';
import { header, RequestFailed } from '../../http.js';

// The contract's 404 is right for a deployment; this tells QA which clients it leaves out.
const strictClients =
  'strict clients (the MCP Inspector 2.12 and others that treat a failed stream GET as a failed transport) accept only 405 or an event stream and often list no tools';
const flag = 'to debug with them locally: survey-mcp serve --stream-get-status 405';

export const streamGetStrictClients: Check = {
  id: 'stream-get-strict-clients',
  group: 'mcp',
  title: 'The stream GET gets an answer strict clients accept: 405 or an event stream',
  spec: 'MCP 2025-11-25 basic/transports (GET: an event stream or 405); advisory, since section 4.1 rule 1 requires 404',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    const exchange = await ctx.http
      .send({ url: ctx.target.mcpEndpoint, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } })
      .catch((error: unknown) => {
        if (error instanceof RequestFailed) {
          fail(`GET / with the token never completed (${error.message}): strict clients accept an open event stream, but not a hang`);
        }
        throw error;
      });
    const { status } = exchange.response;
    if (status === 405) return 'HTTP 405: strict clients carry on without a stream';
    if (status === 200 && (header(exchange, 'content-type') ?? '').startsWith('text/event-stream')) return 'an event stream';
    const contract = status === 404 ? ', as section 4.1 rule 1 requires' : '';
    fail(`GET / with the token answered HTTP ${status}${contract}, but ${strictClients}; ${flag}`);
  },
};
