import { fail, type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { expectModernResult, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

const serverInfoKey = 'io.modelcontextprotocol/serverInfo';

export const modernServerInfo: Check = {
  id: 'modern-server-info',
  group: 'modern-mcp',
  title: 'Results name the server in _meta (io.modelcontextprotocol/serverInfo): server/discover and tools/list',
  spec: `${MODERN_SPEC} basic/index "_meta", per-response protocol fields; server/discover "DiscoverResult" (SHOULD)`,
  level: 'SHOULD',
  needsSignIn: true,
  async run(ctx) {
    const token = modernToken(ctx);
    const named: string[] = [];
    for (const method of ['server/discover', 'tools/list']) {
      const result = expectModernResult(await ctx.modern.request(token, method), method);
      const meta = result['_meta'];
      const info = isObject(meta) ? meta[serverInfoKey] : undefined;
      if (!isObject(info) || typeof info['name'] !== 'string' || typeof info['version'] !== 'string') {
        fail(`${method}: _meta["${serverInfoKey}"] is ${JSON.stringify(info)}, not { name, version }`);
      }
      named.push(`${method}: ${info['name']} ${info['version']}`);
    }
    return named.join('; ');
  },
};
