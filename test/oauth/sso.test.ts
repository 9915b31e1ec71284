import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableAccount, setSsoOnly } from '../../src/platform/accounts.js';
import { operator } from '../../src/platform/context.js';
import { demoPassword } from '../../src/platform/demo/index.js';
import { callTool } from '../helpers/mcp.js';
import { TestOpenIdProvider, providerClientId } from '../helpers/openid-provider.js';
import {
  CookieJar,
  authorizeUrl,
  formFields,
  pkcePair,
  redeemCode,
  registerClient,
  startTestServer,
  type RegisteredClient,
  type TestServer,
} from '../helpers/server.js';
import { follow, logInAtProvider, ssoAuthorization, startSso } from '../helpers/sso.js';

const accounts = {
  alice: { email: 'alice@example.com', email_verified: true, name: 'Alice Moreau' },
  'carol-shouting': { email: 'CAROL@Example.COM', email_verified: true },
  'bob-unverified': { email: 'bob@example.com', email_verified: false },
  'carol-unflagged': { email: 'carol@example.com' },
  'dave-disabled': { email: 'dave@example.com', email_verified: true },
  'erin-sso-only': { email: 'erin@example.com', email_verified: true },
  stranger: { email: 'stranger@elsewhere.example', email_verified: true, name: 'Sam Stranger' },
  'no-email': {},
};

let idp: TestOpenIdProvider;
let server: TestServer;
let client: RegisteredClient;

async function startSsoServer(
  overrides: { createAccountsIn?: string; clientSecret?: string; signInRateLimit?: { limit: number; windowMs: number } } = {},
  provider = idp,
): Promise<TestServer> {
  const started = await startTestServer({
    seedDemo: true,
    ...(overrides.signInRateLimit ? { signInRateLimit: overrides.signInRateLimit } : {}),
    sso: {
      issuer: provider.issuer,
      clientId: providerClientId,
      clientSecret: overrides.clientSecret,
      name: 'Acme ID',
      createAccountsIn: overrides.createAccountsIn,
      allowedToJoin: ['elsewhere.example', 'example.com'],
    },
  });
  provider.allowRedirect(`${started.authUrl}/sso/callback`);
  return started;
}

beforeAll(async () => {
  idp = await TestOpenIdProvider.start({ accounts });
  server = await startSsoServer();
  await disableAccount(server, operator, { email: 'dave@example.com' });
  await setSsoOnly(server, operator, { email: 'erin@example.com', ssoOnly: true });
  client = await registerClient(server, { client_name: 'Claude' });
});

afterAll(async () => {
  await server?.close();
  await idp?.close();
});

/** Whether this browser is signed in: the connected-apps page shows the sign-in form when not. */
async function signedInAt(target: TestServer, jar: CookieJar): Promise<boolean> {
  const page = await (await jar.fetch(`${target.authUrl}/account/apps`)).text();
  return !page.includes('action="/sign-in"');
}

const signedIn = (jar: CookieJar) => signedInAt(server, jar);

