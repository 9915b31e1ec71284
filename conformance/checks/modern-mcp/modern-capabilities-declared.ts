import { fail, type Check } from '../../check.js';
import { isObject } from '../../mcp.js';
import { modernCapabilities } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

/**
 * A method of each server feature, the capability that must be declared to serve it, and whether
 * a server that declares it must answer these params with a result (a listing must; a completion
 * of a prompt the runner made up may be refused).
 */
const FEATURES = [
  { capability: 'tools', method: 'tools/list', params: {}, servedWhenDeclared: true },
  { capability: 'resources', method: 'resources/list', params: {}, servedWhenDeclared: true },
  { capability: 'resources', method: 'resources/templates/list', params: {}, servedWhenDeclared: false },
  { capability: 'prompts', method: 'prompts/list', params: {}, servedWhenDeclared: true },
  {
    capability: 'completions',
    method: 'completion/complete',
    params: { ref: { type: 'ref/prompt', name: 'conformance' }, argument: { name: 'topic', value: '' } },
    servedWhenDeclared: false,
  },
] as const;

// An extension id is a _meta key with a mandatory prefix: dotted labels, then a slash (basic/index "_meta").
const EXTENSION_ID = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\/(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;

/**
 * A client learns what a server offers from server/discover alone ("present the capabilities a
 * server supports from a single server/discover response"): a feature that answers but is not
 * declared is invisible to it, and one declared but not served breaks it.
 */
export const modernCapabilitiesDeclared: Check = {
  id: 'modern-capabilities-declared',
  group: 'modern-mcp',
  title: 'Every feature that answers (tools, resources, prompts, completions) is declared in server/discover\'s capabilities, and extension ids carry a prefix',
  spec: `${MODERN_SPEC} server/tools, server/resources, server/prompts, server/utilities/completion "Capabilities" (MUST declare); basic/versioning "Extension Negotiation" (MUST)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const capabilities = await modernCapabilities(ctx);
    const served: string[] = [];
    for (const { capability, method, params, servedWhenDeclared } of FEATURES) {
      const { message } = await ctx.modern.request(() => ctx.accessToken(), method, params);
      const answered = isObject(message?.result);
      if (answered && !(capability in capabilities)) fail(`${method} answers a result, but server/discover declares no "${capability}" capability: ${JSON.stringify(capabilities)}`);
      if (!answered && capability in capabilities && servedWhenDeclared) {
        fail(`server/discover declares "${capability}", but ${method} answers no result (${message?.error ? `error ${message.error.code}` : 'no JSON-RPC answer'})`);
      }
      if (answered) served.push(method);
    }
    const extensions = capabilities['extensions'];
    const ids = isObject(extensions) ? Object.keys(extensions) : [];
    const bad = ids.filter((id) => !EXTENSION_ID.test(id));
    if (bad.length > 0) fail(`extension ids without a prefix of dotted labels and a slash: ${bad.join(', ')}`);
    return `declared ${Object.keys(capabilities).join(', ')}; served ${served.join(', ')}${ids.length > 0 ? `; extensions ${ids.join(', ')}` : ''}`;
  },
};
