import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http.js';
import { targetFrom } from '../target.js';
import { htmlDocumentProblem } from './app-views.js';
import { learn } from './knowledge.js';
import { tagExchange } from './tags.js';
import { refreshTargets } from './tokens.js';
import { noServerErrors } from './transport.js';

const target = targetFrom('https://mcp.example');

function exchange(method: string, url: string, status: number, headers: Record<string, string>, body = '', requestBody?: string): Exchange {
  return {
    request: { method, url, headers: {}, ...(requestBody === undefined ? {} : { body: requestBody }) },
    response: { status, headers, setCookie: [], body },
    startedAt: 0,
    durationMs: 0,
  };
}

const metadata = exchange('GET', target.authorizationServerMetadata, 200, { 'content-type': 'application/json' }, JSON.stringify({
  authorization_endpoint: 'https://auth.example/oauth/authorize',
  token_endpoint: 'https://auth.example/oauth/token',
  revocation_endpoint: 'https://auth.example/oauth/revoke',
}));

describe('a view is a whole HTML5 document', () => {
  test('a document that ends where a parser expects it passes, optional end tags left out or not', () => {
    expect(htmlDocumentProblem('<!DOCTYPE html><html><head><title>x</title><script>let a = "<";</script></head><body><p>hi</body></html>')).toBeUndefined();
    expect(htmlDocumentProblem('<!doctype html>\n<title>x</title><p>no end tags')).toBeUndefined();
  });

  test('a document cut inside a tag, a script, a title or a comment is reported', () => {
    expect(htmlDocumentProblem('<!DOCTYPE html><html><head><title>Results</title></head><bo')).toMatch(/ends inside a tag/);
    expect(htmlDocumentProblem('<!DOCTYPE html><script>const chart = draw(')).toMatch(/inside a <script> element/);
    expect(htmlDocumentProblem('<!DOCTYPE html><title>Resu')).toMatch(/inside a <title> element/);
    expect(htmlDocumentProblem('<!DOCTYPE html><p>x<!-- note')).toMatch(/inside a comment/);
    expect(htmlDocumentProblem('<div id="chart"></div>')).toMatch(/no <!DOCTYPE html> first/);
  });
});

describe('where a page sends the browser by itself', () => {
  test('meta refreshes and script location assignments are found, entities decoded', () => {
    const page = '<meta http-equiv="refresh" content="3;url=https://a.example/x?y=1&amp;z=2"><script>window.location.href = "https://b.example/"; location.replace(\'https://c.example/\')</script>';
    expect(refreshTargets(page)).toEqual(['https://a.example/x?y=1&z=2', 'https://b.example/', 'https://c.example/']);
    expect(refreshTargets('<p>No refresh here</p>')).toEqual([]);
  });
});

