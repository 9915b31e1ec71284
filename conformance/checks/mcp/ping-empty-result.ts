import { fail, type Check } from '../../check.js';
import { describeResponse, expectStatus } from '../../expect.js';
import { isObject } from '../../mcp.js';

/** Clients ping to tell a live connection from a dead one; an error reads as a dead server. */
export const pingEmptyResult: Check = {
  id: 'ping-empty-result',
  group: 'mcp',
  title: 'ping is answered at once with an empty result',
  spec: 'MCP 2025-11-25 basic/utilities/ping "Behavior Requirements" (MUST respond promptly with an empty response)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { exchange, message } = await ctx.mcp.request(await ctx.connected(), 'ping');
    expectStatus(exchange, 200, 'ping');
    const result = message?.result;
    if (!isObject(result)) fail(`ping: no result: ${describeResponse(exchange)}`);
    const extra = Object.keys(result).filter((key) => key !== '_meta');
    if (extra.length > 0) fail(`ping: the result is not empty: ${JSON.stringify(result).slice(0, 160)}`);
    return 'an empty result';
  },
};
