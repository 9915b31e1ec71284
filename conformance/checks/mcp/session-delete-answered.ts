import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { header, RequestFailed, type Exchange } from '../../http.js';

export const sessionDeleteAnswered: Check = {
  id: 'session-delete-answered',
  group: 'mcp',
  title: 'DELETE / (ending a session a stateless server never opened) is refused at once, never a stream',
  spec: 'field notes: MCP host (GET and DELETE answered before the stateless transport)',
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.connected();
    let exchange: Exchange;
    try {
      exchange = await ctx.http.send({ method: 'DELETE', url: ctx.target.mcpEndpoint, headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      if (error instanceof RequestFailed) fail(`DELETE / with the token got no complete answer (${error.reason}): a stream that does not end`);
      throw error;
    }
    const { status } = exchange.response;
    if (status < 400 || /event-stream/i.test(header(exchange, 'content-type') ?? '')) {
      fail(`DELETE / with the token answered ${describeResponse(exchange)}; a stateless server has no session to end`);
    }
    return `DELETE / answered HTTP ${status} at once`;
  },
};
