import { fail, type Check } from '../../check.js';
import { LEGACY_REVISION } from '../../eras.js';
import { initializeParams, isObject } from '../../mcp.js';
import { legacyResult } from '../shared/legacy-tools.js';

/** A listing method of each server feature, and the capability initialize must declare to serve it. */
const FEATURES = [
  { capability: 'tools', method: 'tools/list' },
  { capability: 'resources', method: 'resources/list' },
  { capability: 'prompts', method: 'prompts/list' },
] as const;

/** A 2025 client uses only what initialize declared: a feature served but not declared is invisible to it. */
export const capabilitiesDeclared: Check = {
  id: 'capabilities-declared',
  group: 'mcp',
  title: 'Every feature that answers is declared in initialize\'s capabilities, and every one declared answers',
  spec: 'MCP 2025-11-25 server/tools, server/resources, server/prompts "Capabilities" (MUST declare); basic/lifecycle "Operation"',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const capabilities = (await legacyResult(ctx, 'initialize', initializeParams(LEGACY_REVISION)))['capabilities'];
    if (!isObject(capabilities)) fail(`initialize: "capabilities" is ${JSON.stringify(capabilities)}, not an object`);
    const served: string[] = [];
    for (const { capability, method } of FEATURES) {
      const { message } = await ctx.mcp.request(await ctx.connected(), method);
      const answered = isObject(message?.result);
      if (answered && !(capability in capabilities)) fail(`${method} answers a result, but initialize declares no "${capability}" capability: ${JSON.stringify(capabilities)}`);
      if (!answered && capability in capabilities) fail(`initialize declares "${capability}", but ${method} answers no result (${message?.error ? `error ${message.error.code}` : 'no JSON-RPC answer'})`);
      if (answered) served.push(method);
    }
    return `declared ${Object.keys(capabilities).join(', ')}; served ${served.join(', ')}`;
  },
};
