import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Gitignored; copy a picture into docs/screenshots/ by hand when the pages change. */
const screenshots = 'test-results/screenshots';
import { verifyAccessToken } from '../../src/oauth/tokens.js';
import { launchChromium, startCallback } from '../helpers/browser.js';
import {
  authorizeUrl,
  createTestUser,
  pkcePair,
  redeemCode,
  registerClient,
  startTestServer,
  testPassword,
  type RegisteredClient,
  type TestServer,
} from '../helpers/server.js';

let server: TestServer;
let browser: Browser;
let callback: Server;
let client: RegisteredClient;

beforeAll(async () => {
  server = await startTestServer();
  await createTestUser(server, 'alice@example.com', 'Alice Martin');
  const started = await startCallback();
  callback = started.server;
  client = await registerClient(server, { client_name: 'Claude', redirect_uris: [started.redirectUri] });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  callback?.close();
  await server?.close();
});

async function signInAndReachConsent(page: Page, state: string, challenge: string): Promise<void> {
  await page.goto(authorizeUrl(server, { client, challenge, state }));
  await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
  await page.getByLabel('Email').fill('alice@example.com');
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oauth\/authorize\?/);
}

const redirectParams = (page: Page) => new URL(page.url()).searchParams;

describe('sign-in and consent in a real browser', () => {
  it('signs in, shows the client name and destination, and approving returns a code with state and iss', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 820 } });
    const page = await context.newPage();
    const { verifier, challenge } = pkcePair();
    await page.goto(authorizeUrl(server, { client, challenge, state: 'browser-state' }));
    await page.getByLabel('Email').fill('alice@example.com');
    await page.screenshot({ path: `${screenshots}/sign-in.png` });
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oauth\/authorize\?/);

    expect(await page.locator('.client-name').textContent()).toBe('Claude');
    expect(await page.locator('.redirect-uri').textContent()).toBe(client.redirect_uris[0]);
    await page.screenshot({ path: `${screenshots}/consent.png` });

    await page.getByRole('button', { name: 'Allow access' }).click();
    await page.waitForURL((url) => url.href.startsWith(client.redirect_uris[0]!));
    const params = redirectParams(page);
    expect(params.get('state')).toBe('browser-state');
    expect(params.get('iss')).toBe(server.baseUrl);
    const exchanged = await redeemCode(server, client, params.get('code')!, verifier);
    expect(exchanged.status).toBe(200);
    await context.close();
  });

  it('refusing returns access_denied to the app', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAndReachConsent(page, 'refuse-state', pkcePair().challenge);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.href.startsWith(client.redirect_uris[0]!));
    const params = redirectParams(page);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('refuse-state');
    expect(params.get('code')).toBeNull();
    await context.close();
  });

  it('the connected-apps page revokes an app, whose token then stops working', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
    const page = await context.newPage();
    const { verifier, challenge } = pkcePair();
    await signInAndReachConsent(page, 'apps-state', challenge);
    await page.getByRole('button', { name: 'Allow access' }).click();
    await page.waitForURL((url) => url.href.startsWith(client.redirect_uris[0]!));
    const tokens = (await (
      await redeemCode(server, client, redirectParams(page).get('code')!, verifier)
    ).json()) as { access_token: string };

    await page.goto(`${server.authUrl}/account/apps`);
    const app = page.locator('.app', { hasText: 'Claude' });
    expect(await app.count()).toBe(1);
    await page.screenshot({ path: `${screenshots}/connected-apps.png` });
    await app.getByRole('button', { name: 'Revoke' }).click();
    await page.waitForSelector('.notice');
    expect(await page.locator('.notice').textContent()).toContain('Claude no longer has access');
    expect(await page.locator('.app', { hasText: 'Claude' }).count()).toBe(0);
    expect(await verifyAccessToken(server.store, tokens.access_token, server.clock.now())).toEqual({ ok: false, reason: 'revoked' });
    await context.close();
  });

  it('cannot be framed by another page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(authorizeUrl(server, { client, challenge: pkcePair().challenge }));
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await context.close();
  });
});
