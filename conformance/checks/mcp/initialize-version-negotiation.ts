import { fail, type Check } from '../../check.js';
import { describeResponse } from '../../expect.js';
import { initializeParams, type Mcp } from '../../mcp.js';

const UNKNOWN_VERSION = '1900-01-01';

async function answeredVersion(mcp: Mcp, token: string, requested: string): Promise<string> {
  const { exchange, message } = await mcp.request(token, 'initialize', initializeParams(requested));
  const version = message?.result?.['protocolVersion'];
  if (typeof version !== 'string') fail(`initialize asking for ${requested}: no protocolVersion in ${describeResponse(exchange)}`);
  return version;
}

/**
 * A server answers a version it supports: the one asked for when it supports it, another when it
 * does not. The runner learns one supported version from asking for one nobody supports, then
 * asks for that one and must get it back; a server that echoes whatever it is asked agrees to
 * speak a revision it does not know.
 */
export const initializeVersionNegotiation: Check = {
  id: 'initialize-version-negotiation',
  group: 'mcp',
  title: 'initialize answers a version it supports: another for an unknown one, the same for one it offered',
  spec: 'MCP 2025-11-25 basic/lifecycle "Version Negotiation" (MUST)',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const token = await ctx.accessToken();
    const offered = await answeredVersion(ctx.mcp, token, UNKNOWN_VERSION);
    if (offered === UNKNOWN_VERSION) fail(`initialize asking for ${UNKNOWN_VERSION} agreed to it: a server must answer a version it supports`);
    const again = await answeredVersion(ctx.mcp, await ctx.accessToken(), offered);
    if (again !== offered) fail(`initialize asking for ${offered}, the version it offered, answered ${again}`);
    return `asked ${UNKNOWN_VERSION}, offered ${offered}; asked ${offered}, agreed`;
  },
};