/** The alert's text, each outside value (shown as data in a `<code>`) in single quotes. */
const alertOf = (html: string) =>
  /<p class="alert" role="alert">([\s\S]*?)<\/p>/
    .exec(html)?.[1]
    ?.replace(/<code class="value">([^<]*)<\/code>/g, "'$1'")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe('single sign-on through an OpenID provider', () => {
  it('offers "Sign in with <name>" beside the password form', async () => {
    const page = await (await fetch(authorizeUrl(server, { client, challenge: pkcePair().challenge }))).text();
    expect(page).toContain('action="/sign-in"');
    expect(page).toContain('action="/sso/start"');
    expect(page).toContain('Sign in with Acme ID</button>');
  });

  it('signs in as the account of the verified email and continues to the consent page, then to a token for that person', async () => {
    const { landing, verifier, jar } = await ssoAuthorization(server, client, 'alice');
    expect(landing.status).toBe(200);
    expect(new URL(landing.url).pathname).toBe('/oauth/authorize');
    expect(landing.html).toContain('Claude');
    expect(landing.html).toContain('alice@example.com');
    const decided = await jar.postForm(`${server.authUrl}/oauth/authorize`, { ...formFields(landing.html, '/oauth/authorize'), decision: 'approve' });
    const params = new URL(decided.headers.get('location')!).searchParams;
    expect(params.get('state')).toBe('sso-state');
    const tokens = (await (await redeemCode(server, client, params.get('code')!, verifier)).json()) as { access_token: string };
    const me = await callTool(server, tokens.access_token, 'get_me');
    expect(me.payload.user.email).toBe('alice@example.com');
  });

  it('matches the email with ASCII case folding', async () => {
    const { landing, jar } = await ssoAuthorization(server, client, 'carol-shouting');
    expect(new URL(landing.url).pathname).toBe('/oauth/authorize');
    expect(landing.html).toContain('carol@example.com');
    expect(await signedIn(jar)).toBe(true);
  });

  it('sets the session and device cookies as a password sign-in does', async () => {
    const { jar } = await ssoAuthorization(server, client, 'alice');
    const cookies = jar.received.filter((line) => /^survey_(session|device)=/.test(line));
    expect(cookies.map((line) => line.split('=')[0]).sort()).toEqual(['survey_device', 'survey_session']);
    for (const line of cookies) expect(line).toMatch(/HttpOnly/i);
  });

  it.each([
    ['stranger', 'stranger@elsewhere.example', "There is no survey platform account with the email 'stranger@elsewhere.example'. Ask whoever runs the platform to create one."],
    ['bob-unverified', 'bob@example.com', "Acme ID has not verified the email address 'bob@example.com' ('email_verified' is not true), so it cannot sign in to the account of that address."],
    ['carol-unflagged', 'carol@example.com', "Acme ID has not verified the email address 'carol@example.com' ('email_verified' is not true), so it cannot sign in to the account of that address."],
    ['dave-disabled', 'dave@example.com', "The account 'dave@example.com' is disabled."],
  ])('refuses %s with a page naming %s and why, signing nobody in', async (login, email, reason) => {
    const { landing, jar } = await ssoAuthorization(server, client, login);
    expect(landing.status).toBe(403);
    expect(new URL(landing.url).pathname).toBe('/sso/callback');
    expect(landing.html).toContain(`<strong class="sso-email">${email}</strong>`);
    expect(alertOf(landing.html)).toBe(reason);
    expect(await signedIn(jar)).toBe(false);
  });

  it('refuses an identity without an email', async () => {
    const { landing, jar } = await ssoAuthorization(server, client, 'no-email');
    expect(landing.status).toBe(403);
    expect(alertOf(landing.html)).toBe("Acme ID did not say which email address is yours (no 'email' claim), so no account can be chosen.");
    expect(await signedIn(jar)).toBe(false);
  });

  it("shows the provider's error when the person cancels there (access_denied)", async () => {
    const jar = new CookieJar();
    const signInPage = await (await jar.fetch(authorizeUrl(server, { client, challenge: pkcePair().challenge }))).text();
    const loginPage = await startSso(server, jar, signInPage);
    const abort = /href="([^"]*\/abort)"/.exec(loginPage.html)?.[1];
    expect(abort).toBeDefined();
    const landing = await follow(jar, await jar.fetch(new URL(abort!, loginPage.url).href), new URL(abort!, loginPage.url).href);
    expect(landing.status).toBe(403);
    expect(alertOf(landing.html)).toBe("Acme ID answered 'access_denied' (its description: 'End-User aborted interaction'). The sign-in was cancelled or refused there.");
    expect(await signedIn(jar)).toBe(false);
  });

  it('refuses a callback whose state is not the one this browser sent', async () => {
    const jar = new CookieJar();
    const signInPage = await (await jar.fetch(authorizeUrl(server, { client, challenge: pkcePair().challenge }))).text();
    const started = await jar.postForm(`${server.authUrl}/sso/start`, formFields(signInPage, '/sso/start'));
    const toProvider = new URL(started.headers.get('location')!);
    expect(toProvider.searchParams.get('code_challenge_method')).toBe('S256');
    expect(toProvider.searchParams.get('scope')).toBe('openid email profile');
    expect(toProvider.searchParams.get('redirect_uri')).toBe(`${server.authUrl}/sso/callback`);
    const forged = await jar.fetch(`${server.authUrl}/sso/callback?code=forged&state=not-${toProvider.searchParams.get('state')}`);
    expect(forged.status).toBe(400);
    expect(alertOf(await forged.text())).toBe("This answer does not belong to the sign-in this browser started (its 'state' does not match). Start the sign-in again.");
    expect(await signedIn(jar)).toBe(false);
  });

  it('refuses the same callback a second time (a replayed state)', async () => {
    const jar = new CookieJar();
    const signInPage = await (await jar.fetch(authorizeUrl(server, { client, challenge: pkcePair().challenge }))).text();
    const loginPage = await startSso(server, jar, signInPage);
    const action = /<form[^>]*action="([^"]+)"/.exec(loginPage.html)![1]!;
    let response = await jar.postForm(new URL(action, loginPage.url).href, { prompt: 'login', login: 'alice', password: 'x' });
    let url = new URL(action, loginPage.url).href;
    while (!url.includes('/sso/callback')) {
      url = new URL(response.headers.get('location')!, url).href;
      response = await jar.fetch(url);
    }
    expect(response.status).toBe(303);
    const replay = new CookieJar();
    const elsewhere = await replay.fetch(url);
    expect(elsewhere.status).toBe(400);
    const again = await jar.fetch(url);
    expect(again.status).toBe(400);
    expect(alertOf(await again.text())).toBe('This sign-in answer is not for this browser, or it was already used or has expired. Start the sign-in again.');
  });

  it('refuses an ID token whose nonce is not the one this browser sent', async () => {
    const jar = new CookieJar();
    const signInPage = await (await jar.fetch(authorizeUrl(server, { client, challenge: pkcePair().challenge }))).text();
    const loginPage = await startSso(server, jar, signInPage);
    // The server's record of the attempt, with another nonce than the provider was sent.
    const db = new Database(server.dbPath);
    db.prepare("UPDATE sso_attempts SET nonce = 'another-nonce'").run();
    db.close();
    const landing = await logInAtProvider(jar, loginPage, 'alice');
    expect(landing.status).toBe(400);
    expect(alertOf(landing.html)).toBe("The ID token was issued for another sign-in (its 'nonce' does not match this browser's). Start the sign-in again.");
    expect(await signedIn(jar)).toBe(false);
  });

  it('accepts ID tokens signed with a new key after the provider rotates its keys', async () => {
    const first = await ssoAuthorization(server, client, 'alice');
    expect(new URL(first.landing.url).pathname).toBe('/oauth/authorize');
    const oldKid = idp.kid;
    const fetchedBefore = idp.jwksRequests;
    await idp.rotateKeys();
    idp.allowRedirect(`${server.authUrl}/sso/callback`);
    expect(idp.kid).not.toBe(oldKid);
    const second = await ssoAuthorization(server, client, 'alice');
    expect(new URL(second.landing.url).pathname).toBe('/oauth/authorize');
    expect(second.landing.html).toContain('alice@example.com');
    expect(idp.jwksRequests).toBeGreaterThan(fetchedBefore);
  });

  it('keeps password sign-in working beside it', async () => {
    const jar = new CookieJar();
    const url = authorizeUrl(server, { client, challenge: pkcePair().challenge });
    const page = await (await jar.fetch(url)).text();
    const answer = await jar.postForm(`${server.authUrl}/sign-in`, { ...formFields(page, '/sign-in'), email: 'alice@example.com', password: demoPassword });
    expect(answer.status).toBe(303);
    expect(await signedIn(jar)).toBe(true);
  });

  it('refuses the password of an SSO-only account and points to the button, which signs it in', async () => {
    const jar = new CookieJar();
    const url = authorizeUrl(server, { client, challenge: pkcePair().challenge });
    const page = await (await jar.fetch(url)).text();
    const answer = await jar.postForm(`${server.authUrl}/sign-in`, { ...formFields(page, '/sign-in'), email: 'erin@example.com', password: demoPassword });
    expect(answer.status).toBe(403);
    const refused = await answer.text();
    expect(alertOf(refused)).toBe('This account signs in with Acme ID only, not with a password: use the "Sign in with Acme ID" button.');
    expect(refused).toContain('Sign in with Acme ID</button>');
    expect(await signedIn(jar)).toBe(false);
    const { landing } = await ssoAuthorization(server, client, 'erin-sso-only');
    expect(new URL(landing.url).pathname).toBe('/oauth/authorize');
    expect(landing.html).toContain('erin@example.com');
  });

  it('refuses to start without the CSRF token of the sign-in page', async () => {
    const jar = new CookieJar();
    await jar.fetch(authorizeUrl(server, { client, challenge: pkcePair().challenge }));
    const started = await jar.postForm(`${server.authUrl}/sso/start`, { csrf_token: 'forged', return_to: '/account/apps' });
    expect(started.status).toBe(403);
  });
});

