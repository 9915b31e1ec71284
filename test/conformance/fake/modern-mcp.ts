import type { Request, Response } from 'express';
import { elicitsForms } from './confirmations.js';
import type { McpAppFault } from './faults-sources.js';
import type { Faults, ModernFault } from './faults.js';
import { skillsAnswer, skillsCapabilities } from './skills.js';
import { appTool, LISTED_APP_VIEW, offersApps, readAppView } from './results-app.js';
import type { ToolOutcome } from './tools.js';
import { TOOL_LIST } from './tools.js';
import { modernValuesMalformed, toolsListExtras } from './survivors.js';
import { skillUri, unknownInputResponse } from './faults-third-sample.js';

const REVISION = '2026-07-28';
const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const serverInfo = { 'io.modelcontextprotocol/serverInfo': { name: 'fake-survey-mcp', version: '0.0.0' } };
/** The one resource both eras serve, as survey-mcp serves its results view. */
export const RESULTS_VIEW = { uri: 'ui://fake-survey-mcp/results.html', name: 'results-view', mimeType: 'text/html;profile=mcp-app' };

/** resources/list in either era: the results views, one's type wrong under one fault, both left out under another. */
export function listedResources(appFault: McpAppFault | undefined): readonly Record<string, unknown>[] {
  if (appFault === 'views-unlisted') return [];
  return [appFault === 'listed-plain-mime-type' ? { ...RESULTS_VIEW, mimeType: 'text/html' } : RESULTS_VIEW, LISTED_APP_VIEW];
}

/** What a 2026-07-28 tools/call brings beyond name and arguments: the client's elicitation, and its answers. */
export interface ModernCall {
  readonly elicits: boolean;
  readonly inputResponses: unknown;
  readonly requestState: unknown;
}

interface Message {
  readonly id?: string | number;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
}

/** A request in the 2026-07-28 era: the revision in the header, or a version in `_meta`. */
export function claimsModern(req: Request): boolean {
  const meta = (req.body as Message | undefined)?.params?.['_meta'];
  return req.headers['mcp-protocol-version'] === REVISION || (typeof meta === 'object' && meta !== null && VERSION_KEY in meta);
}

/**
 * What a deployment that speaks only 2026-07-28 answers a legacy request (`initialize` above
 * all): 400, as a request without the required `_meta` (basic/versioning, "Compatibility
 * Matrix"), naming the version it speaks unless the fault leaves that out.
 */
export function refuseLegacy(req: Request, res: Response, faults: Faults): void {
  const fault = faults.modernFault;
  const message = req.body as Message;
  const named = fault !== 'initialize-error-unnamed';
  res.status(400).json({
    jsonrpc: '2.0',
    id: message.id ?? null,
    error: {
      code: -32602,
      message: named ? `Invalid params: ${message.method ?? 'this request'} lacks _meta; this server speaks ${REVISION} only` : 'Invalid params',
      ...(named ? { data: { supported: supportedNamed(faults) } } : {}),
    },
  });
}

