import { fail, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { describeResponse } from '../../expect.js';
import { CLIENT_CAPABILITIES } from '../../mcp.js';
import { expectModernError, modernToken } from '../../modern-expect.js';
import { MODERN_SPEC } from '../../modern.js';

const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';

/**
 * Requests whose envelope is there but holds a value of the wrong type, and the HTTP status of
 * the refusal: 400 for the envelope, as modern-envelope-32602; for params the method defines,
 * JSON-RPC's -32602 is the rule and the status is left free.
 */
const MALFORMED = [
  { what: 'clientCapabilities.roots.listChanged "yes"', method: 'tools/list', params: {}, meta: { [CAPABILITIES_KEY]: { ...CLIENT_CAPABILITIES, roots: { listChanged: 'yes' } } }, statuses: [400] },
  { what: 'clientCapabilities.elicitation.form.applyDefaults "yes"', method: 'tools/list', params: {}, meta: { [CAPABILITIES_KEY]: { ...CLIENT_CAPABILITIES, elicitation: { form: { applyDefaults: 'yes' } } } }, statuses: [400] },
  { what: 'clientCapabilities.experimental.conformance 1 (not an object)', method: 'tools/list', params: {}, meta: { [CAPABILITIES_KEY]: { ...CLIENT_CAPABILITIES, experimental: { conformance: 1 } } }, statuses: [400] },
  { what: 'clientCapabilities.extensions.conformance true (not an object)', method: 'tools/list', params: {}, meta: { [CAPABILITIES_KEY]: { ...CLIENT_CAPABILITIES, extensions: { conformance: true } } }, statuses: [400] },
  { what: 'clientCapabilities.sampling.context 5 (not an object)', method: 'tools/list', params: {}, meta: { [CAPABILITIES_KEY]: { ...CLIENT_CAPABILITIES, sampling: { context: 5 } } }, statuses: [400] },
  { what: 'clientInfo null', method: 'tools/list', params: {}, meta: { [CLIENT_INFO_KEY]: null }, statuses: [400] },
  { what: 'a tools/call whose name is 42', method: 'tools/call', params: { name: 42, arguments: {} }, meta: {}, statuses: [200, 400] },
  { what: 'a tools/call whose arguments is the string "{}"', method: 'tools/call', params: { name: 'get_me', arguments: '{}' }, meta: {}, statuses: [200, 400] },
] as const;

/** The Mcp-Name header a malformed tools/call carries: its name as the body has it, as a client would copy it. */
const nameHeader = (params: Readonly<Record<string, unknown>>): Record<string, string> => {
  const name = params['name'];
  return name === undefined ? {} : { 'mcp-name': String(name) };
};

/**
 * A tools/list whose id is a number but no integer: no JSON-RPC request of MCP, so refused with a
 * 4xx and -32600 (JSON-RPC 2.0 section 5.1), or the -32602 of an SDK whose schema refuses the id
 * (the Python SDK's). The id of the refusal is only noted: the id is what was invalid.
 */
async function expectFractionalIdRefused(ctx: CheckContext): Promise<string> {
  const what = 'a tools/list whose id is 1.5';
  const { exchange, message } = await ctx.modern.request(modernToken(ctx), 'tools/list', {}, { id: 1.5 });
  const { status } = exchange.response;
  const code = message?.error?.code;
  if (status < 400 || status >= 500 || (code !== -32600 && code !== -32602)) {
    fail(`${what}: expected an HTTP 4xx with JSON-RPC error -32600 or -32602 (an id must be a string or an integer), got ${describeResponse(exchange)}`);
  }
  return `${what}: HTTP ${status}, ${code} under id ${JSON.stringify(message?.id ?? null)}`;
}

export const modernEnvelopeValues32602: Check = {
  id: 'modern-envelope-values-32602',
  group: 'modern-mcp',
  title: 'A request whose _meta or params hold a value of the wrong type (capabilities, clientInfo, a tool name, arguments) gets 400 and -32602 under its id; a fractional id gets a 4xx and -32600 (or -32602)',
  spec: `${MODERN_SPEC} basic/index "_meta" (clientCapabilities and clientInfo as the schema defines them), "Requests" (the id MUST be a string or an integer); server/tools "Calling Tools" (name is a string); JSON-RPC 2.0 section 5.1 (-32600)`,
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    for (const { what, method, params, meta, statuses } of MALFORMED) {
      const answer = await ctx.modern.request(modernToken(ctx), method, params, { meta, headers: nameHeader(params) });
      const status = answer.exchange.response.status;
      expectModernError(answer, (statuses as readonly number[]).includes(status) ? status : statuses[0], -32602, what);
    }
    const fractional = await expectFractionalIdRefused(ctx);
    return `HTTP 400, JSON-RPC error -32602 for each of ${MALFORMED.map((malformed) => malformed.what).join('; ')}; ${fractional}`;
  },
};
