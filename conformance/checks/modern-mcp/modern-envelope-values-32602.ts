import type { Check } from '../../check.js';
import { CLIENT_CAPABILITIES } from '../../mcp.js';
import { expectModernError, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

/**
 * Requests whose envelope is there but holds a value of the wrong type, and the HTTP status of
 * the refusal: 400 for the envelope, as modern-envelope-32602; for params the method defines,
 * JSON-RPC's -32602 is the rule and the status is left free.
 */
const MALFORMED = [
  { what: 'clientCapabilities.roots.listChanged "yes"', method: 'tools/list', params: {}, meta: { [CAPABILITIES_KEY]: { ...CLIENT_CAPABILITIES, roots: { listChanged: 'yes' } } }, statuses: [400] },
  { what: 'clientCapabilities.elicitation.form.applyDefaults "yes"', method: 'tools/list', params: {}, meta: { [CAPABILITIES_KEY]: { ...CLIENT_CAPABILITIES, elicitation: { form: { applyDefaults: 'yes' } } } }, statuses: [400] },
  { what: 'a tools/call whose name is 42', method: 'tools/call', params: { name: 42, arguments: {} }, meta: {}, statuses: [200, 400] },
] as const;

export const modernEnvelopeValues32602: Check = {
  id: 'modern-envelope-values-32602',
  group: 'modern-mcp',
  title: 'A request whose _meta or params hold a value of the wrong type gets 400 and -32602 under its id',
  spec: `${MODERN_SPEC} basic/index "_meta" (clientCapabilities as the schema defines it); server/tools "Calling Tools" (name is a string)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    for (const { what, method, params, meta, statuses } of MALFORMED) {
      const answer = await ctx.modern.request(modernToken(ctx), method, params, { meta, headers: method === 'tools/call' ? { 'mcp-name': '42' } : {} });
      const status = answer.exchange.response.status;
      expectModernError(answer, (statuses as readonly number[]).includes(status) ? status : statuses[0], -32602, what);
    }
    return `HTTP 400, JSON-RPC error -32602 for each of ${MALFORMED.map((malformed) => malformed.what).join('; ')}`;
  },
};
