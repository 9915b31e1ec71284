import { fail, skip, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { modernCapabilities } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

const missing = 'ui://conformance/no-such-resource';

/** 2026-07-28 retired -32002 for -32602; an empty contents array would say "exists, but empty". */
export const modernResourceNotFound32602: Check = {
  id: 'modern-resource-not-found-32602',
  group: 'modern-mcp',
  title: 'resources/read of a resource that does not exist gets JSON-RPC error -32602 (not -32002, not empty contents)',
  spec: `${MODERN_SPEC} server/resources "Error Handling" (MUST); basic/index "Error Codes" (MUST NOT emit -32002)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    if (!('resources' in (await modernCapabilities(ctx)))) skip('server/discover declares no resources capability');
    const answer = await ctx.modern.request(() => ctx.accessToken(), 'resources/read', { uri: missing }, { headers: { 'mcp-name': missing } });
    const { message } = answer;
    if (message?.result) fail(`resources/read ${missing}: a result instead of an error: ${describeResponse(answer.exchange)}`);
    if (message?.error?.code !== -32602) fail(`resources/read ${missing}: expected JSON-RPC error -32602, got ${describeResponse(answer.exchange)}`);
    if (message.id !== answer.id) fail(`resources/read ${missing}: the error answers id ${JSON.stringify(message.id)}, not ${answer.id}`);
    return `HTTP ${answer.exchange.response.status}, JSON-RPC error -32602`;
  },
};
