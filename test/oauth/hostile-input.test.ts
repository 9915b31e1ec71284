import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CookieJar,
  createTestUser,
  formFields,
  pkcePair,
  postToken,
  readJson,
  registerClient,
  startTestServer,
  testPassword,
  type TestServer,
} from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await createTestUser(server);
});
afterAll(() => server.close());

describe('input from a hostile or broken browser', () => {
  it('treats a mangled cookie as no cookie instead of failing with 500', async () => {
    const response = await fetch(`${server.authUrl}/account/apps`, { headers: { cookie: 'survey_session=%E0%A4%A; survey_csrf=%' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('action="/sign-in"');
  });

  it.each(['//evil.example', '/.//evil.example', '/%2e//evil.example', '/a/..//evil.example', 'https://evil.example/'])(
    'never sends the person off this host after sign-in, whatever return_to says: %s',
    async (returnTo) => {
      const jar = new CookieJar();
      const page = await (await jar.fetch(`${server.authUrl}/account/apps`)).text();
      const response = await jar.postForm(`${server.authUrl}/sign-in`, {
        ...formFields(page, '/sign-in'),
        email: 'alice@example.com',
        password: testPassword,
        return_to: returnTo,
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/account/apps');
    },
  );
});

describe('input from a hostile or broken client', () => {
  it('answers a Basic header that is not valid percent-encoding with 400 invalid_request, never 500', async () => {
    const response = await fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('%:').toString('base64')}`,
      },
      body: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('takes an empty scope at the authorization endpoint as the default scope', async () => {
    const client = await registerClient(server);
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0]!,
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      state: 's',
      scope: '',
    });
    const response = await fetch(`${server.authUrl}/oauth/authorize?${params}`, { redirect: 'manual' });
    expect(response.status).toBe(200);
  });

  it('registers a client that asks for offline_access beside mcp_customer, granting mcp_customer', async () => {
    const client = await registerClient(server, { client_name: 'Wants offline', scope: 'mcp_customer offline_access' });
    expect(client.scope).toBe('mcp_customer');
  });

  it('still refuses a refresh grant for a client it does not know, with 400 invalid_client naming the client_id', async () => {
    const response = await postToken(server, { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'cli_nope' });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ error: 'invalid_client', error_description: "no client is registered with client_id 'cli_nope'" });
  });
});

describe('password guessing', () => {
  it('refuses sign-in attempts past the limit with 429, a Retry-After and the sign-in page saying when to try again', async () => {
    const limited = await startTestServer({ signInRateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      await createTestUser(limited);
      const jar = new CookieJar();
      const page = await (await jar.fetch(`${limited.authUrl}/account/apps`)).text();
      const attempt = () =>
        jar.postForm(`${limited.authUrl}/sign-in`, { ...formFields(page, '/sign-in'), email: 'alice@example.com', password: 'guess' });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.text()).toMatch(/Too many sign-in attempts\. Try again in \d+ seconds\./);
      const right = await jar.postForm(`${limited.authUrl}/sign-in`, {
        ...formFields(page, '/sign-in'),
        email: 'alice@example.com',
        password: testPassword,
      });
      expect(right.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
