import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startCallback } from '../helpers/browser.js';
import { ClientMetadataHost } from '../helpers/client-metadata-host.js';
import { authorizeUrl, createTestUser, pkcePair, registerClient, startTestServer, testPassword, type RegisteredClient, type TestServer } from '../helpers/server.js';

/** Gitignored; copy a picture into docs/screenshots/ by hand when the pages change. */
const screenshots = 'test-results/screenshots';

let server: TestServer;
let host: ClientMetadataHost;
let browser: Browser;
let callback: Server;
let redirectUri: string;

beforeAll(async () => {
  host = await ClientMetadataHost.start();
  server = await startTestServer({ allowPrivateClientMetadata: true }, { clientMetadataFetch: { ca: host.certificates.ca } });
  await createTestUser(server, 'alice@example.com', 'Alice Martin');
  ({ server: callback, redirectUri } = await startCallback());
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  callback?.close();
  await server?.close();
  await host?.close();
});

const clientAt = (url: string): RegisteredClient => ({ client_id: url, client_name: 'Claude', redirect_uris: [redirectUri] });

describe('a client metadata document client in a real browser', () => {
  it('names the client with the host that published it on the consent page, and approving returns a code', async () => {
    const client = clientAt(host.document('/oauth/mcp-oauth-client-metadata', { client_name: 'Claude', redirect_uris: [redirectUri] }));
    const context = await browser.newContext({ viewport: { width: 1100, height: 820 } });
    const page = await context.newPage();
    await page.goto(authorizeUrl(server, { client, challenge: pkcePair().challenge, state: 'cimd-state' }));
    await page.getByLabel('Email').fill('alice@example.com');
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oauth\/authorize\?/);

    expect(await page.locator('h1').textContent()).toBe(`Claude — ${new URL(host.origin).host} wants to access your surveys`);
    expect(await page.locator('.verified-host').textContent()).toBe(`— ${new URL(host.origin).host}`);
    expect(await page.locator('.fine').textContent()).toContain(`${new URL(host.origin).host} publishes this app's name and addresses.`);
    await page.screenshot({ path: `${screenshots}/consent-verified.png` });

    await page.getByRole('button', { name: 'Allow access' }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    const params = new URL(page.url()).searchParams;
    expect(params.get('state')).toBe('cimd-state');
    expect(params.get('code')).toBeTruthy();
    await context.close();
  });

  it('stays on an error page that says what is wrong with a mismatched document', async () => {
    const url = host.document('/mismatch.json', {
      client_id: 'https://claude.ai/oauth/mcp-oauth-client-metadata',
      client_name: 'Claude',
      redirect_uris: [redirectUri],
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(authorizeUrl(server, { client: clientAt(url), challenge: pkcePair().challenge }));
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(server.authUrl);
    expect(await page.getByRole('alert').textContent()).toBe(
      `the client metadata document at ${url} says its 'client_id' is https://claude.ai/oauth/mcp-oauth-client-metadata: it must equal the document's URL byte for byte`,
    );
    expect(await page.getByRole('alert').locator('code').allTextContents()).toEqual([url, 'https://claude.ai/oauth/mcp-oauth-client-metadata']);
    await context.close();
  });

  it('shows the verified host in an element of its own, which a registered name cannot produce, and marks a chosen name', async () => {
    const verified = clientAt(host.document('/oauth/auto-client.json', { client_name: 'Auto client', redirect_uris: [redirectUri] }));
    const registered = await registerClient(server, { client_name: 'Auto client', redirect_uris: [redirectUri] });
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(authorizeUrl(server, { client: verified, challenge: pkcePair().challenge }));
    const lead = page.locator('.lead');
    expect(await lead.locator('.client-name').textContent()).toBe('Auto client');
    expect(await lead.locator('.verified-host').textContent()).toBe(`— ${new URL(host.origin).host}`);
    expect(await lead.locator('.chosen-name').count()).toBe(0);

    await page.goto(authorizeUrl(server, { client: registered, challenge: pkcePair().challenge }));
    expect(await lead.locator('.client-name').textContent()).toBe('Auto client');
    expect(await lead.locator('.verified-host').count()).toBe(0);
    expect(await lead.locator('.chosen-name').textContent()).toBe('(name chosen by the app)');
    expect(await lead.locator('.chosen-name').isVisible()).toBe(true);
    await context.close();
  });
});
