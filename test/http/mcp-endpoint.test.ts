import { request } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMcp, rpc, tokenFor } from '../helpers/mcp.js';
import { createTestUser, readJson, startTestServer, type TestServer } from '../helpers/server.js';

// The HTTP edges of `/` that the transport tests leave open: CORS on every answer, preflights,
// methods, request targets, compressed and chunked bodies, the gate's order, and other paths.

let server: TestServer;
let alice: string;
let challenge: string;

beforeAll(async () => {
  server = await startTestServer();
  await createTestUser(server);
  alice = await tokenFor(server, 'alice@example.com');
  challenge = `Bearer resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`;
});
afterAll(() => server.close());

const exposed = 'WWW-Authenticate, Retry-After, MCP-Protocol-Version, Mcp-Session-Id';
const browser = { origin: 'http://localhost:6274' };

function expectCors(response: Response) {
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-expose-headers')).toBe(exposed);
}

/** A raw POST /, for bodies fetch would not send as they are. */
function postRaw(headers: Record<string, string | number>, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: 'POST', path: '/', headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const jsonHeaders = () => ({ authorization: `Bearer ${alice}`, 'content-type': 'application/json' });

describe('CORS on /', () => {
  it('carries the open CORS headers on a 401 to a browser, with the challenge it can read', async () => {
    const response = await postMcp(server, rpc('ping'), { headers: browser });
    expect(response.status).toBe(401);
    expectCors(response);
    expect(response.headers.get('www-authenticate')).toBe(challenge);
  });

  it('carries them on every other answer too', async () => {
    const answers = [
      await postMcp(server, rpc('ping'), { token: alice, headers: browser }),
      await postMcp(server, rpc('ping'), { token: alice, headers: { origin: 'https://evil.example' } }),
      await fetch(`${server.baseUrl}/`, { headers: { authorization: `Bearer ${alice}`, ...browser } }),
      await fetch(`${server.baseUrl}/`, { method: 'PUT', headers: { authorization: `Bearer ${alice}`, ...browser } }),
      await postMcp(server, { jsonrpc: '2.0', method: 'notifications/initialized' }, { token: alice, headers: browser }),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 403, 404, 405, 202]);
    answers.forEach(expectCors);
  });

  it('answers a preflight with 204 and no token, echoing the requested headers', async () => {
    const response = await fetch(`${server.baseUrl}/`, {
      method: 'OPTIONS',
      headers: { ...browser, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, mcp-protocol-version' },
    });
    expect(response.status).toBe(204);
    expectCors(response);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, mcp-protocol-version');
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(await response.text()).toBe('');
  });

  it('names the headers it accepts when the preflight asks for none', async () => {
    const response = await fetch(`${server.baseUrl}/`, { method: 'OPTIONS', headers: browser });
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, MCP-Protocol-Version, Mcp-Session-Id, Last-Event-ID');
  });
});

describe('methods and request targets', () => {
  it('answers HEAD as GET: 404 with the token, 401 without', async () => {
    const withToken = await fetch(`${server.baseUrl}/`, { method: 'HEAD', headers: { authorization: `Bearer ${alice}` } });
    expect(withToken.status).toBe(404);
    expect(await withToken.text()).toBe('');
    expect((await fetch(`${server.baseUrl}/`, { method: 'HEAD' })).status).toBe(401);
  });

  it('answers any other method with 405 and Allow: GET, POST', async () => {
    for (const method of ['PUT', 'PATCH']) {
      const response = await fetch(`${server.baseUrl}/`, { method, headers: { authorization: `Bearer ${alice}` } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, POST');
      expect((await readJson(response)).error).toEqual({ code: -32600, message: `Method not allowed: ${method} (stateless server, no sessions to end)` });
    }
  });

  it('serves / with a query string, and // (one trailing slash), but not ///', async () => {
    const at = (path: string) => fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
      body: JSON.stringify(rpc('ping')),
    });
    expect((await at('/?client=inspector')).status).toBe(200);
    expect((await at('//')).status).toBe(200);
    expect((await at('///')).status).toBe(404);
  });
});

describe('the stream GET at --stream-get-status 405, for strict clients', () => {
  let strict: TestServer;
  let token: string;
  beforeAll(async () => {
    strict = await startTestServer({ streamGetStatus: 405 });
    await createTestUser(strict);
    token = await tokenFor(strict, 'alice@example.com');
  });
  afterAll(() => strict.close());

  it('answers GET and HEAD with 405, Allow: POST and the same JSON-RPC body as the 404', async () => {
    const contract = await fetch(`${server.baseUrl}/`, { headers: { authorization: `Bearer ${alice}`, accept: 'text/event-stream' } });
    const get = await fetch(`${strict.baseUrl}/`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await readJson(get)).toEqual(await readJson(contract));
    const head = await fetch(`${strict.baseUrl}/`, { method: 'HEAD', headers: { authorization: `Bearer ${token}` } });
    expect(head.status).toBe(405);
  });

  it('still asks for a token first, and names only POST as allowed on every 405', async () => {
    expect((await fetch(`${strict.baseUrl}/`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
    const deleted = await fetch(`${strict.baseUrl}/`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get('allow')).toBe('POST');
  });
});

describe('POST / bodies and media types', () => {
  it('refuses a client that does not accept JSON with 406', async () => {
    const response = await postMcp(server, rpc('ping'), { token: alice, headers: { accept: 'text/html' } });
    expect(response.status).toBe(406);
    expect((await readJson(response)).error).toEqual({ code: -32000, message: 'Not Acceptable: the client must accept application/json' });
  });

  it('refuses an empty batch and one of more than 100 messages', async () => {
    for (const batch of [[], Array.from({ length: 101 }, () => rpc('ping'))]) {
      const response = await postMcp(server, batch, { token: alice });
      expect(response.status).toBe(400);
      expect((await readJson(response)).error.code).toBe(-32600);
    }
  });

  it('answers a batch only where the negotiated revision has batches: 2025-03-26 (or no header) yes, 2025-06-18 and later no', async () => {
    const batch = [rpc('ping'), rpc('ping')];
    for (const version of [undefined, '2025-03-26']) {
      const response = await postMcp(server, batch, { token: alice, headers: version ? { 'mcp-protocol-version': version } : {} });
      expect([version, response.status]).toEqual([version, 200]);
      expect(await readJson(response)).toHaveLength(2);
    }
    for (const version of ['2025-06-18', '2025-11-25']) {
      const response = await postMcp(server, batch, { token: alice, headers: { 'mcp-protocol-version': version } });
      expect([version, response.status]).toEqual([version, 400]);
      expect((await readJson(response)).error).toEqual({
        code: -32600,
        message: `Invalid Request: MCP-Protocol-Version ${version} has no JSON-RPC batches (removed in 2025-06-18): send one message per request`,
      });
    }
  });

  it('reads a chunked body', async () => {
    const text = JSON.stringify(rpc('ping'));
    const answer = await postRaw(jsonHeaders(), [Buffer.from(text.slice(0, 10)), Buffer.from(text.slice(10))]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).result).toEqual({});
  });

  it('decodes gzip, deflate and br bodies', async () => {
    const request = rpc('ping');
    const text = JSON.stringify(request);
    for (const [encoding, body] of [['gzip', gzipSync(text)], ['deflate', deflateSync(text)], ['br', brotliCompressSync(text)]] as const) {
      const answer = await postRaw({ ...jsonHeaders(), 'content-encoding': encoding, 'content-length': body.length }, [body]);
      expect(answer.status, encoding).toBe(200);
      expect(JSON.parse(answer.body), encoding).toEqual({ jsonrpc: '2.0', id: request.id, result: {} });
    }
  });

  it('answers an encoding it does not decode with 415, and a corrupt compressed body with 400', async () => {
    const text = Buffer.from(JSON.stringify(rpc('ping')));
    const unknown = await postRaw({ ...jsonHeaders(), 'content-encoding': 'compress', 'content-length': text.length }, [text]);
    expect(unknown.status).toBe(415);
    expect(JSON.parse(unknown.body).error.message).toContain("Content-Encoding 'compress'");
    const corrupt = Buffer.from('not gzip at all');
    const broken = await postRaw({ ...jsonHeaders(), 'content-encoding': 'gzip', 'content-length': corrupt.length }, [corrupt]);
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body).error.message).toBe('Bad Request: the gzip body could not be decoded');
  });

  it('counts the limit after decoding, and without a Content-Length', async () => {
    const padded = JSON.stringify(rpc('ping', { padding: 'x'.repeat(1_100_000) }));
    const gzipped = gzipSync(padded);
    expect((await postRaw({ ...jsonHeaders(), 'content-encoding': 'gzip', 'content-length': gzipped.length }, [gzipped])).status).toBe(413);
    const chunked = await postRaw(jsonHeaders(), [Buffer.from(padded.slice(0, 600_000)), Buffer.from(padded.slice(600_000))]);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error.message).toMatch(/at most 1048576 bytes/);
  });

  it('takes a body of exactly the limit', async () => {
    const request = rpc('ping', { padding: '' });
    const text = JSON.stringify({ ...request, params: { padding: 'x'.repeat(1024 * 1024 - JSON.stringify(request).length) } });
    expect(Buffer.byteLength(text)).toBe(1024 * 1024);
    expect((await postMcp(server, text, { token: alice })).status).toBe(200);
  });
});

