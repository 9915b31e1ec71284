import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataHost } from '../../helpers/client-metadata-host.js';
import { alertText } from '../../helpers/pages.js';
import { authorizeUrl, createTestUser, pkcePair, postToken, readJson, runAuthorization, startTestServer, type TestServer } from '../../helpers/server.js';

const assertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const redirectUri = 'https://chatgpt.com/connector_platform_oauth_redirect';
const { verifier, challenge } = pkcePair();
const deps = (host: ClientMetadataHost) => ({
  clientMetadataFetch: { ca: host.certificates.ca, timeoutMs: 500 },
  clientMetadataHostRule: { limit: 1000, windowMs: 60_000 },
  clientMetadataCallerRule: { limit: 1000, windowMs: 60_000 },
});

interface SigningKey {
  readonly privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  readonly jwk: JWK;
}

async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
}

let host: ClientMetadataHost;
let server: TestServer;
let key: SigningKey;

beforeAll(async () => {
  host = await ClientMetadataHost.start();
  // Callers' addresses from X-Forwarded-For: a thief and the client's owner come from two.
  server = await startTestServer(
    { allowPrivateClientMetadata: true, clientAuthPrivateKeyJwt: true, trustProxy: true, tokenGrantRateLimit: { limit: 10, windowMs: 60_000 } },
    deps(host),
  );
  await createTestUser(server);
  key = await signingKey('key-1');
});
afterAll(async () => {
  await server?.close();
  await host?.close();
});

/** A ChatGPT-shaped document at `path`, its keys at `path`.jwks. */
function publish(path: string, keys: readonly JWK[]): string {
  host.document(`${path}.jwks`, { keys }, { 'cache-control': 'max-age=3600' });
  return host.document(path, {
    client_name: 'ChatGPT',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: 'private_key_jwt',
    jwks_uri: host.url(`${path}.jwks`),
  });
}

interface AssertionOptions {
  readonly key?: SigningKey;
  readonly kid?: string;
  readonly aud?: string | string[];
  /** Moves 'iat' this many seconds from when the assertion is signed (negative: into the past). */
  readonly iatOffset?: number;
  readonly lifetimeSeconds?: number;
  readonly issuedSecondsAgo?: number;
  readonly jti?: string;
}

function assertion(clientId: string, options: AssertionOptions = {}): Promise<string> {
  const signer = options.key ?? key;
  const now = Math.floor(server.clock.now() / 1000) - (options.issuedSecondsAgo ?? 0);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? signer.jwk.kid! })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(options.aud ?? `${server.authUrl}/oauth/token`)
    .setIssuedAt(now + (options.iatOffset ?? 0))
    .setExpirationTime(now + (options.lifetimeSeconds ?? 60))
    .setJti(options.jti ?? randomUUID())
    .sign(signer.privateKey);
}

async function codeFor(clientId: string): Promise<string> {
  const { params } = await runAuthorization(server, { client: { client_id: clientId, client_name: 'ChatGPT', redirect_uris: [redirectUri] }, challenge, redirectUri });
  return params.get('code')!;
}

const redeem = async (clientId: string, code: string, fields: Record<string, string>) =>
  postToken(server, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, ...fields });

