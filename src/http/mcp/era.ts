import type { IncomingHttpHeaders } from 'node:http';
import type { JSONRPCRequest } from '@modelcontextprotocol/server';
import { modernRevision } from '../../mcp/modern-revision.js';
import type { JsonAnswer } from '../json-answer.js';
import { mcpNameMismatch } from './name-header.js';

const versionKey = 'io.modelcontextprotocol/protocolVersion';
const headerMismatch = -32020;
const unsupportedVersion = -32022;

/**
 * Which era one POST speaks (protocol-eras.md, decision 1), decided per request: `legacy` goes
 * on exactly as before; `modern` is a 2026-07-28 request that passed its checks; otherwise the
 * revision's own refusal, or 202 for a modern notification.
 */
export type EraDecision =
  | { readonly era: 'legacy' }
  | { readonly era: 'modern'; readonly request: JSONRPCRequest }
  | { readonly era: 'modern-notification' }
  | { readonly refusal: JsonAnswer };

/** A JSON-RPC error of the modern era: under the request's id when it has one (basic/index, "Error Responses"). */
export function modernRefusal(status: number, id: unknown, code: number, message: string, data?: unknown): JsonAnswer {
  const requestId = typeof id === 'string' || typeof id === 'number' ? id : null;
  return { status, body: { jsonrpc: '2.0', id: requestId, error: { code, message, ...(data === undefined ? {} : { data }) } } };
}

/**
 * A request claims the modern era with the revision in `MCP-Protocol-Version` or a protocol
 * version in any message's `_meta`. Anything else (no header, or a 2025-or-earlier one, and no
 * envelope) is legacy and is answered by the interface contract's rules, untouched.
 */
function claimsModern(headers: IncomingHttpHeaders, body: unknown): boolean {
  if (headers['mcp-protocol-version'] === modernRevision) return true;
  return (Array.isArray(body) ? body : [body]).some((message) => {
    const meta = (message as { params?: { _meta?: unknown } } | null)?.params?._meta;
    return typeof meta === 'object' && meta !== null && versionKey in meta;
  });
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The shape nearly every 2026-07-28 request has: one JSON-RPC request whose envelope names the
 * revision and declares its capabilities, with matching version and method headers. The SDK's
 * classifier would route it modern too; skipping it saves ~18 µs a request of zod guards whose
 * failures build error objects (bench/README.md), and the SDK server still checks the envelope.
 */
function plainModernRequest(headers: IncomingHttpHeaders, body: unknown): JSONRPCRequest | undefined {
  if (!isObject(body) || body['jsonrpc'] !== '2.0' || 'result' in body || 'error' in body) return undefined;
  const { id, method, params } = body;
  // An id the JSON-RPC schema refuses (1.5, 1e300) goes to the classifier, which answers it -32600.
  if ((typeof id !== 'string' && !Number.isSafeInteger(id)) || typeof method !== 'string' || !isObject(params)) return undefined;
  const meta = params['_meta'];
  if (!isObject(meta) || meta[versionKey] !== modernRevision || !isObject(meta['io.modelcontextprotocol/clientCapabilities'])) return undefined;
  if (headers['mcp-protocol-version'] !== modernRevision || headers['mcp-method'] !== method) return undefined;
  return body as JSONRPCRequest;
}

export async function decideEra(headers: IncomingHttpHeaders, body: unknown): Promise<EraDecision> {
  if (!claimsModern(headers, body)) return { era: 'legacy' };
  const plain = plainModernRequest(headers, body);
  if (plain) return checkedRequest(headers, plain);
  const id = (body as { id?: unknown } | null)?.id;
  // Loaded with the first modern request of another shape, as the 2.x server is (mcp/server.ts).
  const { classifyInboundRequest } = await import('@modelcontextprotocol/server');
  // The SDK's own ladder: JSON-RPC shape, batches, the envelope (-32602), and the
  // version and method headers against the body (-32020).
  const outcome = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: header(headers, 'mcp-protocol-version'),
    mcpMethodHeader: header(headers, 'mcp-method'),
    mcpNameHeader: header(headers, 'mcp-name'),
    body,
  });
  if (outcome.kind === 'reject') {
    const message = (outcome.code === headerMismatch && versionMismatchAdvice(headers, body)) || outcome.message;
    return { refusal: modernRefusal(outcome.httpStatus, id, outcome.code, message, outcome.data) };
  }
  if (outcome.kind === 'legacy') return { era: 'legacy' };
  const requested = outcome.classification.revision;
  if (requested !== modernRevision) {
    // basic/versioning "Protocol Version Negotiation": the versions a request may name.
    return { refusal: modernRefusal(400, id, unsupportedVersion, 'Unsupported protocol version', { supported: [modernRevision], requested: requested ?? 'unknown' }) };
  }
  if (outcome.messageKind === 'notification') return { era: 'modern-notification' };
  return checkedRequest(headers, outcome.message);
}

/**
 * A version header that disagrees with the body's envelope (Claude Code 2.1.x builds have sent
 * 2025-11-25 with 2026-07-28 bodies): the SDK's refusal names both; this says what to send.
 */
function versionMismatchAdvice(headers: IncomingHttpHeaders, body: unknown): string | undefined {
  const inHeader = header(headers, 'mcp-protocol-version');
  const meta = isObject(body) && isObject(body['params']) ? body['params']['_meta'] : undefined;
  const inBody = isObject(meta) ? meta[versionKey] : undefined;
  if (inHeader === undefined || typeof inBody !== 'string' || inHeader === inBody) return undefined;
  return `Header mismatch: the MCP-Protocol-Version header says ${inHeader} but the body's _meta names ${inBody}; send MCP-Protocol-Version: ${inBody} with a ${inBody} body, or a ${inHeader} body (no protocol version in _meta) after initialize`;
}

/** The checks after the classifier's: the headers every request carries, and methods we refuse. */
function checkedRequest(headers: IncomingHttpHeaders, request: JSONRPCRequest): EraDecision {
  const { id } = request;
  // transports/streamable-http "Server Validation": the headers every request carries.
  if (header(headers, 'mcp-protocol-version') === undefined) return { refusal: modernRefusal(400, id, headerMismatch, 'Header mismatch: the MCP-Protocol-Version header is missing') };
  if (header(headers, 'mcp-method') === undefined) return { refusal: modernRefusal(400, id, headerMismatch, `Header mismatch: the Mcp-Method header is missing (the body names method ${request.method})`) };
  const nameProblem = mcpNameMismatch(request, header(headers, 'mcp-name'));
  if (nameProblem) return { refusal: modernRefusal(400, id, headerMismatch, `Header mismatch: ${nameProblem}`) };
  // 2026-07-28 has no initialize; a client that discovered the revision and then initializes
  // (Claude Code 2.1.x builds have) is told which of the two to keep.
  if (request.method === 'initialize') {
    return {
      refusal: modernRefusal(404, id, -32601, 'Method not found: initialize is not part of 2026-07-28, which server/discover replaces; send requests with the 2026-07-28 _meta envelope, or send initialize without the 2026-07-28 header and envelope to speak 2025-11-25'),
    };
  }
  // protocol-eras.md decision 3: no notification stream, so no subscriptions to listen to.
  if (request.method === 'subscriptions/listen') {
    return { refusal: modernRefusal(404, id, -32601, 'Method not found: this server sends no notification stream') };
  }
  return { era: 'modern', request };
}
