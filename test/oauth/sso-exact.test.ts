import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operator } from '../../src/platform/context.js';
import { unlinkSsoIdentity } from '../../src/platform/sso-accounts.js';
import { TestOpenIdProvider, providerClientId, type ProviderAccount } from '../helpers/openid-provider.js';
import { CookieJar, authorizeUrl, createTestUser, formFields, pkcePair, registerClient, startTestServer, type TestServer } from '../helpers/server.js';
import { follow, logInAtProvider, ssoAuthorization, startSso } from '../helpers/sso.js';

const accounts: Record<string, ProviderAccount> = {
  kelvin: { email: '\u212Aim@example.com', email_verified: true },
  'alice-nbsp': { email: '\u00A0alice@example.com', email_verified: true },
  'alice-bom': { email: 'alice@example.com\uFEFF', email_verified: true },
  'alice-ideographic-space': { email: 'alice@example.com\u3000', email_verified: true },
  'alice-upper': { email: 'ALICE@Example.COM', email_verified: true },
  alice: { email: 'alice@example.com', email_verified: true },
  'alice-elsewhere': { email: 'alice@example.com', email_verified: true },
  newcomer: { email: 'newcomer@example.com', email_verified: true, name: 'New Comer' },
  outsider: { email: 'outsider@gmail.example', email_verified: true, name: 'Out Sider' },
  'bidi-name': { email: 'bidi@example.com', email_verified: true, name: 'Alice \u202EnaeroM' },
  'invisible-name': { email: 'ghost@example.com', email_verified: true, name: '\u200B\u200B' },
  'zero-width-email': { email: 'ali\u200Bce@example.com', email_verified: true, name: 'Alice Moreau' },
  'no-at-sign': { email: 'alice.example.com', email_verified: true, hd: 'example.com' },
  'too-long': { email: `${'a'.repeat(250)}@example.com`, email_verified: true },
  'workspace-hd': { email: 'member@partner.example', email_verified: true, hd: 'example.com' },
  stranger: { email: 'stranger@elsewhere.example', email_verified: true },
};

let idp: TestOpenIdProvider;
let server: TestServer;
let creating: TestServer;

async function ssoServer(createAccountsIn?: string): Promise<TestServer> {
  const started = await startTestServer({
    seedDemo: true,
    sso: {
      issuer: idp.issuer,
      clientId: providerClientId,
      clientSecret: undefined,
      name: 'Acme ID',
      createAccountsIn,
      ...(createAccountsIn ? { allowedToJoin: ['example.com', 'hd:example.com'] } : {}),
    },
  });
  return started;
}

beforeAll(async () => {
  idp = await TestOpenIdProvider.start({ accounts });
  server = await ssoServer();
  creating = await ssoServer('wsp_demo_studio');
  await createTestUser(server, 'kim@example.com', 'Kim Example');
});

afterAll(async () => {
  await server?.close();
  await creating?.close();
  await idp?.close();
});

