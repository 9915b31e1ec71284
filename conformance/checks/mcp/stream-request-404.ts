import { fail, type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';
import { RequestFailed } from '../../http.js';
import { jsonRpcOf } from '../../mcp.js';

export const streamRequest404: Check = {
  id: 'stream-request-404',
  group: 'mcp',
  title: 'A request for a server-initiated stream gets 404 and JSON-RPC "Method not found"',
  spec: 'section 4.1 rule 1; section 6; section 7.1',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    const exchange = await ctx.http
      .send({
        url: ctx.target.mcpEndpoint,
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      })
      .catch((error: unknown) => {
        if (error instanceof RequestFailed) {
          fail(`GET / with the token never completed (${error.message}): it seems to open an event stream`);
        }
        throw error;
      });
    expectStatus(exchange, 404, 'GET / with the token');
    const code = jsonRpcOf(exchange)?.error?.code;
    if (code !== -32601) fail(`GET / with the token: expected a JSON-RPC error -32601 in the body, got ${code ?? 'none'}`);
    return 'HTTP 404 with JSON-RPC error -32601';
  },
};
