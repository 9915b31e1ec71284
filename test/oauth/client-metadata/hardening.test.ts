import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../src/config.js';
import type { ServerDeps } from '../../../src/server.js';
import { ClientMetadataHost } from '../../helpers/client-metadata-host.js';
import { freePorts } from '../../scale-out/processes.js';
import { alertText } from '../../helpers/pages.js';
import {
  authorizeUrl,
  CookieJar,
  createTestUser,
  formFields,
  obtainTokens,
  pkcePair,
  readJson,
  registerClient,
  startTestServer,
  testPassword,
  type RegisteredClient,
  type TestServer,
} from '../../helpers/server.js';

let host: ClientMetadataHost;
let server: TestServer | undefined;
const redirectUri = 'http://127.0.0.1:43117/callback';
const app = { client_name: 'Claude', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' };
const { challenge } = pkcePair();

beforeAll(async () => {
  host = await ClientMetadataHost.start();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => host?.close());

/** A server with the default fetch budgets that reads the caller from X-Forwarded-For (one proxy). */
async function start(overrides: Partial<ServerConfig> = {}, deps: Omit<ServerDeps, 'clock'> = {}): Promise<TestServer> {
  server = await startTestServer(
    { allowPrivateClientMetadata: true, trustProxy: true, ...overrides },
    { clientMetadataFetch: { ca: host.certificates.ca, timeoutMs: 500 }, ...deps },
  );
  return server;
}

const clientAt = (url: string): RegisteredClient => ({ client_id: url, client_name: app.client_name, redirect_uris: [redirectUri] });

/** /oauth/authorize for a client_id, as a client probing with JSON from the address `from`. */
const probe = (target: TestServer, clientId: string, from: string) =>
  fetch(authorizeUrl(target, { client: clientAt(clientId), challenge }), {
    redirect: 'manual',
    headers: { accept: 'application/json', 'x-forwarded-for': from },
  });

const stranger = '203.0.113.9';
const person = '198.51.100.7';

/** 20 URLs on the client's host that lead nowhere: 10 answer 404, 10 name a closed port. */
async function junkUrls(prefix: string): Promise<string[]> {
  // Free a moment ago and closed now: connections to it are refused.
  const [closed] = await freePorts(1);
  return Array.from({ length: 20 }, (_, i) =>
    i % 2 === 0 ? host.url(`/${prefix}-junk-${i}`) : `https://127.0.0.1:${closed}/${prefix}-junk-${i}`,
  );
}

describe("the fetch budget: a stranger's junk URLs cost the stranger, not the client", () => {
  it('20 junk URLs on the host, then the real document (never fetched before) from another address signs in', async () => {
    const target = await start();
    const junk = await junkUrls('new');
    const answers = [];
    for (const url of junk) answers.push({ url, status: (await probe(target, url, stranger)).status });
    // A closed port is a host in trouble (503, retry); a 404 on the host is a document gone (400), or
    // 503 once the stranger's own fetch budget is spent.
    for (const { url, status } of answers) expect(url.startsWith(host.origin) ? [400, 503] : [503], url).toContain(status);
    const fetched = junk.filter((url) => url.startsWith(host.origin)).reduce((sum, url) => sum + host.fetchesOf(new URL(url).pathname), 0);
    expect(fetched).toBeLessThanOrEqual(10);

    const real = host.document('/new-real.json', app);
    const answer = await fetch(authorizeUrl(target, { client: clientAt(real), challenge }), { headers: { 'x-forwarded-for': person } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('action="/sign-in"');
  });

  it('a document the server holds is refetched after 20 junk URLs, even for the very address that sent them', async () => {
    const target = await start();
    const real = host.document('/known-real.json', app, { 'cache-control': 'max-age=60' });
    expect((await probe(target, real, person)).status).toBe(200);
    for (const url of await junkUrls('known')) await probe(target, url, stranger);
    target.clock.advance(61_000);
    host.document('/known-real.json', { ...app, client_name: 'Claude Code' });
    const answer = await fetch(authorizeUrl(target, { client: clientAt(real), challenge }), { headers: { 'x-forwarded-for': stranger } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<strong class="client-name">Claude Code</strong>');
    expect(host.fetchesOf('/known-real.json')).toBe(2);
  });

  it('still caps a flood of distinct URLs from many addresses: 40 a minute from callers who fetched before, the rest of 60 for first fetches', async () => {
    const target = await start();
    const flood = Array.from({ length: 70 }, (_, i) => host.url(`/flood-${i}`));
    const refusals: string[] = [];
    for (const [i, url] of flood.entries()) {
      const answer = await readJson(await probe(target, url, `192.0.2.${Math.floor(i / 10)}`));
      if (answer.error_description.includes('too often')) refusals.push(answer.error_description);
    }
    // Four callers spend 40; the fifth, sixth and seventh get their first fetch from the reserve.
    expect(flood.reduce((sum, url) => sum + host.fetchesOf(new URL(url).pathname), 0)).toBe(43);
    expect(refusals).toHaveLength(27);
    expect(refusals[0]).toMatch(/^client metadata documents were fetched from '127\.0\.0\.1' too often; try again in \d+ seconds$/);
  });

  it('asks the host once for a URL that failed, however often it is named within a minute', async () => {
    const target = await start();
    const missing = host.url('/missing-once.json');
    for (let i = 0; i < 5; i++) expect((await probe(target, missing, `192.0.2.${i}`)).status).toBe(400);
    expect(host.fetchesOf('/missing-once.json')).toBe(1);
  });
});

describe('one answer for every document host we cannot reach', () => {
  it('answers a private address, a name that does not exist and a host that never answers byte for byte alike', async () => {
    const resolve = async (hostname: string) => {
      if (hostname === 'private.client.test') return [{ address: '10.0.0.5', family: 4 as const }];
      // A public address this test machine has no route to: refused, unreachable or silent.
      if (hostname === 'silent.client.test') return [{ address: '93.184.215.14', family: 4 as const, port: 9 }];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    };
    const strict = await start({ allowPrivateClientMetadata: false }, { clientMetadataFetch: { ca: host.certificates.ca, timeoutMs: 300, resolve } });
    const answers = [];
    for (const name of ['private', 'nowhere', 'silent']) {
      const url = `https://${name}.client.test/client.json`;
      const json = await probe(strict, url, person);
      const page = await fetch(authorizeUrl(strict, { client: clientAt(url), challenge }), { headers: { 'x-forwarded-for': person } });
      answers.push({
        status: [json.status, page.status],
        json: (await json.text()).replace(url, '<url>'),
        alert: alertText(await page.text()).replace(url, '<url>'),
      });
    }
    expect(answers[0]!.status).toEqual([503, 503]);
    expect(answers[0]!.json).toBe(
      '{"error":"temporarily_unavailable","error_description":"the client metadata document at \'<url>\' could not be fetched: its host could not be reached from this server at a public address"}',
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});

describe('error pages show outside values only as quoted data', () => {
  it('shows a client_id written as a sentence inside a <code> after the field name, never as prose', async () => {
    const target = await start();
    const injected = 'Your session expired. Call +1-555-0100';
    const page = await (await fetch(`${target.authUrl}/oauth/authorize?client_id=Your+session+expired.+Call+%2B1-555-0100`)).text();
    expect(page).toContain(`no app is registered with client_id <code class="value">${injected}</code>; the app should register again`);
    expect(page.replace(/<code class="value">[^<]*<\/code>/g, '')).not.toContain('Your session expired');
  });

  it("quotes what a document says about itself, even a sentence in its 'client_id'", async () => {
    const target = await start();
    const url = host.document('/speaks.json', { ...app, client_id: 'Your session expired. Call +1-555-0100' });
    const page = await (await fetch(authorizeUrl(target, { client: clientAt(url), challenge }))).text();
    expect(page).toContain(`says its &#39;client_id&#39; is <code class="value">Your session expired. Call +1-555-0100</code>`);
    expect(page.replace(/<code class="value">[^<]*<\/code>/g, '')).not.toContain('session expired');
  });
});

describe('a name the app chose never passes for one its host vouches for', () => {
  it('marks a registered name as chosen by the app, and puts a verified host in an element of its own, on sign-in and connected apps', async () => {
    const target = await start({ allowPrivateClientMetadata: true });
    await createTestUser(target);
    const registered = await registerClient(target, { client_name: 'Auto client', redirect_uris: [redirectUri] });
    const published = clientAt(host.document('/auto.json', { ...app, client_name: 'Auto client' }));
    const verifiedHost = new URL(host.origin).host;

    const signInFor = async (client: RegisteredClient) => (await new CookieJar().fetch(authorizeUrl(target, { client, challenge }))).text();
    expect(await signInFor(registered)).toContain(
      'to continue to <strong class="client-name">Auto client</strong> <span class="chosen-name">(name chosen by the app)</span>',
    );
    expect(await signInFor(published)).toContain(
      `to continue to <strong class="client-name">Auto client</strong> <span class="verified-host">— ${verifiedHost}</span>`,
    );

    await obtainTokens(target, { client: registered });
    const { client } = await obtainTokens(target, { client: published });
    const jar = new CookieJar();
    const signInPage = await (await jar.fetch(`${target.authUrl}/account/apps`)).text();
    await jar.postForm(`${target.authUrl}/sign-in`, { ...formFields(signInPage, '/sign-in'), email: 'alice@example.com', password: testPassword });
    const apps = await (await jar.fetch(`${target.authUrl}/account/apps`)).text();
    expect(apps).toContain('<strong class="app-name">Auto client</strong> <span class="chosen-name">(name chosen by the app)</span>');
    expect(apps).toContain(`<strong class="app-name">Auto client</strong> <span class="verified-host">— ${verifiedHost}</span>`);
    expect(client.client_id).toBe(published.client_id);
  });

  it("refuses to register a name of the form 'Name — host'", async () => {
    const target = await start();
    const response = await fetch(`${target.baseUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Auto client — h9.example:443', redirect_uris: [redirectUri] }),
    });
    expect(response.status).toBe(422);
    expect(await readJson(response)).toEqual({
      error: 'invalid_client_metadata',
      error_description:
        "'client_name' must not take the form 'Name — host.example': pages show a verified host beside the name, and a chosen name may not imitate one",
    });
  });
});
