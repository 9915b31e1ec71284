import { afterEach, describe, expect, it } from 'vitest';
import { CookieJar, createTestUser, formFields, startTestServer, testPassword, type TestServer } from '../helpers/server.js';

// Behind a proxy (--trust-proxy), so each attempt can come from the address a test chooses.
// The per-address budget is 2 a minute, so the per-account budget is 10 per 15 minutes.
const perAddress = { limit: 2, windowMs: 60_000 };
let server: TestServer;
afterEach(() => server.close());

async function start(): Promise<void> {
  server = await startTestServer({ signInRateLimit: perAddress, trustProxy: true });
  for (const name of ['alice', 'bob', 'carol']) await createTestUser(server, `${name}@example.com`, name);
}

/** One sign-in attempt from `address`, in the browser `jar`: the response status. */
async function attempt(jar: CookieJar, address: string, email: string, password = 'a wrong guess'): Promise<number> {
  const headers = { 'x-forwarded-for': address };
  const page = await (await jar.fetch(`${server.authUrl}/account/apps`, { headers })).text();
  const response = await jar.fetch(`${server.authUrl}/sign-in`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', origin: server.authUrl },
    body: new URLSearchParams({ ...formFields(page, '/sign-in'), email, password }).toString(),
  });
  return response.status;
}

describe('the per-address sign-in budget', () => {
  it('stops one address guessing across many accounts, each of which has budget left', async () => {
    await start();
    const jar = new CookieJar();
    expect(await attempt(jar, '198.51.100.1', 'alice@example.com')).toBe(401);
    expect(await attempt(jar, '198.51.100.1', 'bob@example.com')).toBe(401);
    expect(await attempt(jar, '198.51.100.1', 'carol@example.com')).toBe(429);
    expect(await attempt(jar, '198.51.100.2', 'carol@example.com')).toBe(401);
  });
});

describe('the per-account sign-in budget', () => {
  it('stops guessing one account from rotating addresses, even a right guess from a new browser', async () => {
    await start();
    for (let i = 1; i <= 10; i++) expect(await attempt(new CookieJar(), `203.0.113.${i}`, 'alice@example.com')).toBe(401);
    expect(await attempt(new CookieJar(), '203.0.113.11', 'alice@example.com', testPassword)).toBe(429);
    expect(await attempt(new CookieJar(), '203.0.113.12', 'bob@example.com', testPassword)).toBe(303);
  });

  it('does not lock the owner out: a browser that signed in to the account before still can', async () => {
    await start();
    const owners = new CookieJar();
    expect(await attempt(owners, '192.0.2.50', 'alice@example.com', testPassword)).toBe(303);
    const apps = await (await owners.fetch(`${server.authUrl}/account/apps`)).text();
    expect((await owners.postForm(`${server.authUrl}/sign-out`, formFields(apps, '/sign-out'))).status).toBe(303);
    for (let i = 1; i <= 11; i++) await attempt(new CookieJar(), `203.0.113.${i}`, 'alice@example.com');
    expect(await attempt(new CookieJar(), '203.0.113.99', 'alice@example.com', testPassword)).toBe(429);
    expect(await attempt(owners, '192.0.2.50', 'alice@example.com', testPassword)).toBe(303);
  });
});