describe('the gate: origin, then bearer token, then rate limit, then routing', () => {
  let limited: TestServer;
  let token: string;
  beforeAll(async () => {
    limited = await startTestServer({ mcpRateLimit: { limit: 1, windowMs: 60_000 } });
    await createTestUser(limited);
    token = await tokenFor(limited, 'alice@example.com');
    expect((await postMcp(limited, rpc('ping'), { token })).status).toBe(200);
  });
  afterAll(() => limited.close());

  it('refuses a foreign origin before looking at the token or the budget', async () => {
    for (const auth of [{}, { token }]) {
      const response = await postMcp(limited, rpc('ping'), { ...auth, headers: { origin: 'https://evil.example' } });
      expect(response.status).toBe(403);
      // Not the token's 401 nor the budget's 429: the origin's own refusal.
      expect(response.headers.get('www-authenticate')).toBeNull();
      expect(await readJson(response)).toEqual({
        error: 'forbidden_origin',
        error_description: "origin 'https://evil.example' may not call this server; start it with --allowed-origin https://evil.example to allow it",
      });
    }
  });

  it('refuses a spent budget before routing the method', async () => {
    const response = await fetch(`${limited.baseUrl}/`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectCors(response);
  });
});

describe('other paths of the MCP host', () => {
  it('answer 404 not_found without asking for a token: only / is the MCP endpoint', async () => {
    for (const headers of [{}, { authorization: `Bearer ${alice}` }] as Array<Record<string, string>>) {
      const response = await fetch(`${server.baseUrl}/nope`, { headers });
      expect(response.status).toBe(404);
      expect(await readJson(response)).toEqual({ error: 'not_found', error_description: 'no route for GET /nope' });
    }
  });

  it('leave discovery open to anyone', async () => {
    expect((await fetch(`${server.baseUrl}/.well-known/oauth-protected-resource`, { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});