/** The 2026-07-28 rules the runner checks, each breakable by one `fault`; the MCP App as in the legacy era, broken by `appFault`. */
export function modernPost(req: Request, res: Response, faults: Faults, callTool: (name: string, args: Record<string, unknown>, call: ModernCall) => ToolOutcome): void {
  const { modernFault: fault, mcpAppFault: appFault, skillsFault } = faults;
  const message = req.body as Message;
  const id = fault === 'string-id-dropped' && typeof message.id === 'string' ? null : message.id;
  if (fault === 'echoes-session-id' && typeof req.headers['mcp-session-id'] === 'string') res.set('mcp-session-id', req.headers['mcp-session-id']);
  const reply = (status: number, body: Record<string, unknown>): void => void res.status(status).json({ jsonrpc: '2.0', id, ...body });
  const refuse = (status: number, code: number, text: string, data?: unknown): void => reply(status, { error: { code, message: text, ...(data ? { data } : {}) } });
  const meta = (message.params?.['_meta'] ?? {}) as Record<string, unknown>;
  if (message.id === undefined) {
    // A notification: accepted with 202 and no body, unless the fault answers it like a request.
    if (fault === 'notification-answered') return reply(200, { result: { resultType: 'complete' } });
    if (faults.sampleFault === 'modern-notification-answered') return void res.status(200).json({ jsonrpc: '2.0', id: null, result: {} });
    return void res.status(202).end();
  }
  if (fault === 'refuses-every-request') return refuse(400, -32020, 'Mcp-Method does not match the body');
  if (typeof message.id === 'number' && !Number.isInteger(message.id) && !faults.fractionalIdAnswered) {
    return faults.fractionalIdRefused32602 ? refuse(422, -32602, 'Invalid params: id') : refuse(400, -32600, 'Invalid Request: an id is a string or an integer');
  }
  const requested = faults.envelopeVersionTrustedToHeader && req.headers['mcp-protocol-version'] === REVISION ? REVISION : meta[VERSION_KEY];
  const laterTaken = faults.sampleFault === 'later-version-as-modern' && typeof requested === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested > REVISION;
  if (requested !== REVISION && fault !== 'any-version' && !laterTaken) return refuse(400, -32022, 'Unsupported protocol version', { supported: supportedNamed(faults), requested });
  if (!('io.modelcontextprotocol/clientCapabilities' in meta) && fault !== 'envelope-unchecked') return refuse(400, -32602, 'missing clientCapabilities');
  if (faults.clientInfoNullServerError && meta['io.modelcontextprotocol/clientInfo'] === null) return void res.status(500).json({ error: 'server_error' });
  if (modernValuesMalformed(message.method, message.params, meta, faults)) return refuse(400, -32602, 'Invalid params');
  const headerAbsentTaken = faults.thirdSampleFault === 'era-from-body-alone' && req.headers['mcp-protocol-version'] === undefined;
  if (req.headers['mcp-protocol-version'] !== requested && fault !== 'version-header-unchecked' && fault !== 'any-version' && !headerAbsentTaken) {
    return refuse(400, -32020, 'MCP-Protocol-Version does not match _meta');
  }
  const methodHeader = req.headers['mcp-method'];
  const methodMismatch = fault === 'method-header-presence-only' ? methodHeader === undefined : methodHeader !== message.method;
  if (methodMismatch) return refuse(400, -32020, 'Mcp-Method does not match the body');
  const name = message.params?.['name'] ?? message.params?.['uri'];
  const nameUnchecked = fault === 'name-header-unchecked' || (fault === 'read-name-header-unchecked' && message.method === 'resources/read' && typeof req.headers['mcp-name'] === 'string');
  const undecoded = fault === 'name-header-not-decoded' || (faults.readNameUndecoded === true && message.method === 'resources/read');
  if (['tools/call', 'resources/read'].includes(message.method ?? '') && !nameUnchecked && !nameHeaderMatches(req, fault, name, message.method, undecoded)) {
    return refuse(400, -32020, 'Mcp-Name does not match the body');
  }
  const complete = (result: Record<string, unknown>): void =>
    reply(200, { result: { ...result, ...(fault === 'no-result-type' ? {} : { resultType: 'complete' }), ...(fault === 'no-server-info' ? {} : { _meta: serverInfo }) } });
  const cacheHints = fault === 'no-cache-hints' ? {} : { ttlMs: 60_000, cacheScope: 'public' };
  const skills = skillsAnswer(message.method, skillUri(message.method, message.params, faults), skillsFault);
  if (skills?.['result']) return complete({ ...(skills['result'] as Record<string, unknown>), ...(faults.skillsUncached ? {} : cacheHints) });
  if (skills) return reply(200, skills);
  switch (fault === 'no-discover' && message.method === 'server/discover' ? 'unknown' : message.method) {
    case 'server/discover': {
      const capabilities = fault === 'undeclared-resources' ? { tools: {} } : { tools: {}, resources: {} };
      return complete({ supportedVersions: discoveredVersions(fault), capabilities: { ...capabilities, ...skillsCapabilities(skillsFault) }, ...cacheHints });
    }
    case 'tools/list': {
      const cursorUnanswered = faults.toolsListCursorUnanswered && message.params?.['cursor'] !== undefined;
      if ((faults.toolsListExtrasUnanswered && toolsListExtras(message.params)) || cursorUnanswered) return refuse(404, -32601, 'Method not found');
      const apps = offersApps(meta['io.modelcontextprotocol/clientCapabilities']);
      const hints = faults.plainToolListUncached && !apps ? {} : cacheHints;
      if (faults.unknownCursorEmptyPage && message.params?.['cursor'] !== undefined) return complete({ tools: [], ...hints });
      return complete({ tools: [...draft04Bounds(modernToolList(fault), faults), ...(apps || fault === 'views-for-any-client' ? [appTool(appFault, faults.sampleFault === 'view-uri-renamed')] : [])], ...hints });
    }
    case 'tools/call': {
      const capabilities = meta['io.modelcontextprotocol/clientCapabilities'];
      const elicits = elicitsForms(capabilities, faults.confirmationFault);
      const call = { elicits, inputResponses: message.params?.['inputResponses'], requestState: message.params?.['requestState'] };
      if (unknownInputResponse(call.inputResponses, faults)) return refuse(200, -32602, 'Invalid params: inputResponses has an unknown key');
      const outcome = callTool(String(name), (message.params?.['arguments'] ?? {}) as Record<string, unknown>, call);
      if ('inputRequired' in outcome) return reply(200, { result: { ...outcome.inputRequired, resultType: faults.freshFault === 'result-type-incomplete' ? 'incomplete' : 'input_required', _meta: serverInfo, ...(faults.inputRequiredCacheable ? cacheHints : {}) } });
      if ('invalidParams' in outcome) return refuse(200, -32602, `Invalid params: ${outcome.invalidParams}`);
      if ('error' in outcome && fault === 'tool-errors-as-jsonrpc-errors') return reply(200, { error: { code: -32000, message: outcome.error } });
      if ('error' in outcome) return complete({ content: [{ type: 'text', text: JSON.stringify({ error: outcome.error, ...outcome.details }) }], isError: true });
      const offSchema = fault === 'structured-content-off-schema' ? withoutKey(outcome.ok, 'workspaces') : outcome.ok;
      const structured = faults.sampleFault === 'modern-numbers-as-strings' ? (numbersAsStrings(offSchema) as Record<string, unknown>) : offSchema;
      const text = fault === 'structured-without-text' ? 'done' : JSON.stringify(structured);
      return complete({ content: [{ type: 'text', text }], structuredContent: structured });
    }
    case 'resources/list':
      if (faults.sampleFault === 'modern-resources-list-missing') return refuse(404, -32601, 'Method not found');
      return complete({ resources: listedResources(appFault), ...cacheHints });
    case 'resources/read': {
      const view = readAppView(name, appFault, 'modern');
      if (view && view !== 'missing') return complete({ ...view, ...cacheHints });
      if (name === RESULTS_VIEW.uri) {
        return complete({ contents: [{ uri: RESULTS_VIEW.uri, mimeType: RESULTS_VIEW.mimeType, text: '<!doctype html>' }], ...(fault === 'no-cache-hints-on-read' ? {} : cacheHints) });
      }
      return fault === 'resource-not-found-32002' ? refuse(200, -32002, 'Resource not found', { uri: name }) : refuse(200, -32602, 'Resource not found', { uri: name });
    }
    case 'completion/complete':
      if (faults.undeclaredCompletionsAnswered) return complete({ completion: { values: [], hasMore: false } });
      return refuse(404, -32601, 'Method not found');
    default:
      return refuse(fault === 'unknown-method-200' ? 200 : 404, -32601, 'Method not found');
  }
}

