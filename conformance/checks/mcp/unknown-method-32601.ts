import { fail, type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';

export const unknownMethod32601: Check = {
  id: 'unknown-method-32601',
  group: 'mcp',
  title: 'An unsupported JSON-RPC method gets HTTP 200 and error -32601',
  spec: 'section 4.1 rule 2; section 7.1',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { exchange, message } = await ctx.mcp.request(await ctx.connected(), 'conformance/unknown-method');
    expectStatus(exchange, 200, 'an unknown method');
    if (message?.error?.code !== -32601) {
      fail(`an unknown method: expected JSON-RPC error -32601, got ${message?.error ? `error ${message.error.code}` : 'no error'}`);
    }
    return 'HTTP 200 with JSON-RPC error -32601';
  },
};