describe('single sign-on with --sso-create-accounts', () => {
  it('creates a member account in the workspace on the first sign-in of a verified email, and only then', async () => {
    const creating = await startSsoServer({ createAccountsIn: 'wsp_demo_studio' });
    try {
      const app = await registerClient(creating, { client_name: 'Claude' });
      const { landing } = await ssoAuthorization(creating, app, 'stranger');
      expect(new URL(landing.url).pathname).toBe('/oauth/authorize');
      const user = await creating.store.findUserByEmail('stranger@elsewhere.example');
      expect(user).toMatchObject({ name: 'Sam Stranger', ssoOnly: true, disabled: false });
      expect(await creating.store.findWorkspaceRole('wsp_demo_studio', user!.id)).toBe('member');
      const again = await ssoAuthorization(creating, app, 'stranger');
      expect(new URL(again.landing.url).pathname).toBe('/oauth/authorize');
      expect((await creating.store.listUsers()).filter((u) => u.email === 'stranger@elsewhere.example')).toHaveLength(1);
      const unverified = await ssoAuthorization(creating, app, 'bob-unverified');
      expect(unverified.landing.status).toBe(403);
    } finally {
      await creating.close();
      idp.allowRedirect(`${server.authUrl}/sso/callback`);
    }
  });
});

