import type { Request, Response } from 'express';
import type { ModernFault } from './faults.js';
import type { ToolOutcome } from './tools.js';
import { TOOL_LIST } from './tools.js';

const REVISION = '2026-07-28';
const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const serverInfo = { 'io.modelcontextprotocol/serverInfo': { name: 'fake-survey-mcp', version: '0.0.0' } };

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

/** The 2026-07-28 rules the runner checks, each breakable by one `fault`. */
export function modernPost(req: Request, res: Response, fault: ModernFault | undefined, callTool: (name: string, args: Record<string, unknown>) => ToolOutcome): void {
  const message = req.body as Message;
  const reply = (status: number, body: Record<string, unknown>): void => void res.status(status).json({ jsonrpc: '2.0', id: message.id, ...body });
  const refuse = (status: number, code: number, text: string, data?: unknown): void => reply(status, { error: { code, message: text, ...(data ? { data } : {}) } });
  const meta = (message.params?.['_meta'] ?? {}) as Record<string, unknown>;
  const requested = meta[VERSION_KEY];
  if (requested !== REVISION && fault !== 'any-version') return refuse(400, -32022, 'Unsupported protocol version', { supported: [REVISION], requested });
  if (!('io.modelcontextprotocol/clientCapabilities' in meta) && fault !== 'envelope-unchecked') return refuse(400, -32602, 'missing clientCapabilities');
  if (req.headers['mcp-method'] !== message.method) return refuse(400, -32020, 'Mcp-Method does not match the body');
  const name = message.params?.['name'];
  if (message.method === 'tools/call' && fault !== 'name-header-unchecked' && nameHeader(req, fault) !== name) return refuse(400, -32020, 'Mcp-Name does not match the body');
  const complete = (result: Record<string, unknown>): void =>
    reply(200, { result: { ...result, ...(fault === 'no-result-type' ? {} : { resultType: 'complete' }), ...(fault === 'no-server-info' ? {} : { _meta: serverInfo }) } });
  const cacheHints = fault === 'no-cache-hints' ? {} : { ttlMs: 60_000, cacheScope: 'public' };
  switch (fault === 'no-discover' && message.method === 'server/discover' ? 'unknown' : message.method) {
    case 'server/discover':
      return complete({ supportedVersions: [REVISION], capabilities: { tools: {} }, ...cacheHints });
    case 'tools/list':
      return complete({ tools: TOOL_LIST, ...cacheHints });
    case 'tools/call': {
      const outcome = callTool(String(name), (message.params?.['arguments'] ?? {}) as Record<string, unknown>);
      const payload = 'error' in outcome ? { error: outcome.error } : outcome.ok;
      return complete({ content: [{ type: 'text', text: JSON.stringify(payload) }], ...('error' in outcome ? { isError: true } : { structuredContent: payload }) });
    }
    default:
      return refuse(fault === 'unknown-method-200' ? 200 : 404, -32601, 'Method not found');
  }
}

/** Mcp-Name with a Base64 sentinel decoded, unless the fault compares it raw. */
function nameHeader(req: Request, fault: ModernFault | undefined): string | undefined {
  const value = req.headers['mcp-name'];
  if (typeof value !== 'string') return undefined;
  const encoded = /^=\?base64\?(.*)\?=$/.exec(value.trim())?.[1];
  return encoded === undefined || fault === 'name-header-not-decoded' ? value.trim() : Buffer.from(encoded, 'base64').toString('utf8');
}
