import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../src/oauth/tokens.js';
import {
  CookieJar,
  createTestUser,
  formFields,
  obtainTokens,
  postToken,
  registerClient,
  startTestServer,
  testPassword,
  type TestServer,
} from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ registerRateLimit: { limit: 1000, windowMs: 60_000 } });
  await createTestUser(server);
  await createTestUser(server, 'bob@example.com', 'Bob');
});
afterAll(() => server.close());

async function signedInJar(email: string): Promise<{ jar: CookieJar; page: string }> {
  const jar = new CookieJar();
  const signInPage = await (await jar.fetch(`${server.authUrl}/account/apps`)).text();
  const response = await jar.postForm(`${server.authUrl}/sign-in`, { ...formFields(signInPage, '/sign-in'), email, password: testPassword });
  expect(response.headers.get('location')).toBe('/account/apps');
  return { jar, page: await (await jar.fetch(`${server.authUrl}/account/apps`)).text() };
}

describe('connected apps page', () => {
  it('asks a visitor to sign in first', async () => {
    const page = await (await fetch(`${server.authUrl}/account/apps`)).text();
    expect(page).toContain('action="/sign-in"');
    expect(page).toContain('to manage the apps connected to your account');
  });

  it('lists only the apps this person approved', async () => {
    await obtainTokens(server, { client: await registerClient(server, { client_name: 'Alice Tool' }) });
    await obtainTokens(server, { client: await registerClient(server, { client_name: 'Bob Tool' }), email: 'bob@example.com' });
    const { page } = await signedInJar('alice@example.com');
    expect(page).toContain('Alice Tool');
    expect(page).not.toContain('Bob Tool');
  });

  it("shows each app's last use: the day it last got a token, by signing in or renewing", async () => {
    const client = await registerClient(server, { client_name: 'Used Later' });
    const approved = server.clock.now();
    const { tokens } = await obtainTokens(server, { client });
    server.clock.advance(3 * 86_400_000);
    const renewed = await postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    expect(renewed.status).toBe(200);
    const [app] = (await server.store.listConnectedApps((await server.store.findUserByEmail('alice@example.com'))!.id)).filter((each) => each.clientId === client.client_id);
    expect(app).toMatchObject({ approvedAt: approved, lastUsedAt: server.clock.now() });
    const { page } = await signedInJar('alice@example.com');
    const day = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    expect(page.slice(page.indexOf('Used Later'))).toContain(`Allowed ${day(approved)} · last used ${day(server.clock.now())}`);
  });

  it('revokes an app: every token of it stops at once and refreshing fails', async () => {
    const client = await registerClient(server, { client_name: 'Revoke Me' });
    const { tokens } = await obtainTokens(server, { client });
    const { jar, page } = await signedInJar('alice@example.com');
    const form = page.slice(page.indexOf('Revoke Me'));
    const response = await jar.postForm(`${server.authUrl}/account/apps/revoke`, formFields(form, '/account/apps/revoke'));
    expect(response.status).toBe(303);
    const after = await (await jar.fetch(new URL(response.headers.get('location')!, server.authUrl).href)).text();
    expect(after).toContain('Revoke Me no longer has access.');
    expect(after).not.toContain('<strong class="app-name">Revoke Me</strong>');
    expect(await verifyAccessToken(server.store, tokens.access_token, server.clock.now())).toEqual({ ok: false, reason: 'revoked' });
    const refreshed = await postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    expect(refreshed.status).toBe(400);
    const reloaded = await (await jar.fetch(`${server.authUrl}/account/apps`)).text();
    expect(reloaded).not.toContain('no longer has access');
  });

  it('never announces an app named in a link: the notice comes only from this browser revoking one', async () => {
    const spoof = await registerClient(server, { client_name: 'Your account is locked, call 555-0100' });
    const { jar } = await signedInJar('alice@example.com');
    const page = await (await jar.fetch(`${server.authUrl}/account/apps?revoked=${spoof.client_id}`)).text();
    expect(page).not.toContain('Your account is locked');
  });

  it("cannot revoke another person's app: only the signed-in person's grants are touched", async () => {
    const client = await registerClient(server, { client_name: 'Shared Tool' });
    const bobs = await obtainTokens(server, { client, email: 'bob@example.com' });
    const { jar, page } = await signedInJar('alice@example.com');
    const fields = formFields(page, '/account/apps/revoke');
    const response = await jar.postForm(`${server.authUrl}/account/apps/revoke`, { ...fields, client_id: client.client_id });
    expect((await verifyAccessToken(server.store, bobs.tokens.access_token, server.clock.now())).ok).toBe(true);
    const after = await (await jar.fetch(new URL(response.headers.get('location')!, server.authUrl).href)).text();
    expect(after).toContain('Shared Tool was not connected to your account: nothing was revoked.');
    expect(after).not.toContain('no longer has access');
  });

  it('refuses a revoke without the CSRF token', async () => {
    const { jar } = await signedInJar('alice@example.com');
    const response = await jar.postForm(`${server.authUrl}/account/apps/revoke`, { client_id: 'cli_x' });
    expect(response.status).toBe(403);
  });

  it('signs out', async () => {
    const { jar, page } = await signedInJar('alice@example.com');
    const response = await jar.postForm(`${server.authUrl}/sign-out`, formFields(page, '/sign-out'));
    expect(response.status).toBe(303);
    expect(await (await jar.fetch(`${server.authUrl}/account/apps`)).text()).toContain('action="/sign-in"');
  });
});