describe('a private_key_jwt client known by its metadata document (serve --client-auth-private-key-jwt)', () => {
  it('lists private_key_jwt beside none, with the algorithms RFC 8414 then requires', async () => {
    const metadata = await readJson(await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`));
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['none', 'private_key_jwt']);
    expect(metadata.token_endpoint_auth_signing_alg_values_supported).toContain('ES256');
    expect(metadata.token_endpoint_auth_signing_alg_values_supported).not.toContain('HS256');
  });

  it('signs in, redeems its code and refreshes with assertions signed by the key at its jwks_uri (client_id in the body or only in the assertion)', async () => {
    const clientId = publish('/chatgpt/works.json', [key.jwk]);
    const tokens = await readJson(await redeem(clientId, await codeFor(clientId), { client_assertion_type: assertionType, client_assertion: await assertion(clientId) }));
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'mcp_customer' });
    const refreshed = await postToken(server, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      client_assertion_type: assertionType,
      client_assertion: await assertion(clientId, { aud: server.baseUrl }),
    });
    expect(refreshed.status).toBe(200);
    expect(host.fetchesOf('/chatgpt/works.json.jwks')).toBe(1);
  });

  it.each<[string, (clientId: string) => Promise<Record<string, string>>, string]>([
    ['none at all', async () => ({}), "the client assertion is refused: this client authenticates with private_key_jwt (its metadata document says so): send 'client_assertion'"],
    ['a wrong assertion type', async (id) => ({ client_assertion_type: 'urn:x', client_assertion: await assertion(id) }), `'client_assertion_type' must be '${assertionType}'`],
    ['a wrong aud', async (id) => ({ client_assertion_type: assertionType, client_assertion: await assertion(id, { aud: 'https://elsewhere.example' }) }), "'aud' must be this server's issuer"],
    ['an aud array naming another server and our issuer', async (id) => ({ client_assertion_type: assertionType, client_assertion: await assertion(id, { aud: ['https://other-as.example', server.baseUrl] }) }), "'aud' must be a single string"],
    ['an aud array naming another token endpoint and ours', async (id) => ({ client_assertion_type: assertionType, client_assertion: await assertion(id, { aud: ['https://other-as.example/token', `${server.authUrl}/oauth/token`] }) }), "'aud' must be a single string"],
    ['an iat 250 seconds in the future', async (id) => ({ client_assertion_type: assertionType, client_assertion: await assertion(id, { iatOffset: 250 }) }), 'seconds in the future: sign the assertion when you send it'],
    ['an iat a year old', async (id) => ({ client_assertion_type: assertionType, client_assertion: await assertion(id, { iatOffset: -365 * 86_400 }) }), 'seconds old: an assertion may live at most 300 seconds'],
    ['an expired one', async (id) => ({ client_assertion_type: assertionType, client_assertion: await assertion(id, { issuedSecondsAgo: 600, lifetimeSeconds: 60 }) }), "it has expired ('exp' is past)"],
    ['one that lives too long', async (id) => ({ client_assertion_type: assertionType, client_assertion: await assertion(id, { lifetimeSeconds: 3600 }) }), 'an assertion may live at most 300 seconds'],
    ['an unknown kid', async (id) => ({ client_assertion_type: assertionType, client_assertion: await assertion(id, { kid: 'key-unknown' }) }), "no key in the client's key set matches its 'kid' and 'alg'"],
    ['another key under its kid', async (id) => ({ client_assertion_type: assertionType, client_assertion: await assertion(id, { key: await signingKey('key-1') }) }), "its signature does not verify with the client's key"],
    ['not a JWT', async (id) => ({ client_id: id, client_assertion_type: assertionType, client_assertion: 'not-a-jwt' }), 'it is not a valid signed JWT'],
  ])('refuses %s with a 401 invalid_client that says why, issuing nothing', async (_case, fields, why) => {
    const clientId = publish(`/chatgpt/refused-${randomUUID()}.json`, [key.jwk]);
    const code = await codeFor(clientId);
    const refused = await redeem(clientId, code, { client_id: clientId, ...(await fields(clientId)) });
    expect(refused.status).toBe(401);
    const body = await readJson(refused);
    expect(body.error).toBe('invalid_client');
    expect(body.error_description).toContain(why);
    // The code is still good for the real client: a refused assertion spends nothing.
    expect((await redeem(clientId, code, { client_assertion_type: assertionType, client_assertion: await assertion(clientId) })).status).toBe(200);
  });

  it('accepts a jti once, also when the assertion is replayed on the refresh grant', async () => {
    const clientId = publish('/chatgpt/replay.json', [key.jwk]);
    const once = await assertion(clientId);
    const tokens = await readJson(await redeem(clientId, await codeFor(clientId), { client_assertion_type: assertionType, client_assertion: once }));
    const replayed = await postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_assertion_type: assertionType, client_assertion: once });
    expect(replayed.status).toBe(401);
    expect((await readJson(replayed)).error_description).toBe(
      "the client assertion is refused: its 'jti' was used before: sign a new assertion with a new 'jti' for every request (RFC 7523 §3)",
    );
  });

  it('fetches its key set again for an unknown kid (at most every ten seconds), so a rotated key works', async () => {
    const clientId = publish('/chatgpt/rotates.json', [key.jwk]);
    expect((await redeem(clientId, await codeFor(clientId), { client_assertion_type: assertionType, client_assertion: await assertion(clientId) })).status).toBe(200);
    const rotated = await signingKey('key-2');
    host.document('/chatgpt/rotates.json.jwks', { keys: [rotated.jwk] });
    const code = await codeFor(clientId);
    const signed = () => assertion(clientId, { key: rotated });
    expect((await redeem(clientId, code, { client_assertion_type: assertionType, client_assertion: await signed() })).status).toBe(401);
    expect(host.fetchesOf('/chatgpt/rotates.json.jwks')).toBe(1);
    server.clock.advance(10_000);
    expect((await redeem(clientId, code, { client_assertion_type: assertionType, client_assertion: await signed() })).status).toBe(200);
    expect(host.fetchesOf('/chatgpt/rotates.json.jwks')).toBe(2);
  });

  it('verifies with keys written into the document itself (jwks)', async () => {
    const clientId = host.document('/chatgpt/inline.json', {
      client_name: 'ChatGPT',
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [key.jwk] },
    });
    expect((await redeem(clientId, await codeFor(clientId), { client_assertion_type: assertionType, client_assertion: await assertion(clientId) })).status).toBe(200);
  });

  it('refuses an assertion from a public client, which has no keys to check it with', async () => {
    const clientId = host.document('/public.json', { client_name: 'Claude', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' });
    const refused = await redeem(clientId, await codeFor(clientId), { client_id: clientId, client_assertion_type: assertionType, client_assertion: await assertion(clientId) });
    expect(refused.status).toBe(401);
    expect(await readJson(refused)).toEqual({
      error: 'invalid_client',
      error_description: "this client is public (token_endpoint_auth_method 'none'): send no 'client_assertion'",
    });
  });
});

describe('limits and the audit trail after client authentication', () => {
  const tokenFrom = (address: string, fields: Record<string, string>) =>
    fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: new URLSearchParams(fields).toString(),
    });
  const refreshFrom = (address: string, fields: Record<string, string>) => tokenFrom(address, { grant_type: 'refresh_token', ...fields });

  it("charges a key-set fetch to the document naming it: a stranger's document naming another client's document as its jwks_uri cannot pin that client's copy", async () => {
    const victimFields = { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' };
    const minute = { 'cache-control': 'max-age=60' };
    const victim = host.document('/victim.json', { client_name: 'Victim App', ...victimFields }, minute);
    const consentOf = async () => (await fetch(authorizeUrl(server, { client: { client_id: victim, client_name: '', redirect_uris: [redirectUri] }, challenge, redirectUri }))).text();
    expect(await consentOf()).toContain('Victim App');
    const attacker = host.document('/attacker.json', { client_name: 'Attacker', redirect_uris: [redirectUri], token_endpoint_auth_method: 'private_key_jwt', jwks_uri: victim });
    for (let i = 0; i < 20; i++) {
      const junk = await tokenFrom('203.0.113.77', {
        grant_type: 'authorization_code', code: 'junk', redirect_uri: redirectUri, code_verifier: verifier,
        client_id: attacker, client_assertion_type: assertionType, client_assertion: await assertion(attacker),
      });
      // Not a key set (401); past the attacker's budget, its fetch is put off (503).
      expect([401, 503]).toContain(junk.status);
      await junk.arrayBuffer();
    }
    // The attacker's own budget of key-set fetches: 10 a minute, besides the victim's one read.
    expect(host.fetchesOf('/victim.json')).toBe(11);
    // The owner renames the app; once the copy expires (a minute), the change shows.
    host.document('/victim.json', { client_name: 'Victim App Renamed', ...victimFields }, minute);
    server.clock.advance(60_000);
    expect(await consentOf()).toContain('Victim App Renamed');
  });

  it("charges a thief's forged assertions to the thief's address, never the grant: the owner still refreshes, and the trail holds one row a minute", async () => {
    const clientId = publish('/chatgpt/stolen.json', [key.jwk]);
    const tokens = await readJson(await redeem(clientId, await codeFor(clientId), { client_assertion_type: assertionType, client_assertion: await assertion(clientId) }));
    const thiefKey = await signingKey('key-1');
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const forged = await refreshFrom('203.0.113.66', { refresh_token: tokens.refresh_token, client_assertion_type: assertionType, client_assertion: await assertion(clientId, { key: thiefKey }) });
      statuses.push(forged.status);
      await forged.arrayBuffer();
    }
    // 60 refusals, then the thief's address has spent its budget of failed authentications.
    expect(statuses.filter((status) => status === 401)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual(Array.from({ length: 10 }, () => 429));
    const owner = await refreshFrom('198.51.100.7', { refresh_token: tokens.refresh_token, client_assertion_type: assertionType, client_assertion: await assertion(clientId) });
    expect(owner.status).toBe(200);
    const refusals = (await server.store.listAuditEvents({ limit: 500 })).filter((event) => event.action === 'client.assertion-refused' && event.clientId === clientId);
    expect(refusals).toEqual([expect.objectContaining({ address: '203.0.113.66', detail: expect.objectContaining({ reason: expect.stringContaining("its signature does not verify with the client's key") }) })]);
  });
});

describe('a private_key_jwt client where the operator left the flag off (the contract: none only)', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ allowPrivateClientMetadata: true }, deps(host));
    await createTestUser(plain);
  });
  afterAll(async () => plain?.close());

  it('lists none alone, and refuses the document on the consent path and at the token endpoint, naming the flag', async () => {
    const metadata = await readJson(await fetch(`${plain.baseUrl}/.well-known/oauth-authorization-server`));
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(metadata).not.toHaveProperty('token_endpoint_auth_signing_alg_values_supported');
    const clientId = publish('/chatgpt/flag-off.json', [key.jwk]);
    const why = `the client metadata document at '${clientId}' says 'token_endpoint_auth_method' is 'private_key_jwt', which this server does not accept: its operator can turn it on with serve --client-auth-private-key-jwt`;
    const page = await fetch(authorizeUrl(plain, { client: { client_id: clientId, client_name: 'ChatGPT', redirect_uris: [redirectUri] }, challenge, redirectUri }));
    expect(page.status).toBe(400);
    expect(alertText(await page.text())).toBe(why);
    const token = await postToken(plain, { grant_type: 'authorization_code', code: 'x', redirect_uri: redirectUri, code_verifier: verifier, client_id: clientId });
    expect(await readJson(token)).toEqual({ error: 'invalid_client', error_description: why });
  });

  it("serves a document that lists none among its methods too (ChatGPT's) as a public client", async () => {
    const clientId = host.document('/chatgpt/choices.json', {
      client_name: 'ChatGPT',
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_methods_supported: ['private_key_jwt', 'none'],
      jwks_uri: host.url('/chatgpt/choices.json.jwks'),
    });
    const { params } = await runAuthorization(plain, { client: { client_id: clientId, client_name: 'ChatGPT', redirect_uris: [redirectUri] }, challenge, redirectUri });
    const token = await postToken(plain, { grant_type: 'authorization_code', code: params.get('code')!, redirect_uri: redirectUri, code_verifier: verifier, client_id: clientId });
    expect(token.status).toBe(200);
    expect(host.fetchesOf('/chatgpt/choices.json.jwks')).toBe(0);
  });
});