const alertOf = (html: string) =>
  /<p class="alert" role="alert">([\s\S]*?)<\/p>/
    .exec(html)?.[1]
    ?.replace(/<code class="value">([^<]*)<\/code>/g, "'$1'")
    .replace(/&#39;/g, "'");

async function signInAs(target: TestServer, login: string) {
  idp.allowRedirect(`${target.authUrl}/sso/callback`);
  const client = await registerClient(target, { client_name: 'Claude' });
  return ssoAuthorization(target, client, login);
}

async function signedInEmail(target: TestServer, jar: CookieJar): Promise<string | undefined> {
  const page = await (await jar.fetch(`${target.authUrl}/account/apps`)).text();
  return page.includes('action="/sign-in"') ? undefined : (/[\w.+-]+@[\w.-]+/.exec(page.replace(/<[^>]+>/g, ' '))?.[0] ?? 'someone');
}

describe('single sign-on matches emails exactly', () => {
  it.each([
    ['kelvin', 'K'],
    ['alice-nbsp', 'a leading no-break space'],
    ['alice-bom', 'a trailing BOM'],
    ['alice-ideographic-space', 'a trailing ideographic space'],
  ])('refuses %s (%s) with an explanation instead of signing in as the look-alike account', async (login) => {
    const { landing, jar } = await signInAs(server, login);
    expect(landing.status).toBe(403);
    expect(alertOf(landing.html)).toContain('Emails must match an account exactly, so nobody is signed in');
    expect(await signedInEmail(server, jar)).toBeUndefined();
  });

  it('matches an email that differs only in ASCII case', async () => {
    const { landing } = await signInAs(server, 'alice-upper');
    expect(new URL(landing.url).pathname).toBe('/oauth/authorize');
    expect(landing.html).toContain('alice@example.com');
  });
});

describe("single sign-on keeps the provider's subject", () => {
  it('refuses another sub with the same email after the first sign-in, until an operator unlinks the account', async () => {
    const target = await ssoServer();
    try {
      expect(new URL((await signInAs(target, 'alice')).landing.url).pathname).toBe('/oauth/authorize');
      const other = await signInAs(target, 'alice-elsewhere');
      expect(other.landing.status).toBe(403);
      expect(alertOf(other.landing.html)).toContain("is linked to another identity at Acme ID (a different 'sub')");
      expect(alertOf(other.landing.html)).toContain('survey-mcp users sso-unlink');
      expect(await signedInEmail(target, other.jar)).toBeUndefined();
      // The refusal is in the trail, under the account's owner, with the identity that was refused.
      const alice = (await target.store.findUserByEmail('alice@example.com'))!;
      const refusals = (await target.store.listAuditEvents({ userId: alice.id, limit: 10 })).filter((event) => event.action === 'sign-in.refused');
      expect(refusals).toEqual([expect.objectContaining({ actorEmail: 'alice@example.com', detail: expect.objectContaining({ method: 'sso', reason: 'subject_mismatch', issuer: idp.issuer }) })]);
      expect((await unlinkSsoIdentity(target, operator, { email: 'alice@example.com' })).unlinked).toBe(true);
      expect(new URL((await signInAs(target, 'alice-elsewhere')).landing.url).pathname).toBe('/oauth/authorize');
      expect((await signInAs(target, 'alice')).landing.status).toBe(403);
    } finally {
      await target.close();
    }
  });

  it('refuses an ID token issued an hour in the future (iat beyond the clock skew)', async () => {
    const target = await ssoServer();
    try {
      target.clock.set(Date.now() - 60 * 60 * 1000);
      const { landing, jar } = await signInAs(target, 'alice');
      expect(landing.status).toBe(502);
      expect(alertOf(landing.html)).toMatch(/the ID token says it was issued \d+ seconds in the future/);
      expect(await signedInEmail(target, jar)).toBeUndefined();
    } finally {
      await target.close();
    }
  });

  it('refuses a UserInfo answer about another subject than the ID token', async () => {
    const confused = await TestOpenIdProvider.start({
      accounts: { alice: { email: 'alice@example.com', email_verified: true } },
      claimsInIdToken: false,
      userInfoSubject: 'mallory',
    });
    const target = await startTestServer({
      seedDemo: true,
      sso: { issuer: confused.issuer, clientId: providerClientId, clientSecret: undefined, name: 'Acme ID', createAccountsIn: undefined },
    });
    try {
      confused.allowRedirect(`${target.authUrl}/sso/callback`);
      const { landing, jar } = await ssoAuthorization(target, await registerClient(target), 'alice');
      expect(landing.status).toBe(502);
      expect(alertOf(landing.html)).toContain('&quot;sub&quot; property value');
      expect(await signedInEmail(target, jar)).toBeUndefined();
    } finally {
      await target.close();
      await confused.close();
    }
  });
});

describe('accounts created through single sign-on', () => {
  it('creates a member for an allowed domain, or an allowed hosted-domain claim', async () => {
    expect(new URL((await signInAs(creating, 'newcomer')).landing.url).pathname).toBe('/oauth/authorize');
    expect(new URL((await signInAs(creating, 'workspace-hd')).landing.url).pathname).toBe('/oauth/authorize');
    expect(await creating.store.findUserByEmail('member@partner.example')).toMatchObject({ ssoOnly: true });
  });

  it('refuses anyone else the provider vouches for, creating nothing', async () => {
    const { landing } = await signInAs(creating, 'outsider');
    expect(landing.status).toBe(403);
    expect(alertOf(landing.html)).toContain('new accounts are created only for the organisations this platform allows');
    expect(await creating.store.findUserByEmail('outsider@gmail.example')).toBeUndefined();
  });

  it.each([
    ['bidi-name', "'name' must not contain bidirectional override characters"],
    ['invisible-name', "'name' must contain a visible character"],
    ['zero-width-email', "'email' must not contain hidden characters, found U+200B at position 3"],
    ['no-at-sign', "'email' must be a valid email address"],
    ['too-long', "'email' must be at most 254 characters, got 262"],
  ])('refuses %s under the platform text rules with a page, not a 500', async (login, reason) => {
    const { landing, jar } = await signInAs(creating, login);
    expect(landing.status).toBe(403);
    expect(alertOf(landing.html)).toContain(reason);
    expect(await signedInEmail(creating, jar)).toBeUndefined();
  });
});

describe('the callback costs the attacker, not the provider', () => {
  const forgedAttempt = (state: string) =>
    Buffer.from(JSON.stringify({ state, nonce: 'n', codeVerifier: 'v'.repeat(43), returnTo: '/account/apps' })).toString('base64url');

  it('refuses 150 callbacks with forged attempt cookies before any request to the provider', async () => {
    const before = idp.tokenRequests;
    for (let i = 0; i < 150; i++) {
      const jar = new CookieJar();
      jar.inject('survey_sso', i % 2 === 0 ? forgedAttempt(`s${i}`) : 'A'.repeat(43));
      const answer = await jar.fetch(`${server.authUrl}/sso/callback?code=junk-${i}&state=s${i}&iss=${encodeURIComponent(idp.issuer)}`);
      expect(answer.status).toBe(400);
    }
    expect(idp.tokenRequests - before).toBe(0);
  });

  it('charges real attempts to the per-address budget before the code goes to the provider', async () => {
    const limited = await startTestServer({
      seedDemo: true,
      signInRateLimit: { limit: 5, windowMs: 60_000 },
      sso: { issuer: idp.issuer, clientId: providerClientId, clientSecret: undefined, name: 'Acme ID', createAccountsIn: undefined },
    });
    try {
      const client = await registerClient(limited);
      const before = idp.tokenRequests;
      let refused = 0;
      for (let i = 0; i < 150; i++) {
        const jar = new CookieJar();
        const page = await (await jar.fetch(authorizeUrl(limited, { client, challenge: pkcePair().challenge }))).text();
        const started = await jar.postForm(`${limited.authUrl}/sso/start`, formFields(page, '/sso/start'));
        const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
        const answer = await jar.fetch(`${limited.authUrl}/sso/callback?code=junk-${i}&state=${state}&iss=${encodeURIComponent(idp.issuer)}`);
        if (answer.status === 429) refused++;
      }
      expect(idp.tokenRequests - before).toBeLessThanOrEqual(5);
      expect(refused).toBeGreaterThanOrEqual(145);
    } finally {
      await limited.close();
    }
  });

  it('accepts each attempt once: the same cookie and answer a second time are refused', async () => {
    idp.allowRedirect(`${server.authUrl}/sso/callback`);
    const jar = new CookieJar();
    const page = await (await jar.fetch(authorizeUrl(server, { client: await registerClient(server), challenge: pkcePair().challenge }))).text();
    const loginPage = await startSso(server, jar, page);
    const cookie = jar.received.findLast((line) => line.startsWith('survey_sso='))!.split(';')[0]!.slice('survey_sso='.length);
    const action = new URL(/<form[^>]*action="([^"]+)"/.exec(loginPage.html)![1]!.replace(/&amp;/g, '&'), loginPage.url).href;
    let url = action;
    let response = await jar.postForm(action, { prompt: 'login', login: 'alice-upper', password: 'x' });
    while (!url.includes('/sso/callback')) {
      url = new URL(response.headers.get('location')!, url).href;
      response = await jar.fetch(url);
    }
    expect(response.status).toBe(303);
    const replay = new CookieJar();
    replay.inject('survey_sso', cookie);
    const before = idp.tokenRequests;
    expect((await replay.fetch(url)).status).toBe(400);
    expect((await jar.fetch(url)).status).toBe(400);
    expect(idp.tokenRequests).toBe(before);
  });

  it('never sends the person anywhere but a path on the auth host, whatever return_to the start form carried', async () => {
    idp.allowRedirect(`${server.authUrl}/sso/callback`);
    const jar = new CookieJar();
    const page = await (await jar.fetch(authorizeUrl(server, { client: await registerClient(server), challenge: pkcePair().challenge }))).text();
    const started = await jar.postForm(`${server.authUrl}/sso/start`, { ...formFields(page, '/sso/start'), return_to: 'https://evil.example/phish' });
    const loginPage = await follow(jar, started, `${server.authUrl}/sso/start`);
    const landing = await logInAtProvider(jar, loginPage, 'alice-upper');
    expect(landing.url).toBe(`${server.authUrl}/account/apps`);
  });

  it("charges each person's attempts to that person's account: a stranger's failures lock out nobody else", async () => {
    const limited = await startTestServer({
      seedDemo: true,
      trustProxy: true,
      signInRateLimit: { limit: 2, windowMs: 60_000 },
      sso: { issuer: idp.issuer, clientId: providerClientId, clientSecret: undefined, name: 'Acme ID', createAccountsIn: undefined },
    });
    try {
      idp.allowRedirect(`${limited.authUrl}/sso/callback`);
      const client = await registerClient(limited);
      const from = (address: string) => {
        const jar = new CookieJar();
        const send = jar.fetch.bind(jar);
        jar.fetch = (url, init = {}) => send(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': address } });
        return jar;
      };
      // The account budget is 5 times the address budget: ten refusals from five addresses spend it.
      for (let i = 0; i < 10; i++) {
        const { landing } = await ssoAuthorization(limited, client, 'stranger', from(`203.0.113.${Math.floor(i / 2) + 1}`));
        expect(landing.status).toBe(403);
      }
      expect((await ssoAuthorization(limited, client, 'stranger', from('203.0.113.50'))).landing.status).toBe(429);
      const alice = await ssoAuthorization(limited, client, 'alice', from('203.0.113.51'));
      expect(new URL(alice.landing.url).pathname).toBe('/oauth/authorize');
    } finally {
      await limited.close();
    }
  });
});
