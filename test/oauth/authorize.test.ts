import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  CookieJar,
  createTestUser,
  formFields,
  pkcePair,
  registerClient,
  runAuthorization,
  signIn,
  startTestServer,
  testPassword,
  type RegisteredClient,
  type TestServer,
  readJson,
} from '../helpers/server.js';

let server: TestServer;
let client: RegisteredClient;
const { challenge } = pkcePair();

beforeAll(async () => {
  server = await startTestServer({ registerRateLimit: { limit: 1000, windowMs: 60_000 } });
  await createTestUser(server);
  client = await registerClient(server, { client_name: 'Claude', redirect_uris: ['http://127.0.0.1:9999/callback', 'https://claude.ai/api/mcp/auth_callback'] });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { redirect: 'manual', headers });
const urlWith = (params: Record<string, string | undefined>) => {
  const url = new URL(authorizeUrl(server, { client, challenge }));
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return url.href;
};

describe('authorization endpoint, phase one: an error page, never a redirect', () => {
  it('shows an error page for an unknown client', async () => {
    const response = await get(urlWith({ client_id: 'cli_unknown' }), { accept: 'text/html' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('no app is registered with client_id <code class="value">cli_unknown</code>');
  });

  it('answers an unknown client probed with Accept: application/json with 400 invalid_client in JSON', async () => {
    const response = await get(urlWith({ client_id: 'cli_unknown' }), { accept: 'application/json' });
    expect(response.status).toBe(400);
    expect((await readJson(response)).error).toBe('invalid_client');
  });

  it.each([
    ['an unregistered redirect URI', { redirect_uri: 'https://evil.example.com/cb' }],
    ['a redirect URI differing only by a trailing slash', { redirect_uri: 'https://claude.ai/api/mcp/auth_callback/' }],
    ['localhost where 127.0.0.1 was registered', { redirect_uri: 'http://localhost:9999/callback' }],
    ['a missing redirect URI', { redirect_uri: undefined }],
    ['a missing client_id', { client_id: undefined }],
  ])('shows an error page for %s', async (_case, params) => {
    const response = await get(urlWith(params));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('accepts a loopback redirect URI on another port (RFC 8252)', async () => {
    const response = await get(urlWith({ redirect_uri: 'http://127.0.0.1:51234/callback' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('action="/sign-in"');
  });
});

describe('authorization endpoint, phase two: errors go back to the client with state and iss', () => {
  const redirected = async (params: Record<string, string | undefined>) => {
    const response = await get(urlWith({ state: 'st&=/+ ü', ...params }));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:9999/callback');
    expect(location.searchParams.get('state')).toBe('st&=/+ ü');
    expect(location.searchParams.get('iss')).toBe(server.baseUrl);
    return { error: location.searchParams.get('error'), description: location.searchParams.get('error_description') };
  };

  it('requires PKCE', async () => {
    expect(await redirected({ code_challenge: undefined })).toEqual({
      error: 'invalid_request',
      description: "'code_challenge' is required: this server requires PKCE (use S256)",
    });
  });

  it('refuses an unknown code_challenge_method', async () => {
    expect(await redirected({ code_challenge_method: 'S512' })).toEqual({
      error: 'invalid_request',
      description: "'code_challenge_method' 'S512' is not supported: use S256 (or plain)",
    });
  });

  it('refuses a malformed S256 challenge', async () => {
    expect((await redirected({ code_challenge: 'short' })).error).toBe('invalid_request');
  });

  it('refuses a response_type other than code', async () => {
    expect((await redirected({ response_type: 'token' })).error).toBe('unsupported_response_type');
  });

  it('refuses a scope that does not include mcp_customer', async () => {
    expect(await redirected({ scope: 'admin' })).toEqual({
      error: 'invalid_scope',
      description: "'scope' 'admin' is not offered: the only scope is 'mcp_customer'",
    });
  });

  it('ignores scopes it does not offer beside mcp_customer, such as openid', async () => {
    expect((await get(urlWith({ scope: 'openid mcp_customer offline_access' }))).status).toBe(200);
  });

  it('refuses a resource that is not this server', async () => {
    expect((await redirected({ resource: 'https://other.example.com' })).error).toBe('invalid_target');
  });

  it('accepts the resource with or without a trailing slash', async () => {
    for (const resource of [server.baseUrl, `${server.baseUrl}/`]) {
      expect((await get(urlWith({ resource }))).status).toBe(200);
    }
  });

  it('takes an empty resource or scope as omitted, not as a value to refuse (RFC 6749 §3.1)', async () => {
    for (const empty of [{ resource: '' }, { scope: '' }]) {
      expect((await get(urlWith(empty))).status).toBe(200);
    }
  });
});

describe('sign-in and consent pages', () => {
  it('shows a sign-in page naming the app, framed by nobody, with a CSRF cookie that is HttpOnly and SameSite=Lax', async () => {
    const response = await get(urlWith({}));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('survey_csrf='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const page = await response.text();
    expect(page).toContain('to continue to <strong class="client-name">Claude</strong> <span class="chosen-name">(name chosen by the app)</span>');
    expect(formFields(page, '/sign-in').csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a wrong password with the sign-in page again and no session', async () => {
    const jar = new CookieJar();
    const page = await (await jar.fetch(urlWith({}))).text();
    const response = await jar.postForm(`${server.authUrl}/sign-in`, { ...formFields(page, '/sign-in'), email: 'alice@example.com', password: 'wrong password' });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('That email and password do not match an active account.');
    expect(response.headers.getSetCookie().some((line) => line.startsWith('survey_session='))).toBe(false);
  });

  it('tells a disabled person who gives the right password that the account is disabled; a wrong password learns nothing more', async () => {
    const dee = await createTestUser(server, 'dee@example.com', 'Dee');
    await server.store.setUserDisabled(dee.id, true);
    const attempt = async (password: string) => {
      const jar = new CookieJar();
      const page = await (await jar.fetch(urlWith({}))).text();
      return jar.postForm(`${server.authUrl}/sign-in`, { ...formFields(page, '/sign-in'), email: 'dee@example.com', password });
    };
    const right = await attempt(testPassword);
    expect(right.status).toBe(403);
    expect(await right.text()).toContain('This account is disabled. An administrator can enable it again.');
    expect(right.headers.getSetCookie().some((line) => line.startsWith('survey_session='))).toBe(false);
    const wrong = await attempt('wrong password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That email and password do not match an active account.');
  });

  it('refuses a sign-in without the CSRF token', async () => {
    const jar = new CookieJar();
    await jar.fetch(urlWith({}));
    const response = await jar.postForm(`${server.authUrl}/sign-in`, { email: 'alice@example.com', password: testPassword, return_to: '/account/apps' });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('This form expired. Please sign in again.');
    expect(response.headers.getSetCookie().some((line) => line.startsWith('survey_session='))).toBe(false);
  });

  it('shows the client name and redirect destination on the consent page, escaped, and stores nothing on GET', async () => {
    const sneaky = await registerClient(server, { client_name: '<script>alert(1)</script> Helper', redirect_uris: ['https://helper.example.com/cb'] });
    const jar = new CookieJar();
    const url = authorizeUrl(server, { client: sneaky, challenge });
    const consent = await signIn(server, jar, url, 'alice@example.com');
    expect(consent).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Helper');
    expect(consent).not.toContain('<script>alert(1)');
    expect(consent).toContain('helper.example.com');
    expect(consent).toContain('https://helper.example.com/cb');
    await jar.fetch(url);
    const user = await server.store.findUserByEmail('alice@example.com');
    expect((await server.store.listConnectedApps(user!.id)).map((app) => app.clientId)).not.toContain(sneaky.client_id);
  });

  it('shows the scheme, not the host the app wrote, as the destination of a private-use redirect URI', async () => {
    const spoof = await registerClient(server, { client_name: 'Not Claude', redirect_uris: ['myapp://claude.ai/callback'] });
    const consent = await signIn(server, new CookieJar(), authorizeUrl(server, { client: spoof, challenge }), 'alice@example.com');
    expect(consent).toContain('<strong class="host">myapp:</strong> <span class="label">an app on this device</span>');
    expect(consent).not.toContain('<strong class="host">claude.ai');
  });

  it('sets the session cookie HttpOnly and SameSite=Lax on sign-in', async () => {
    const jar = new CookieJar();
    const page = await (await jar.fetch(urlWith({}))).text();
    const response = await jar.postForm(`${server.authUrl}/sign-in`, { ...formFields(page, '/sign-in'), email: 'alice@example.com', password: testPassword });
    expect(response.status).toBe(303);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('survey_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });
});

describe('the decision', () => {
  it('redirects an approval with a code, the state byte-exact and iss', async () => {
    const state = 'a b+c%2F/?&=é';
    const { location, params } = await runAuthorization(server, { client, challenge, state });
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:9999/callback');
    expect(params.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toBe(state);
    expect(params.get('iss')).toBe(server.baseUrl);
  });

  it('redirects a refusal with access_denied, state and iss', async () => {
    const { params } = await runAuthorization(server, { client, challenge, decision: 'deny', state: 'xyz' });
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('xyz');
    expect(params.get('iss')).toBe(server.baseUrl);
    expect(params.get('code')).toBeNull();
  });

  it('redirects to the loopback port the request named', async () => {
    const { location } = await runAuthorization(server, { client, challenge, redirectUri: 'http://127.0.0.1:40123/callback' });
    expect(location.port).toBe('40123');
  });

  it('refuses a decision without the CSRF token, or from another origin', async () => {
    const jar = new CookieJar();
    const consent = await signIn(server, jar, urlWith({}), 'alice@example.com');
    const fields = formFields(consent, '/oauth/authorize');
    const withoutToken = await jar.postForm(`${server.authUrl}/oauth/authorize`, { ...fields, csrf_token: '', decision: 'approve' });
    expect(withoutToken.status).toBe(403);
    const crossSite = await jar.fetch(`${server.authUrl}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example.com' },
      body: new URLSearchParams({ ...fields, decision: 'approve' }).toString(),
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('location')).toBeNull();
  });

  it('shows the sign-in page again when a disabled person tries to continue', async () => {
    const bob = await createTestUser(server, 'bob@example.com', 'Bob');
    const jar = new CookieJar();
    const consent = await signIn(server, jar, urlWith({}), 'bob@example.com');
    await server.store.setUserDisabled(bob.id, true);
    const response = await jar.postForm(`${server.authUrl}/oauth/authorize`, { ...formFields(consent, '/oauth/authorize'), decision: 'approve' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('action="/sign-in"');
  });
});
