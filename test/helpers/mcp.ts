import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import type { TestServer } from './server.js';
import { personConfirms } from './person-confirms.js';

export const latestProtocol = '2025-11-25';

/** A token for a demo person, issued the way `survey-mcp token issue` does. */
export async function tokenFor(server: TestServer, email: string, scope = 'mcp_customer', ttlMs = 3_600_000): Promise<string> {
  const user = await server.store.findUserByEmail(email);
  if (!user) throw new Error(`no test user ${email}`);
  return (await issueServiceToken(server.store, server.clock, { userId: user.id, scope, ttlMs })).token;
}

export interface RpcOptions {
  readonly token?: string;
  readonly headers?: Record<string, string>;
}

/** POSTs raw JSON-RPC to the MCP endpoint as a Streamable HTTP client would. */
export function postMcp(server: TestServer, body: unknown, options: RpcOptions = {}): Promise<Response> {
  return fetch(`${server.baseUrl}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

let nextId = 1;

export const rpc = (method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id: nextId++, method, ...(params ? { params } : {}) });

/** Calls a tool and returns the HTTP status and the parsed tool result. */
export async function callTool(server: TestServer, token: string, name: string, args: Record<string, unknown> = {}) {
  return toolAnswer(name, await postMcp(server, rpc('tools/call', { name, arguments: args }), { token }));
}

async function toolAnswer(name: string, response: Response) {
  const body = (await response.json()) as { result?: { isError?: boolean; content: Array<{ text: string }>; structuredContent?: Record<string, unknown> }; error?: unknown };
  if (!body.result) throw new Error(`tools/call ${name} answered ${response.status} ${JSON.stringify(body)}`);
  return {
    status: response.status,
    isError: body.result.isError === true,
    payload: JSON.parse(body.result.content[0]!.text) as Record<string, any>,
    structured: body.result.structuredContent,
  };
}

/**
 * `callTool`, confirmed when the call needs the person's confirmation: the person confirms on the
 * page (`personConfirms`), then the call is repeated with the `confirmation_token` of its answer
 * (the confirmation-token flow), on `confirmOn` if given.
 */
export async function callConfirmed(server: TestServer, token: string, name: string, args: Record<string, unknown> = {}, confirmOn = server) {
  const first = await callTool(server, token, name, args);
  const confirmation = first.isError ? first.payload['confirmation_token'] : undefined;
  if (typeof confirmation !== 'string') return first;
  await personConfirms(server, confirmation);
  return callTool(confirmOn, token, name, { ...args, confirmation_token: confirmation });
}

export type Era = 'legacy' | 'modern';
const modernEnvelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** Calls a tool in either era (2025-11-25, or 2026-07-28 with its envelope and headers); the HTTP status and the tool result. */
export async function callToolIn(era: Era, server: TestServer, token: string, name: string, args: Record<string, unknown> = {}) {
  if (era === 'legacy') return callTool(server, token, name, args);
  const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name };
  return toolAnswer(name, await postMcp(server, rpc('tools/call', { name, arguments: args, _meta: modernEnvelope }), { token, headers }));
}

/** The whole answer to one tools/call: HTTP status, content type and the JSON-RPC body as sent. */
export async function callToolRaw(server: TestServer, token: string, name: string, args: Record<string, unknown> = {}) {
  const request = rpc('tools/call', { name, arguments: args });
  const response = await postMcp(server, request, { token });
  return {
    requestId: request.id,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, any>,
  };
}
