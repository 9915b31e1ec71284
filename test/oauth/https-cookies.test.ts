import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpsProxy, type HttpsProxy } from '../helpers/https-proxy.js';
import {
  authorizeUrl,
  CookieJar,
  createTestUser,
  formFields,
  pkcePair,
  registerClient,
  signIn,
  startTestServer,
  type RegisteredClient,
  type TestServer,
} from '../helpers/server.js';
import { freePorts } from '../scale-out/processes.js';

// The auth host as deployed: behind a TLS proxy, --auth-url https://…, --trust-proxy.
let proxy: HttpsProxy;
let server: TestServer;
let client: RegisteredClient;
const { verifier, challenge } = pkcePair();

beforeAll(async () => {
  const [proxyPort, authPort] = await freePorts(2);
  proxy = await startHttpsProxy(proxyPort!, authPort!);
  server = await startTestServer({ authPort: authPort!, authUrl: proxy.url, trustProxy: true });
  await createTestUser(server);
  client = await registerClient(server);
});
afterAll(async () => {
  await server.close();
  await proxy.close();
});

const consentFor = async (jar: CookieJar) => signIn(server, jar, authorizeUrl(server, { client, challenge }), 'alice@example.com');

describe('the auth host under https', () => {
  it('sets every cookie of a whole visit Secure, HttpOnly and __Host- (so no sibling host can set it)', async () => {
    const jar = new CookieJar(proxy.fetch);
    const consent = await consentFor(jar);
    const decided = await jar.postForm(`${server.authUrl}/oauth/authorize`, { ...formFields(consent, '/oauth/authorize'), decision: 'approve' });
    expect(decided.status).toBe(303);
    const redeemed = await proxy.fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: new URL(decided.headers.get('location')!).searchParams.get('code')!,
        redirect_uri: client.redirect_uris[0]!,
        client_id: client.client_id,
        code_verifier: verifier,
      }).toString(),
    });
    expect(redeemed.status).toBe(200);
    const apps = await (await jar.fetch(`${server.authUrl}/account/apps`)).text();
    const revoked = await jar.postForm(`${server.authUrl}/account/apps/revoke`, formFields(apps, '/account/apps/revoke'));
    await jar.fetch(new URL(revoked.headers.get('location')!, server.authUrl).href);
    await jar.postForm(`${server.authUrl}/sign-out`, formFields(apps, '/sign-out'));

    const names = new Set(jar.received.map((line) => line.slice(0, line.indexOf('='))));
    expect([...names].sort()).toEqual(['__Host-survey_csrf', '__Host-survey_device', '__Host-survey_revoked', '__Host-survey_session']);
    for (const line of jar.received) {
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/Domain=/i);
    }
  });

  it('sends Strict-Transport-Security', async () => {
    const response = await proxy.fetch(`${server.authUrl}/account/apps`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('refuses a consent form whose CSRF token matches a cookie injected from a sibling host', async () => {
    const jar = new CookieJar(proxy.fetch);
    const consent = await consentFor(jar);
    jar.inject('survey_csrf', 'forged-by-a-sibling-host-aaaaaaaaaaaaaaaaaaa');
    const response = await jar.postForm(`${server.authUrl}/oauth/authorize`, {
      ...formFields(consent, '/oauth/authorize'),
      csrf_token: 'forged-by-a-sibling-host-aaaaaaaaaaaaaaaaaaa',
      decision: 'approve',
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
  });

  it('rotates the CSRF token at sign-in: a token from before no longer posts', async () => {
    const jar = new CookieJar(proxy.fetch);
    const url = authorizeUrl(server, { client, challenge });
    const before = formFields(await (await jar.fetch(url)).text(), '/sign-in').csrf_token!;
    const consent = await signIn(server, jar, url, 'alice@example.com');
    const after = formFields(consent, '/oauth/authorize');
    expect(after.csrf_token).not.toBe(before);
    const stale = await jar.postForm(`${server.authUrl}/oauth/authorize`, { ...after, csrf_token: before, decision: 'approve' });
    expect(stale.status).toBe(403);
  });
});

describe('the auth host under plain http (local use)', () => {
  it('sends no HSTS and cookies without Secure or a __Host- prefix, which browsers refuse over http', async () => {
    const local = await startTestServer();
    try {
      const response = await fetch(`${local.authUrl}/account/apps`);
      expect(response.headers.get('strict-transport-security')).toBeNull();
      const cookie = response.headers.getSetCookie()[0]!;
      expect(cookie).toMatch(/^survey_csrf=/);
      expect(cookie).not.toMatch(/Secure/);
    } finally {
      await local.close();
    }
  });
});
