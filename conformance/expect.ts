import { fail } from './check.js';
import { header, jsonOf, type Exchange } from './http.js';
import { isObject } from './mcp.js';

/** The start of a body, for failure messages (the full body is in the evidence). */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty body)';
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

export function describeResponse(exchange: Exchange): string {
  return `HTTP ${exchange.response.status} ${excerpt(exchange.response.body, 120)}`;
}

/** `what` names the request in words, e.g. "a request without a token". */
export function expectStatus(exchange: Exchange, expected: number | readonly number[], what: string): void {
  const allowed = typeof expected === 'number' ? [expected] : expected;
  if (!allowed.includes(exchange.response.status)) {
    fail(`${what}: expected HTTP ${allowed.join(' or ')}, got ${describeResponse(exchange)}`);
  }
}

export function expectJsonObject(exchange: Exchange, what: string): Record<string, unknown> {
  const body = jsonOf(exchange);
  if (!isObject(body)) fail(`${what}: the body is not a JSON object: ${excerpt(exchange.response.body)}`);
  return body;
}

/** A plain HTTP error: the status and `{"error": "<code>"}`. */
export function expectErrorBody(exchange: Exchange, status: number, error: string, what: string): Record<string, unknown> {
  expectStatus(exchange, status, what);
  const body = expectJsonObject(exchange, what);
  if (body['error'] !== error) {
    fail(`${what}: expected "error": "${error}", got ${excerpt(exchange.response.body)}`);
  }
  return body;
}

export function expectHeaderAbsent(exchange: Exchange, pattern: RegExp, what: string): void {
  const present = Object.keys(exchange.response.headers).filter((name) => pattern.test(name));
  if (present.length > 0) fail(`${what}: must not carry ${present.join(', ')}`);
}

/** Parameters of a `Bearer` challenge, or undefined when the header is not one. */
export function bearerChallenge(exchange: Exchange): Map<string, string> | undefined {
  const value = header(exchange, 'www-authenticate');
  const match = value?.match(/^\s*Bearer(?:\s+(.*))?$/i);
  if (!match) return undefined;
  const parameters = new Map<string, string>();
  for (const [, name = '', quoted, token] of (match[1] ?? '').matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    parameters.set(name.toLowerCase(), quoted ?? token ?? '');
  }
  return parameters;
}
