import type { IncomingHttpHeaders } from 'node:http';
import { classifyInboundRequest, type JSONRPCRequest } from '@modelcontextprotocol/server';
import { modernRevision } from '../mcp/modern-exchange-transport.js';
import type { JsonAnswer } from './json-answer.js';
import { mcpNameMismatch } from './mcp-name-header.js';

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

export function decideEra(headers: IncomingHttpHeaders, body: unknown): EraDecision {
  if (!claimsModern(headers, body)) return { era: 'legacy' };
  const id = (body as { id?: unknown } | null)?.id;
  const protocolVersionHeader = header(headers, 'mcp-protocol-version');
  const mcpMethodHeader = header(headers, 'mcp-method');
  // The SDK's own ladder: JSON-RPC shape, batches, the envelope (-32602), and the
  // version and method headers against the body (-32020).
  const outcome = classifyInboundRequest({ httpMethod: 'POST', protocolVersionHeader, mcpMethodHeader, mcpNameHeader: header(headers, 'mcp-name'), body });
  if (outcome.kind === 'reject') return { refusal: modernRefusal(outcome.httpStatus, id, outcome.code, outcome.message, outcome.data) };
  if (outcome.kind === 'legacy') return { era: 'legacy' };
  const requested = outcome.classification.revision;
  if (requested !== modernRevision) {
    // basic/versioning "Protocol Version Negotiation": the versions a request may name.
    return { refusal: modernRefusal(400, id, unsupportedVersion, 'Unsupported protocol version', { supported: [modernRevision], requested: requested ?? 'unknown' }) };
  }
  if (outcome.messageKind === 'notification') return { era: 'modern-notification' };
  const request = outcome.message;
  // transports/streamable-http "Server Validation": the headers every request carries.
  if (protocolVersionHeader === undefined) return { refusal: modernRefusal(400, id, headerMismatch, 'Header mismatch: the MCP-Protocol-Version header is missing') };
  if (mcpMethodHeader === undefined) return { refusal: modernRefusal(400, id, headerMismatch, `Header mismatch: the Mcp-Method header is missing (the body names method ${request.method})`) };
  const nameProblem = mcpNameMismatch(request, header(headers, 'mcp-name'));
  if (nameProblem) return { refusal: modernRefusal(400, id, headerMismatch, `Header mismatch: ${nameProblem}`) };
  // protocol-eras.md decision 3: no notification stream, so no subscriptions to listen to.
  if (request.method === 'subscriptions/listen') {
    return { refusal: modernRefusal(404, id, -32601, 'Method not found: this server sends no notification stream') };
  }
  return { era: 'modern', request };
}
