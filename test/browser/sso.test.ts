import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run.js';
import { launchChromium } from '../helpers/browser.js';
import { connectHeadless, headlessRedirectUrl, HeadlessOAuthProvider } from '../helpers/headless-oauth-provider.js';
import { TestOpenIdProvider, providerClientId } from '../helpers/openid-provider.js';
import { authorizeUrl, pkcePair, registerClient, startTestServer, type TestServer } from '../helpers/server.js';

/** Gitignored; copy a picture into docs/screenshots/ by hand when the pages change. */
const screenshots = 'test-results/screenshots';

let idp: TestOpenIdProvider;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  idp = await TestOpenIdProvider.start({
    accounts: {
      carol: { email: 'carol@example.com', email_verified: true, name: 'Carol Nakamura' },
      stranger: { email: 'stranger@elsewhere.example', email_verified: true },
    },
  });
  server = await startTestServer({
    seedDemo: true,
    sso: { issuer: idp.issuer, clientId: providerClientId, clientSecret: undefined, name: 'Acme ID', createAccountsIn: undefined },
  });
  idp.allowRedirect(`${server.authUrl}/sso/callback`);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await idp?.close();
});

/** Our sign-in page → "Sign in with Acme ID" → the provider's login form, filled in as `login`. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in with Acme ID' }).click();
  await page.waitForURL((url) => url.href.startsWith(idp.issuer));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

/** An SDK client whose person signs in through the company's provider in Chromium. */
class SsoInBrowser extends HeadlessOAuthProvider {
  constructor(
    server: TestServer,
    private readonly context: BrowserContext,
    private readonly login: string,
  ) {
    super(server, { email: '', clientName: 'Claude' });
  }

  override async redirectToAuthorization(url: URL): Promise<void> {
    const page = await this.context.newPage();
    // Nothing listens at the app's loopback redirect; the browser only has to arrive there.
    await page.route(`${headlessRedirectUrl}**`, (route) => route.fulfill({ body: 'the app received the answer' }));
    await page.goto(url.href);
    await signInAtProvider(page, this.login);
    await page.waitForURL((next) => next.pathname === '/oauth/authorize');
    expect(await page.locator('.client-name').textContent()).toBe('Claude');
    await page.getByRole('button', { name: 'Allow access' }).click();
    await page.waitForURL((next) => next.href.startsWith(headlessRedirectUrl));
    this.callback = new URL(page.url());
    await page.close();
  }
}

describe('single sign-on in a real browser', () => {
  it('shows "Sign in with Acme ID" beside the password form', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const client = await registerClient(server, { client_name: 'Claude' });
    await page.goto(authorizeUrl(server, { client, challenge: pkcePair().challenge }));
    expect(await page.getByLabel('Password').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign in with Acme ID' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${screenshots}/sign-in-sso.png` });
    await context.close();
  });

  it("runs the SDK client's whole OAuth flow through the provider, ending with the 14 tools acting as that person", async () => {
    const context = await browser.newContext();
    const provider = new SsoInBrowser(server, context, 'carol');
    const client = await connectHeadless(server, provider);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(14);
    const me = await client.callTool({ name: 'get_me', arguments: {} });
    expect(me.isError).toBeFalsy();
    expect(me.structuredContent).toMatchObject({ user: { email: 'carol@example.com' } });
    const surveys = await client.callTool({ name: 'list_surveys', arguments: {} });
    expect(surveys.isError).toBeFalsy();
    await client.close();
    await context.close();
  });

  it('shows who the provider said the person is, and why they are not signed in', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
    const page = await context.newPage();
    const client = await registerClient(server, { client_name: 'Claude' });
    await page.goto(authorizeUrl(server, { client, challenge: pkcePair().challenge }));
    await signInAtProvider(page, 'stranger');
    await page.waitForURL((url) => url.pathname === '/sso/callback');
    expect(await page.locator('.sso-email').textContent()).toBe('stranger@elsewhere.example');
    expect(await page.getByRole('alert').textContent()).toBe(
      'There is no survey platform account with the email stranger@elsewhere.example. Ask whoever runs the platform to create one.',
    );
    await page.screenshot({ path: `${screenshots}/sso-refused.png` });
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    expect(await page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await context.close();
  });

  it('says so when the person cancels at the provider', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const client = await registerClient(server, { client_name: 'Claude' });
    await page.goto(authorizeUrl(server, { client, challenge: pkcePair().challenge }));
    await page.getByRole('button', { name: 'Sign in with Acme ID' }).click();
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.getByRole('link', { name: /cancel/i }).click();
    await page.waitForURL((url) => url.pathname === '/sso/callback');
    expect(await page.getByRole('alert').textContent()).toBe(
      'Acme ID answered access_denied (its description: End-User aborted interaction). The sign-in was cancelled or refused there.',
    );
    await context.close();
  });

  it('lets a person sign in through the provider when the conformance runner runs with --browser', async () => {
    const context = await browser.newContext();
    const signIns: Array<Promise<void>> = [];
    const report = await runConformance({
      url: server.baseUrl,
      only: ['authorization-code-flow', 'tools-call'],
      signIn: {
        kind: 'browser',
        openBrowser: (url) => {
          signIns.push(
            (async () => {
              const page = await context.newPage();
              await page.goto(url.href);
              await signInAtProvider(page, 'carol');
              await page.waitForURL((next) => next.pathname === '/oauth/authorize');
              await page.getByRole('button', { name: 'Allow access' }).click();
              await page.waitForURL((next) => next.hostname === '127.0.0.1' && next.pathname === '/callback');
            })(),
          );
        },
      },
    });
    await Promise.all(signIns);
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['authorization-code-flow', 'pass'],
      ['tools-call', 'pass'],
    ]);
    expect(report.results[1]?.message).toContain('"email":"carol@example.com"');
    await context.close();
  });
});
