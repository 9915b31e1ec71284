import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, readJson, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ registerRateLimit: { limit: 1000, windowMs: 60_000 } });
});
afterAll(() => server.close());

const register = (body: unknown, target = server) =>
  fetch(`${target.baseUrl}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const valid = { client_name: 'Claude', redirect_uris: ['https://claude.ai/api/mcp/auth_callback'] };
const posing =
  "'client_name' must not take the form 'Name — host.example': pages show a verified host beside the name, and a chosen name may not imitate one";

async function refusal(body: unknown): Promise<{ status: number; error: string; description: string }> {
  const response = await register(body);
  const json = await readJson(response);
  return { status: response.status, error: json.error, description: json.error_description };
}

describe('POST /register', () => {
  it('registers a public client: client_id, no secret, scope mcp_customer, auth method none', async () => {
    const response = await register(valid);
    expect(response.status).toBe(201);
    const client = await readJson(response);
    expect(client).toMatchObject({
      client_name: 'Claude',
      redirect_uris: valid.redirect_uris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'mcp_customer',
    });
    expect(client.client_id).toMatch(/^cli_/);
    expect(client).not.toHaveProperty('client_secret');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('is idempotent: the same name, redirect URIs and scope return the same client_id and the same body', async () => {
    const first = await (await register({ ...valid, client_name: 'Cursor', redirect_uris: ['cursor://anysphere.cursor-retrieval/oauth/callback'] })).text();
    const second = await (await register({ ...valid, client_name: 'Cursor', redirect_uris: ['cursor://anysphere.cursor-retrieval/oauth/callback'], scope: 'mcp_customer' })).text();
    expect(second).toBe(first);
    const other = await readJson(await register({ ...valid, client_name: 'Cursor 2', redirect_uris: ['cursor://anysphere.cursor-retrieval/oauth/callback'] }));
    expect(other.client_id).not.toBe(JSON.parse(first).client_id);
  });

  it('gives ten parallel identical registrations one client_id', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 10 }, () => register({ client_name: 'Parallel', redirect_uris: ['http://127.0.0.1:4000/cb'] }).then(readJson)),
    );
    expect(new Set(bodies.map((body) => body.client_id)).size).toBe(1);
  });

  it.each([
    ['https://app.example.com/callback'],
    ['http://127.0.0.1:33418/callback'],
    ['http://[::1]:33418/callback'],
    ['http://localhost:6274/oauth/callback'],
    ['cursor://anysphere.cursor-retrieval/oauth/callback'],
    ['vscode://vscode.github-authentication/did-authenticate'],
    ['com.example.app:/oauth2redirect'],
  ])('accepts the redirect URI %s', async (uri) => {
    const response = await register({ client_name: `App for ${uri}`, redirect_uris: [uri] });
    expect(response.status).toBe(201);
  });

  it.each([
    ['http://evil.example.com/cb', "'redirect_uris[0]' 'http://evil.example.com/cb' is refused: it uses http on a non-loopback host: use https, or http on 127.0.0.1, [::1] or localhost"],
    ['https://app.example.com/cb#frag', "'redirect_uris[0]' 'https://app.example.com/cb#frag' is refused: it must not contain a fragment (#)"],
    ['javascript:alert(1)', "'redirect_uris[0]' 'javascript:alert(1)' is refused: it uses the forbidden scheme 'javascript:'"],
    ['data:text/html,hi', "'redirect_uris[0]' 'data:text/html,hi' is refused: it uses the forbidden scheme 'data:'"],
    ['file:///etc/passwd', "'redirect_uris[0]' 'file:///etc/passwd' is refused: it uses the forbidden scheme 'file:'"],
    ['/relative/callback', "'redirect_uris[0]' '/relative/callback' is refused: it is not an absolute URI"],
  ])('refuses the redirect URI %s with 422 invalid_redirect_uri naming it and why', async (uri, description) => {
    expect(await refusal({ client_name: 'Bad', redirect_uris: [uri] })).toEqual({ status: 422, error: 'invalid_redirect_uri', description });
  });

  it('names which of several redirect URIs was refused', async () => {
    const result = await refusal({ client_name: 'Bad', redirect_uris: ['https://ok.example.com/cb', 'http://evil.example.com/cb'] });
    expect(result.description).toMatch(/^'redirect_uris\[1\]' 'http:\/\/evil.example.com\/cb' is refused/);
  });

  it.each([
    [{ redirect_uris: ['https://a.example.com/cb'] }, "'client_name' must be a string: the name the person sees on the consent screen"],
    [{ client_name: '  ', redirect_uris: ['https://a.example.com/cb'] }, "'client_name' must not be empty: it is the name the person sees on the consent screen"],
    [{ client_name: 'X' }, "'redirect_uris' must be an array of redirect URI strings"],
    [{ client_name: 'X', redirect_uris: [] }, "'redirect_uris' must list at least one redirect URI"],
    [{ client_name: 'X', redirect_uris: [42] }, "'redirect_uris[0]' must be a string"],
    [{ ...valid, token_endpoint_auth_method: 'client_secret_basic' }, "'token_endpoint_auth_method' must be 'none': clients are public and never receive a secret"],
    [{ ...valid, grant_types: ['client_credentials'] }, "'grant_types[0]' must be authorization_code or refresh_token"],
    [{ ...valid, grant_types: ['refresh_token'] }, "'grant_types' must include 'authorization_code'"],
    [{ ...valid, response_types: ['token'] }, "'response_types[0]' must be 'code'"],
    [{ ...valid, scope: 'admin' }, "'scope' must include 'mcp_customer', the only scope this server grants"],
    [{ ...valid, client_name: 'Cl\u0000aude' }, "'client_name' must not contain control or text-direction characters, found U+0000 at position 2"],
    [{ ...valid, client_name: 'Claude\u202Eevil' }, "'client_name' must not contain control or text-direction characters, found U+202E at position 6"],
    [{ ...valid, client_name: '\u2066Claude\u2069' }, "'client_name' must not contain control or text-direction characters, found U+2066 at position 0"],
    [{ ...valid, client_name: 'Claude\u009B' }, "'client_name' must not contain control or text-direction characters, found U+009B at position 6"],
    [{ ...valid, client_name: 'Clau\u200Bde' }, "'client_name' must not contain control or text-direction characters, found U+200B at position 4"],
    [{ ...valid, client_name: 'Claude\uD800' }, "'client_name' must not contain control or text-direction characters, found U+D800 at position 6"],
    [{ ...valid, client_name: '\u3164' }, "'client_name' must contain a visible character: it is the name the person sees on the consent screen"],
    [{ ...valid, client_name: '\u3164\u2800 \u115F' }, "'client_name' must contain a visible character: it is the name the person sees on the consent screen"],
    [{ ...valid, client_name: 'Auto client — h9.example:443' }, posing],
    [{ ...valid, client_name: 'Claude - claude.ai' }, posing],
    [{ ...valid, client_name: 'Claude | https://claude.ai/' }, posing],
    [[1, 2], 'the body must be a JSON object of client metadata (RFC 7591)'],
    ['{not json', 'the body is not valid JSON'],
  ])('refuses bad metadata %j with 422 invalid_client_metadata naming the field', async (body, description) => {
    expect(await refusal(body)).toEqual({ status: 422, error: 'invalid_client_metadata', description });
  });
});

describe('the content type of a registration', () => {
  // Bytes, so that fetch adds no Content-Type of its own.
  const send = (contentType: string | undefined, body: string) =>
    fetch(`${server.baseUrl}/register`, { method: 'POST', headers: contentType ? { 'content-type': contentType } : {}, body: Buffer.from(body) });

  it.each([
    ['text/plain', "'text/plain'"],
    ['text/plain;charset=UTF-8', "'text/plain;charset=UTF-8'"],
    ['application/x-www-form-urlencoded', "'application/x-www-form-urlencoded'"],
    [undefined, 'none'],
  ])('refuses a JSON body sent as %s, which a web page could send without a preflight', async (contentType, shown) => {
    const response = await send(contentType, JSON.stringify(valid));
    expect(response.status).toBe(422);
    expect(await readJson(response)).toEqual({
      error: 'invalid_client_metadata',
      error_description: `the body must be sent with 'Content-Type: application/json' (RFC 7591 §3.1), got ${shown}`,
    });
  });

  it.each(['application/json; charset=utf-8', 'APPLICATION/JSON'])('accepts %s', async (contentType) => {
    expect((await send(contentType, JSON.stringify(valid))).status).toBe(201);
  });
});

describe('registration rate limit', () => {
  it('allows 20 registrations per 60 s per client IP, then answers 429 with Retry-After', async () => {
    const limited = await startTestServer();
    try {
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push((await register({ ...valid, client_name: `App ${i}` }, limited)).status);
      expect(statuses.every((status) => status === 201)).toBe(true);
      const refused = await register(valid, limited);
      expect(refused.status).toBe(429);
      expect(await readJson(refused)).toEqual({ error: 'rate_limit_exceeded' });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect([...refused.headers.keys()].some((name) => name.startsWith('x-ratelimit'))).toBe(false);
    } finally {
      await limited.close();
    }
  });

  it('ignores X-Forwarded-For unless started with trust proxy, and then counts per forwarded address', async () => {
    const direct = await startTestServer({ registerRateLimit: { limit: 1, windowMs: 60_000 } });
    const proxied = await startTestServer({ registerRateLimit: { limit: 1, windowMs: 60_000 }, trustProxy: true });
    const from = (target: TestServer, address: string) =>
      fetch(`${target.baseUrl}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(valid),
      }).then((r) => r.status);
    try {
      expect([await from(direct, '198.51.100.1'), await from(direct, '198.51.100.2')]).toEqual([201, 429]);
      expect([await from(proxied, '198.51.100.1'), await from(proxied, '198.51.100.2'), await from(proxied, '198.51.100.1')]).toEqual([201, 201, 429]);
      // One hop: the proxy appends the address it saw, so only the last entry is the client's.
      expect(await from(proxied, '203.0.113.7, 198.51.100.3')).toBe(201);
      expect(await from(proxied, '203.0.113.8, 198.51.100.3')).toBe(429);
      expect(await from(proxied, '198.51.100.3, 198.51.100.4')).toBe(201);
      // One /64 is one budget.
      expect([await from(proxied, '2001:db8:1:2::1'), await from(proxied, '2001:db8:1:2:ffff::9')]).toEqual([201, 429]);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});
