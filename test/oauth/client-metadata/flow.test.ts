import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  CookieJar,
  createTestUser,
  formFields,
  pkcePair,
  postToken,
  readJson,
  runAuthorization,
  signIn,
  startTestServer,
  type RegisteredClient,
  type TestServer,
} from '../../helpers/server.js';
import { ClientMetadataHost } from '../../helpers/client-metadata-host.js';
import { alertText } from '../../helpers/pages.js';

let host: ClientMetadataHost;
let server: TestServer;
const redirectUri = 'http://127.0.0.1:43117/callback';
const app = { client_name: 'Claude', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' };
const { verifier, challenge } = pkcePair();

beforeAll(async () => {
  host = await ClientMetadataHost.start();
  server = await startTestServer(
    { allowPrivateClientMetadata: true },
    // Every document here lives on one loopback host and is asked for from one address; the
    // budgets have tests of their own.
    {
      clientMetadataFetch: { ca: host.certificates.ca, timeoutMs: 500 },
      clientMetadataHostRule: { limit: 1000, windowMs: 60_000 },
      clientMetadataCallerRule: { limit: 1000, windowMs: 60_000 },
    },
  );
  await createTestUser(server);
});
afterAll(async () => {
  await server?.close();
  await host?.close();
});

const metadataClient = (url: string): RegisteredClient => ({ client_id: url, client_name: app.client_name, redirect_uris: [redirectUri] });

function postRevoke(token: string, clientId: string): Promise<Response> {
  return fetch(`${server.authUrl}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: clientId }).toString(),
  });
}

async function exchange(client: RegisteredClient, code: string) {
  return postToken(server, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: client.client_id, code_verifier: verifier });
}

describe('a client known by its metadata document', () => {
  it('signs in, shows the name with its verified host, gets tokens, refreshes and revokes, fetching the document once', async () => {
    const client = metadataClient(host.document('/claude.json', app, { 'cache-control': 'max-age=3600' }));
    const { params, consent, jar } = await runAuthorization(server, { client, challenge });
    expect(consent).toContain('<span class="client-name">Claude</span> <span class="verified-host">— 127.0.0.1:');
    expect(consent).toContain(`<strong>${new URL(host.origin).host}</strong> publishes this app's name and addresses.`);
    expect(consent).not.toContain('The app chose its own name');
    expect(params.get('iss')).toBe(server.baseUrl);

    const tokens = await readJson(await exchange(client, params.get('code')!));
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'mcp_customer' });
    const refreshed = await postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    expect(refreshed.status).toBe(200);

    const apps = await (await jar.fetch(`${server.authUrl}/account/apps`)).text();
    expect(apps).toContain(`<strong class="app-name">Claude</strong> <span class="verified-host">— ${new URL(host.origin).host}</span>`);

    const revoked = await fetch(`${server.authUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: (await readJson(refreshed)).refresh_token, client_id: client.client_id }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect(host.fetchesOf('/claude.json')).toBe(1);
  });

  it('warns that the name proves nothing when the answer goes to this computer, and only then', async () => {
    const web = host.document('/web.json', { client_name: 'Web App', redirect_uris: ['https://app.example/callback'] });
    const webConsent = await signIn(server, new CookieJar(), authorizeUrl(server, { client: { client_id: web, client_name: 'Web App', redirect_uris: ['https://app.example/callback'] }, challenge }), 'alice@example.com');
    expect(webConsent).toContain("publishes this app's name and addresses.");
    expect(webConsent).not.toContain('class="caution"');
    const local = metadataClient(host.document('/local.json', app));
    const localConsent = await signIn(server, new CookieJar(), authorizeUrl(server, { client: local, challenge }), 'alice@example.com');
    expect(localConsent).toContain(
      '<span class="caution">The answer goes to a program on this computer, and any program here could use that name.</span>',
    );
  });

  it('names the client with its host on the sign-in page, again after a wrong password', async () => {
    const client = metadataClient(host.document('/sign-in.json', app));
    const jar = new CookieJar();
    const page = await (await jar.fetch(authorizeUrl(server, { client, challenge }))).text();
    const shown = `to continue to <strong class="client-name">Claude</strong> <span class="verified-host">— ${new URL(host.origin).host}</span>`;
    expect(page).toContain(shown);
    const again = await jar.postForm(`${server.authUrl}/sign-in`, { ...formFields(page, '/sign-in'), email: 'alice@example.com', password: 'wrong' });
    expect(again.status).toBe(401);
    expect(await again.text()).toContain(shown);
  });

  it('keeps using a recent copy while its host is down, and stops twelve hours after it expired', async () => {
    const url = host.document('/flaky.json', app, { 'cache-control': 'max-age=60' });
    const client = metadataClient(url);
    expect((await fetch(authorizeUrl(server, { client, challenge }))).status).toBe(200);
    host.route('/flaky.json', (_req, res) => res.writeHead(503).end());
    server.clock.advance(61_000);
    expect((await fetch(authorizeUrl(server, { client, challenge }))).status).toBe(200);
    server.clock.advance(12 * 60 * 60_000);
    const refused = await fetch(authorizeUrl(server, { client, challenge }), { headers: { accept: 'application/json' } });
    expect(refused.status).toBe(503);
    expect(await readJson(refused)).toEqual({
      error: 'temporarily_unavailable',
      error_description: `the client metadata document at '${url}' answered HTTP 503; it must answer 200`,
    });
    expect(host.fetchesOf('/flaky.json')).toBe(3);
  });
});

describe('revoking the tokens of a client known by its metadata document', () => {
  it('revokes while the document host has been down for longer than any copy is kept, without fetching it', async () => {
    const url = host.document('/revoking.json', app, { 'cache-control': 'max-age=60' });
    const client = metadataClient(url);
    const { params } = await runAuthorization(server, { client, challenge });
    const tokens = await readJson(await exchange(client, params.get('code')!));
    host.route('/revoking.json', (_req, res) => res.writeHead(503).end());
    server.clock.advance(61_000 + 12 * 60 * 60_000);
    const fetchesBefore = host.fetchesOf('/revoking.json');

    const revoked = await postRevoke(tokens.refresh_token, client.client_id);
    expect(revoked.status).toBe(200);
    expect(host.fetchesOf('/revoking.json')).toBe(fetchesBefore);
    host.document('/revoking.json', app);
    const refresh = await postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    expect(await readJson(refresh)).toMatchObject({ error: 'invalid_grant' });
  });

  it('never touches the token of another client, whoever names itself', async () => {
    const client = metadataClient(host.document('/owner.json', app));
    const { params } = await runAuthorization(server, { client, challenge });
    const tokens = await readJson(await exchange(client, params.get('code')!));
    const other = host.document('/impostor.json', app);

    expect((await postRevoke(tokens.refresh_token, other)).status).toBe(200);
    const refresh = await postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    expect(refresh.status).toBe(200);
  });
});

describe('a metadata document that cannot be used: refused without a redirect', () => {
  const cases: Array<[string, () => string, string]> = [
    ['a client_id that differs from its URL', () => host.document('/mismatch.json', { ...app, client_id: host.url('/other.json') }), "says its 'client_id' is"],
    ['a document served as HTML', () => host.route('/page.json', (_q, res, url) => res.writeHead(200, { 'content-type': 'text/html' }).end(JSON.stringify({ ...app, client_id: url }))), "is served as 'text/html': it must be served as JSON (application/json)"],
    ['a document without our redirect URI', () => host.document('/elsewhere.json', { ...app, redirect_uris: ['https://app.example/cb'] }), `'${redirectUri}' is not a redirect URI registered by 'Claude'`],
    ['a document over the size cap', () => host.document('/huge.json', { ...app, padding: 'x'.repeat(6000) }), 'is larger than 5120 bytes'],
    ['a redirecting document', () => host.route('/moved.json', (_q, res) => res.writeHead(301, { location: 'https://evil.example/c.json' }).end()), 'redirects are not followed'],
    ['a document carrying a secret', () => host.document('/secret.json', { ...app, client_secret: 'x' }), "carries 'client_secret'"],
  ];

  it.each(cases)('shows an error page for %s, and JSON invalid_client to a probe', async (_case, publish, why) => {
    const client = metadataClient(publish());
    const page = await fetch(authorizeUrl(server, { client, challenge }), { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(alertText(await page.text())).toContain(why);
    const probe = await fetch(authorizeUrl(server, { client, challenge }), { redirect: 'manual', headers: { accept: 'application/json' } });
    expect(probe.status).toBe(400);
    const body = await readJson(probe);
    expect(body.error).toBe(why.includes('is not a redirect URI') ? 'invalid_request' : 'invalid_client');
    expect(body.error_description).toContain(why);
  });

  it('answers invalid_client at the token endpoint', async () => {
    const client = metadataClient(host.document('/mismatch-token.json', { ...app, client_id: host.url('/other.json') }));
    const token = await postToken(server, { grant_type: 'authorization_code', code: 'x', redirect_uri: redirectUri, client_id: client.client_id, code_verifier: verifier });
    expect(token.status).toBe(400);
    expect(await readJson(token)).toEqual({
      error: 'invalid_client',
      error_description: `the client metadata document at '${client.client_id}' says its 'client_id' is '${host.url('/other.json')}': it must equal the document's URL byte for byte`,
    });
  });

  it('answers invalid_client at the revocation endpoint for a client_id that is no usable metadata URL', async () => {
    const revoke = await postRevoke('x', 'https://app.example/');
    expect(revoke.status).toBe(400);
    expect(await readJson(revoke)).toEqual({
      error: 'invalid_client',
      error_description: "the client_id 'https://app.example/' is not a usable client metadata URL: it must have a path, e.g. https://app.example/oauth/client.json",
    });
  });

  it('answers a document on a private address as an unreachable host (503, retry) unless the operator opted in', async () => {
    const strict = await startTestServer({}, { clientMetadataFetch: { ca: host.certificates.ca } });
    try {
      const url = host.document('/private.json', app);
      const client = metadataClient(url);
      const page = await fetch(authorizeUrl(strict, { client, challenge }), { redirect: 'manual' });
      expect(page.status).toBe(503);
      expect(page.headers.get('location')).toBeNull();
      expect(alertText(await page.text())).toBe(
        `the client metadata document at '${url}' could not be fetched: its host could not be reached from this server at a public address`,
      );
      expect(host.fetchesOf('/private.json')).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it('stores nothing for a refused client', async () => {
    const client = metadataClient(host.document('/never.json', { ...app, client_secret: 'x' }));
    const page = await new CookieJar().fetch(authorizeUrl(server, { client, challenge }));
    expect(page.status).toBe(400);
    expect(await server.store.findClient(client.client_id)).toBeUndefined();
  });
});

describe('a metadata document that cannot be fetched just now, of which no good copy is held: not an invalid client', () => {
  const failures: Array<[string, () => string, string]> = [
    ['a bot challenge (403)', () => host.route('/challenged.json', (_q, res) => res.writeHead(403, { 'content-type': 'text/html' }).end('<title>Just a moment...</title>')), 'answered HTTP 403'],
    ['a server error (502)', () => host.route('/broken.json', (_q, res) => res.writeHead(502).end()), 'answered HTTP 502'],
    ['a slow host', () => host.route('/slow.json', () => undefined), 'could not be fetched: its host could not be reached from this server at a public address'],
  ];

  it.each(failures)('tells the person on a page that the identity document could not be fetched and to retry, for %s', async (_case, publish, why) => {
    const client = metadataClient(publish());
    const page = await fetch(authorizeUrl(server, { client, challenge }), { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('60');
    expect(page.headers.get('location')).toBeNull();
    const text = await page.text();
    expect(text).toContain("<h1>The app's identity document could not be fetched</h1>");
    expect(text).toContain('Wait a minute, then start connecting again');
    expect(alertText(text)).toContain(why);
    expect(await server.store.findClient(client.client_id)).toBeUndefined();
  });

  it.each(failures)('answers the token endpoint 503 temporarily_unavailable with Retry-After, for %s', async (_case, publish, why) => {
    const client = metadataClient(publish());
    const token = await postToken(server, { grant_type: 'authorization_code', code: 'x', redirect_uri: redirectUri, client_id: client.client_id, code_verifier: verifier });
    expect(token.status).toBe(503);
    expect(token.headers.get('retry-after')).toBe('60');
    const body = await readJson(token);
    expect(body.error).toBe('temporarily_unavailable');
    expect(body.error_description).toContain(why);
    expect(body.error_description).toContain('this is not a verdict on the client: try again shortly');
  });

  it('answers invalid_client, not 503, for a document that answers 404: its owner took it down', async () => {
    const client = metadataClient(host.route('/gone.json', (_q, res) => res.writeHead(404).end()));
    const token = await postToken(server, { grant_type: 'authorization_code', code: 'x', redirect_uri: redirectUri, client_id: client.client_id, code_verifier: verifier });
    expect(token.status).toBe(400);
    expect(await readJson(token)).toEqual({
      error: 'invalid_client',
      error_description: `the client metadata document at '${client.client_id}' answered HTTP 404: there is no such document (any earlier copy is no longer used)`,
    });
  });
});