let listings = 0;

/** The tool list as served in this era, broken in one way by some faults. */
function modernToolList(fault: ModernFault | undefined): readonly Record<string, unknown>[] {
  switch (fault) {
    case 'null-input-schema':
      return TOOL_LIST.map((tool) => (tool.name === 'list_surveys' ? { ...tool, inputSchema: null } : tool));
    case 'tool-name-with-space':
      return TOOL_LIST.map((tool) => (tool.name === 'list_surveys' ? { ...tool, name: 'list surveys' } : tool));
    case 'shuffled-tools': {
      // Each listing starts one tool further on: the set is the same, the order never is.
      listings += 1;
      const start = listings % TOOL_LIST.length;
      return [...TOOL_LIST.slice(start), ...TOOL_LIST.slice(0, start)];
    }
    default:
      return TOOL_LIST;
  }
}

/** The `draft-04-exclusive-minimum` fault: list_surveys's limit bounded as draft-04 wrote it. */
function draft04Bounds(tools: readonly Record<string, unknown>[], faults: Faults): readonly Record<string, unknown>[] {
  if (faults.freshFault !== 'draft-04-exclusive-minimum') return tools;
  const bounded = { type: 'object', properties: { limit: { type: 'integer', minimum: 0, exclusiveMinimum: true } } };
  return tools.map((tool) => (tool.name === 'list_surveys' ? { ...tool, inputSchema: bounded } : tool));
}

/** Mcp-Name against the body's name or uri, a Base64 sentinel decoded unless the fault compares it raw. */
function nameHeaderMatches(req: Request, fault: ModernFault | undefined, name: unknown, method: string | undefined, undecoded: boolean): boolean {
  const value = req.headers['mcp-name'];
  if (typeof value !== 'string') return fault === (method === 'resources/read' ? 'read-name-header-optional' : 'name-header-optional');
  const encoded = /^=\?base64\?(.*)\?=$/.exec(value.trim())?.[1];
  const decoded = encoded === undefined || undecoded ? value.trim() : Buffer.from(encoded, 'base64').toString('utf8');
  return fault === 'name-header-case-insensitive' ? decoded.toLowerCase() === String(name).toLowerCase() : decoded === name;
}

function withoutKey(record: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([entry]) => entry !== key));
}

/** The versions a refusal names as supported: the one served, but for the fault that adds one it refuses. */
export function supportedNamed(faults: Faults): string[] {
  return faults.refusalsNameLegacy ? [REVISION, '2025-11-25'] : [REVISION];
}

/** What server/discover lists: the revision served, but for the faults that get it wrong. */
function discoveredVersions(fault: ModernFault | undefined): string[] {
  if (fault === 'discover-omits-own-version') return ['2025-11-25'];
  return fault === 'discover-lists-legacy' ? [REVISION, '2025-11-25'] : [REVISION];
}

/** The `modern-numbers-as-strings` fault: every number of a structured result as a string, as a serializer of big integers writes it. */
function numbersAsStrings(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(numbersAsStrings);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, numbersAsStrings(entry)]));
  return value;
}
