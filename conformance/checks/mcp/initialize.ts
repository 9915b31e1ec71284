import { fail, type Check } from '../../check.js';
import { expectStatus } from '../../expect.js';
import { isObject } from '../../mcp.js';

export const initialize: Check = {
  id: 'initialize',
  group: 'mcp',
  title: 'initialize with the token answers with a protocol version, server info and tools',
  spec: 'section 4.1 (POST /); section 1 rule 2',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const { exchange, message } = await ctx.mcp.initialize(await ctx.accessToken());
    expectStatus(exchange, 200, 'initialize');
    const result = message?.result;
    if (!result) {
      const error = message?.error;
      fail(`initialize: no JSON-RPC result; ${error ? `error ${error.code} ${error.message}` : 'the body is not JSON-RPC'}`);
    }
    const serverInfo = result['serverInfo'];
    const capabilities = result['capabilities'];
    if (typeof result['protocolVersion'] !== 'string') fail('initialize: the result has no "protocolVersion"');
    if (!isObject(serverInfo) || typeof serverInfo['name'] !== 'string') {
      fail('initialize: the result has no "serverInfo.name"');
    }
    if (!isObject(capabilities) || !isObject(capabilities['tools'])) {
      fail('initialize: "capabilities" does not offer "tools"');
    }
    return `protocol ${result['protocolVersion']}, server "${serverInfo['name']}", tools offered`;
  },
};