describe('single sign-on under the sign-in limits', () => {
  it('charges each answer from the provider to the per-address budget the password form uses', async () => {
    const limited = await startSsoServer({ signInRateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      const app = await registerClient(limited, { client_name: 'Claude' });
      const jar = new CookieJar();
      const page = await (await jar.fetch(authorizeUrl(limited, { client: app, challenge: pkcePair().challenge }))).text();
      const password = await jar.postForm(`${limited.authUrl}/sign-in`, { ...formFields(page, '/sign-in'), email: 'alice@example.com', password: 'wrong password' });
      expect(password.status).toBe(401);
      expect((await ssoAuthorization(limited, app, 'alice')).landing.status).toBe(200);
      const third = await ssoAuthorization(limited, app, 'alice');
      expect(third.landing.status).toBe(429);
      expect(alertOf(third.landing.html)).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
      expect(await signedInAt(limited, third.jar)).toBe(false);
    } finally {
      await limited.close();
      idp.allowRedirect(`${server.authUrl}/sso/callback`);
    }
  });
});

describe('single sign-on with a provider that gives the email in UserInfo only', () => {
  it('reads email and email_verified from UserInfo for the subject of the ID token', async () => {
    const userInfoOnly = await TestOpenIdProvider.start({ accounts, claimsInIdToken: false });
    const target = await startSsoServer({}, userInfoOnly);
    try {
      const app = await registerClient(target, { client_name: 'Claude' });
      const { landing } = await ssoAuthorization(target, app, 'alice');
      expect(new URL(landing.url).pathname).toBe('/oauth/authorize');
      expect(landing.html).toContain('alice@example.com');
      const refused = await ssoAuthorization(target, app, 'bob-unverified');
      expect(refused.landing.status).toBe(403);
    } finally {
      await target.close();
      await userInfoOnly.close();
    }
  });
});

describe('single sign-on as a confidential client', () => {
  it('authenticates to the provider with the client secret', async () => {
    const confidential = await TestOpenIdProvider.start({ accounts, clientSecret: 'a-long-client-secret-for-tests' });
    const withSecret = await startSsoServer({ clientSecret: 'a-long-client-secret-for-tests' }, confidential);
    try {
      const app = await registerClient(withSecret, { client_name: 'Claude' });
      const { landing } = await ssoAuthorization(withSecret, app, 'alice');
      expect(new URL(landing.url).pathname).toBe('/oauth/authorize');
    } finally {
      await withSecret.close();
      await confidential.close();
    }
  });
});

describe('discovery of the provider at start-up', () => {
  it.each([
    [{ token_endpoint: '/token', code_challenge_methods_supported: ['S256'] }, "publishes no 'authorization_endpoint', 'jwks_uri' in its discovery document"],
    [
      { authorization_endpoint: '/auth', token_endpoint: '/token', jwks_uri: '/jwks', code_challenge_methods_supported: ['plain'] },
      'does not support PKCE with S256',
    ],
  ])('refuses to start with a provider whose metadata %j cannot work: it %s', async (fields, reason) => {
    const provider = createServer((_req, res) => {
      const issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      const absolute = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? `${issuer}${value}` : value]));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ issuer, ...absolute }));
    });
    provider.listen(0, '127.0.0.1');
    await once(provider, 'listening');
    const issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    try {
      await expect(
        startTestServer({ sso: { issuer, clientId: providerClientId, clientSecret: undefined, name: 'Acme ID', createAccountsIn: undefined } }),
      ).rejects.toThrow(`single sign-on: the OpenID provider '${issuer}' ${reason}`);
    } finally {
      provider.close();
    }
  });

  it('refuses a workspace for new accounts that does not exist', async () => {
    await expect(
      startTestServer({
        seedDemo: true,
        sso: { issuer: idp.issuer, clientId: providerClientId, clientSecret: undefined, name: 'Acme ID', createAccountsIn: 'wsp_nowhere' },
      }),
    ).rejects.toThrow("--sso-create-accounts 'wsp_nowhere' names no workspace in this store");
  });
});
