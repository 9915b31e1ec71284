import { fail, type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';
import type { ToolResult } from '../../mcp.js';

export const toolsCall: Check = {
  id: 'tools-call',
  group: 'mcp',
  title: 'tools/call with the token runs a tool (get_me) and returns its content',
  spec: 'section 4.1 (POST /); section 1 rule 3',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { exchange, message } = await ctx.mcp.callTool(await ctx.connected(), 'get_me');
    expectStatus(exchange, 200, 'tools/call get_me');
    if (message?.error) fail(`tools/call get_me: JSON-RPC error ${message.error.code} ${message.error.message}`);
    const result = message?.result as ToolResult | undefined;
    if (!result) fail('tools/call get_me: no JSON-RPC result');
    if (result.isError) fail('tools/call get_me: the result is a tool error');
    const text = result.content?.find((item) => item.type === 'text')?.text;
    if (text === undefined) fail('tools/call get_me: the result has no text content');
    return `get_me answered: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`;
  },
};
