import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../conformance/cookie-jar.js';
import { parseForms } from '../../conformance/html-forms.js';
import { Http } from '../../conformance/http.js';
import { runConformance } from '../../conformance/run.js';
import { DEFAULT_REDIRECT_URI, walkAuthorization } from '../../conformance/sign-in.js';
import { TestOpenIdProvider, providerClientId } from '../helpers/openid-provider.js';
import { authorizeUrl, pkcePair, registerClient, startTestServer, type TestServer } from '../helpers/server.js';

let idp: TestOpenIdProvider;
let server: TestServer;
let plain: TestServer;

beforeAll(async () => {
  idp = await TestOpenIdProvider.start({ accounts: { 'alice.qa': { email: 'alice@example.com', email_verified: true } } });
  server = await startTestServer({
    seedDemo: true,
    sso: { issuer: idp.issuer, clientId: providerClientId, clientSecret: undefined, name: 'Acme ID', createAccountsIn: undefined },
  });
  idp.allowRedirect(`${server.authUrl}/sso/callback`);
  plain = await startTestServer({ seedDemo: true });
});

afterAll(async () => {
  await server?.close();
  await plain?.close();
  await idp?.close();
});

const requestFor = async (target: TestServer) => {
  const client = await registerClient(target, { client_name: 'survey-mcp conformance', redirect_uris: [DEFAULT_REDIRECT_URI] });
  return new URL(authorizeUrl(target, { client, challenge: pkcePair().challenge, state: 'runner-state' }));
};

describe("the runner's headless sign-in with --sso", () => {
  it('reads what a button says, so it can find "Sign in with …"', () => {
    const [form] = parseForms('<form method="post" action="/sso/start"><button class="secondary" type="submit">Sign in\n  with <b>Acme &amp; Co</b></button></form>', 'http://127.0.0.1/');
    expect(form?.controls[0]).toMatchObject({ tag: 'button', type: 'submit', label: 'Sign in with Acme & Co' });
  });

  it("clicks the single sign-on button, signs in at the provider's login form and approves, reaching the redirect with a code", async () => {
    const outcome = await walkAuthorization(new Http(5000), new CookieJar(), await requestFor(server), {
      user: 'alice.qa',
      password: 'the provider checks it',
      sso: true,
    });
    expect(outcome.kind).toBe('callback');
    const url = outcome.kind === 'callback' ? outcome.url : undefined;
    expect(url?.searchParams.get('code')).toBeTruthy();
    expect(url?.searchParams.get('state')).toBe('runner-state');
    const visited = outcome.exchanges.map((exchange) => new URL(exchange.request.url));
    expect(visited.some((step) => step.pathname === '/sso/start')).toBe(true);
    expect(visited.some((step) => step.origin === idp.issuer && step.pathname.startsWith('/interaction/'))).toBe(true);
  });

  it('stops with a usage error when the sign-in page has no single sign-on button', async () => {
    const outcome = walkAuthorization(new Http(5000), new CookieJar(), await requestFor(plain), {
      user: 'alice@example.com',
      password: 'survey-demo',
      sso: true,
    });
    await expect(outcome).rejects.toThrow(
      '--sso: the sign-in page offers no single sign-on button (a form button reading "Sign in with …", "single sign-on" or "SSO")',
    );
  });

  it('runs the checks that need a person against a deployment that signs in through its provider', async () => {
    const report = await runConformance({
      url: server.baseUrl,
      signIn: { kind: 'password', user: 'alice.qa', password: 'the provider checks it', sso: true },
      only: ['authorization-code-flow', 'consent-shows-client-and-redirect', 'iss-returned', 'tools-list', 'tools-call'],
    });
    expect(report.results.map((result) => [result.id, result.status])).toEqual([
      ['authorization-code-flow', 'pass'],
      ['iss-returned', 'pass'],
      ['consent-shows-client-and-redirect', 'pass'],
      ['tools-list', 'pass'],
      ['tools-call', 'pass'],
    ]);
    expect(report.results.find((result) => result.id === 'tools-call')?.message).toContain('"email":"alice@example.com"');
  });
});
