import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  CookieJar,
  createTestUser,
  obtainTokens,
  pkcePair,
  registerClient,
  signIn,
  startTestServer,
  type RegisteredClient,
  type TestServer,
} from '../helpers/server.js';

// RFC 9700 §4.11.2: anyone can register an https redirect URI, so an error must not bounce a
// stranger's browser there; it may for native apps, and for a person who already connected the app.
let server: TestServer;
let phisher: RegisteredClient;
const { challenge } = pkcePair();

beforeAll(async () => {
  server = await startTestServer({ registerRateLimit: { limit: 1000, windowMs: 60_000 } });
  await createTestUser(server);
  phisher = await registerClient(server, { client_name: 'Totally Legit', redirect_uris: ['https://evil.example/phish'] });
});
afterAll(() => server.close());

const badRequest = (client: RegisteredClient) => authorizeUrl(server, { client, challenge, state: 's1', extra: { response_type: 'x' } });

describe('an authorization error for an https redirect URI', () => {
  it('shows a stranger a page naming the app and the destination, with a link, instead of redirecting', async () => {
    const response = await fetch(badRequest(phisher), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const page = await response.text();
    expect(page).toContain('<span class="client-name">Totally Legit</span> <span class="chosen-name">(name chosen by the app)</span>');
    expect(page.replace(/<span class="client-name">Totally Legit<\/span>/, '')).not.toContain('Totally Legit');
    expect(page).toContain('<strong class="host">evil.example</strong>');
    const link = /<a class="button secondary" href="([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&');
    const target = new URL(link!);
    expect(`${target.origin}${target.pathname}`).toBe('https://evil.example/phish');
    expect(target.searchParams.get('error')).toBe('unsupported_response_type');
    expect(target.searchParams.get('state')).toBe('s1');
    expect(target.searchParams.get('iss')).toBe(server.baseUrl);
  });

  it('answers a client probing with Accept: application/json with the error in JSON, not a redirect', async () => {
    const response = await fetch(badRequest(phisher), { redirect: 'manual', headers: { accept: 'application/json' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'unsupported_response_type' });
  });

  it('shows the page to a signed-in person who never connected the app', async () => {
    const jar = new CookieJar();
    await signIn(server, jar, authorizeUrl(server, { client: phisher, challenge }), 'alice@example.com');
    const response = await jar.fetch(badRequest(phisher));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('redirects a signed-in person who already connected the app', async () => {
    const trusted = await registerClient(server, { client_name: 'Known App', redirect_uris: ['https://known.example/cb'] });
    const jar = new CookieJar();
    await signIn(server, jar, authorizeUrl(server, { client: trusted, challenge }), 'alice@example.com');
    await obtainTokens(server, { client: trusted });
    const response = await jar.fetch(badRequest(trusted));
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('shows the page, not a redirect, to a person who connected another app but never this one', async () => {
    await createTestUser(server, 'bob@example.com', 'Bob Example');
    const connected = await registerClient(server, { client_name: 'Bob App', redirect_uris: ['https://bob-app.example/cb'] });
    const other = await registerClient(server, { client_name: 'Other App', redirect_uris: ['https://other-app.example/cb'] });
    const jar = new CookieJar();
    await signIn(server, jar, authorizeUrl(server, { client: connected, challenge }), 'bob@example.com');
    await obtainTokens(server, { client: connected, email: 'bob@example.com' });
    expect((await jar.fetch(badRequest(connected))).status).toBe(302);

    const response = await jar.fetch(badRequest(other));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('<span class="client-name">Other App</span>');
  });
});

describe('an authorization error for a native app', () => {
  it('goes straight back to a loopback redirect URI, which no website can receive', async () => {
    const redirectUri = 'http://127.0.0.1:9999/callback';
    const native = await registerClient(server, { client_name: 'Native', redirect_uris: [redirectUri] });
    const response = await fetch(badRequest(native), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:9999\/callback\?error=unsupported_response_type/);
  });

  it('shows a stranger the page for a private-use scheme, which a browser may claim to open a web address', async () => {
    const browserScheme = await registerClient(server, { client_name: 'Edge Lure', redirect_uris: ['microsoft-edge:https://evil.example/phish'] });
    const response = await fetch(badRequest(browserScheme), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('<span class="client-name">Edge Lure</span>');
  });
});