describe('exchanges tagged against the metadata the run discovered', () => {
  const tag = (x: Exchange) => tagExchange({ exchange: x, purpose: 'probe' }, learn(target, [{ exchange: metadata, purpose: 'flow' }, { exchange: x, purpose: 'probe' }]));

  test('the endpoints the metadata names are classified on the auth host, the MCP endpoint by the era its request speaks', () => {
    expect(tag(exchange('POST', 'https://auth.example/oauth/token', 200, {}))).toMatchObject({ endpoint: 'token', host: 'auth' });
    expect(tag(exchange('GET', 'https://auth.example/oauth/authorize?client_id=x', 200, { 'content-type': 'text/html' }))).toMatchObject({ endpoint: 'authorization', host: 'auth' });
    expect(tag(exchange('GET', 'https://auth.example/.well-known/oauth-authorization-server', 200, {}))).toMatchObject({ endpoint: 'metadata', host: 'auth' });
    expect(tag(exchange('GET', 'https://auth.example/sign-in', 200, { 'content-type': 'text/html; charset=utf-8' }))).toMatchObject({ endpoint: 'page', host: 'auth' });
    const modern = { ...exchange('POST', target.mcpEndpoint, 200, {}, '', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })) };
    const modernRequest = { ...modern, request: { ...modern.request, headers: { 'mcp-protocol-version': '2026-07-28' } } };
    expect(tag(modernRequest)).toMatchObject({ endpoint: 'mcp', host: 'mcp', era: '2026-07-28', method: 'tools/list' });
    expect(tag(exchange('POST', target.mcpEndpoint, 200, {}, '', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize' })))).toMatchObject({ era: '2025-11-25', method: 'initialize' });
    expect(tag(exchange('GET', 'https://client.example/doc.json', 200, {}))).toMatchObject({ endpoint: 'other', host: 'elsewhere' });
  });

  test('tokens and codes the deployment issued are learnt from the run', () => {
    const issued = exchange('POST', 'https://auth.example/oauth/token', 200, { 'content-type': 'application/json' }, JSON.stringify({ access_token: 'at_0123456789', refresh_token: 'rt_0123456789' }));
    const redirect = exchange('POST', 'https://auth.example/oauth/consent', 303, { location: 'http://127.0.0.1:33418/callback?code=code_0123456789&state=s' });
    const known = learn(target, [issued, redirect].map((x) => ({ exchange: x, purpose: 'sign-in' as const })));
    expect([...known.tokens]).toEqual(['at_0123456789', 'rt_0123456789']);
    expect([...known.codes]).toEqual(['code_0123456789']);
  });
});

describe('which 5xx answers fail the run', () => {
  const judged = (x: Exchange) => {
    const known = learn(target, [{ exchange: metadata, purpose: 'flow' }, { exchange: x, purpose: 'negative' }]);
    return noServerErrors.judge(tagExchange({ exchange: x, purpose: 'negative' }, known), known);
  };
  const authorize = (clientId: string) => `https://auth.example/oauth/authorize?response_type=code&client_id=${encodeURIComponent(clientId)}`;
  const page = { 'content-type': 'text/html' };

  test("a 503 with Retry-After for an https client_id whose document could not be fetched is a client's host out of reach, not a failure", () => {
    expect(judged(exchange('GET', authorize('https://0.0.0.0:4000/conformance-client.json'), 503, { ...page, 'retry-after': '60' }))).toBeUndefined();
  });

  test('a 503 without Retry-After, a 500, or a 503 for a registered client fails', () => {
    expect(judged(exchange('GET', authorize('https://0.0.0.0:4000/conformance-client.json'), 503, page))).toMatch(/^HTTP 503 to GET/);
    expect(judged(exchange('GET', authorize('https://0.0.0.0:4000/conformance-client.json'), 500, { ...page, 'retry-after': '60' }))).toMatch(/^HTTP 500 to GET/);
    expect(judged(exchange('GET', authorize('cli_123'), 503, { ...page, 'retry-after': '60' }))).toMatch(/^HTTP 503 to GET/);
    expect(judged(exchange('POST', 'https://auth.example/oauth/token', 503, { 'retry-after': '60' }))).toMatch(/^HTTP 503 to POST/);
  });
});

describe('what the run shows of 2025-11-25', () => {
  const initialize = (status: number, body: unknown) =>
    exchange('POST', target.mcpEndpoint, status, { 'content-type': 'application/json' }, JSON.stringify(body), JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize' }));
  const refused = initialize(400, { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'unsupported version' } });
  const answered = initialize(200, { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } });
  const knownFrom = (...xs: Exchange[]) => learn(target, xs.map((x) => ({ exchange: x, purpose: 'probe' as const })));

  test('it is refused only when no initialize of the run was answered: a server of both eras refuses some (a bad version header)', () => {
    expect(knownFrom(refused).legacyRefused).toBe(true);
    expect(knownFrom(refused, answered).legacyRefused).toBe(false);
    expect(knownFrom(answered).legacyRefused).toBe(false);
  });
});
