import type { JSONRPCRequest } from '@modelcontextprotocol/server';

/** The body field each method's `Mcp-Name` header mirrors (2026-07-28 transports/streamable-http, "Standard Request Headers"). */
const nameSources: Readonly<Record<string, 'name' | 'uri'>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

const sentinel = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/**
 * What is wrong with a request's `Mcp-Name` header, or undefined: it must be present where the
 * body has the value and equal it, after optional whitespace is trimmed and a Base64 sentinel
 * (`=?base64?…?=`) decoded ("Value Encoding").
 */
export function mcpNameMismatch(request: JSONRPCRequest, headerValue: string | undefined): string | undefined {
  const field = nameSources[request.method];
  if (!field) return undefined;
  const bodyValue = (request.params as Record<string, unknown> | undefined)?.[field];
  if (typeof bodyValue !== 'string') return undefined;
  if (headerValue === undefined) return `the Mcp-Name header is missing (the body carries params.${field} '${bodyValue}')`;
  const trimmed = headerValue.replace(/^[ \t]+|[ \t]+$/g, '');
  let named = trimmed;
  if (trimmed.startsWith('=?base64?')) {
    const encoded = sentinel.exec(trimmed)?.[1];
    if (encoded === undefined) return `the Mcp-Name header '${trimmed}' is not a valid Base64 sentinel value`;
    named = Buffer.from(encoded, 'base64').toString('utf8');
  }
  return named === bodyValue ? undefined : `the Mcp-Name header names '${named}' but the body carries params.${field} '${bodyValue}'`;
}
