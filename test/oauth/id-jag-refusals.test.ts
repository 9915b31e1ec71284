import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataHost } from '../helpers/client-metadata-host.js';
import { IdJagProvider } from '../helpers/id-jag-provider.js';
import { createTestUser, postToken, readJson, startTestServer, type Json, type TestServer } from '../helpers/server.js';
import type { ServerConfig } from '../../src/config.js';
import { keySetRefetchIntervalMs } from '../../src/oauth/id-jag/keys.js';

/** Every rule an ID-JAG must meet, each broken once: `invalid_grant` naming the rule, and no token. */

const jwtBearer = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
let host: ClientMetadataHost;
let idp: IdJagProvider;
let server: TestServer;
let clientId: string;

const startWith = (overrides: Partial<ServerConfig> = {}, idJag = true) =>
  startTestServer(
    {
      allowPrivateClientMetadata: true,
      ...overrides,
      sso: { issuer: idp.issuer, clientId: 'survey-mcp', clientSecret: undefined, name: 'Acme SSO', createAccountsIn: undefined, idJag, ...overrides.sso },
    },
    { clientMetadataFetch: { ca: host.certificates.ca } },
  );

beforeAll(async () => {
  host = await ClientMetadataHost.start();
  clientId = host.document('/assistant.json', { client_name: 'Acme Assistant', redirect_uris: ['https://assistant.test/callback'] });
  idp = await IdJagProvider.start({
    people: {
      alice: { sub: 'idp-alice', email: 'alice@example.com', email_verified: true },
    },
  });
  server = await startWith();
  await createTestUser(server);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
  await host?.close();
});

/** Claims of a grant every rule accepts, for alice and our client, with `changes` applied. */
const claims = (changes: JWTPayload = {}, target = server): JWTPayload => ({
  sub: 'idp-alice',
  aud: target.baseUrl,
  client_id: clientId,
  email: 'alice@example.com',
  email_verified: true,
  resource: `${target.baseUrl}/`,
  scope: 'mcp_customer',
  ...changes,
});

const redeem = (assertion: string, extra: Record<string, string> = {}, target = server) =>
  postToken(target, { grant_type: jwtBearer, assertion, client_id: clientId, ...extra });

async function expectRefused(response: Response, reason: string | RegExp): Promise<Json> {
  const body = await readJson(response);
  expect(response.status).toBe(400);
  expect(body).toEqual({ error: 'invalid_grant', error_description: expect.stringMatching(reason) });
  return body;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('an ID-JAG the company identity provider issued correctly', () => {
  it('is redeemed once for an access token of our resource with mcp_customer and no refresh token; again (same jti) it is refused', async () => {
    const grant = await idp.idJag(claims());
    const issued = await redeem(grant);
    expect(issued.status).toBe(200);
    const body = await readJson(issued);
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'mcp_customer' });
    await expectRefused(await redeem(grant), /^the ID-JAG is refused: its 'jti' was used before/);
  });

  it('a key the provider rolled in since our last fetch is found by refetching its jwks_uri; a made-up kid within the budget costs the provider no request', async () => {
    await idp.rotateKeys();
    const fetchesBefore = idp.jwksRequests;
    // Within the budget (10 s since the last fetch) the new kid is not asked for yet.
    await expectRefused(await redeem(await idp.idJag(claims())), /no key the identity provider publishes/);
    expect(idp.jwksRequests).toBe(fetchesBefore);
    server.clock.advance(keySetRefetchIntervalMs);
    expect((await redeem(await idp.idJag(claims()))).status).toBe(200);
    expect(idp.jwksRequests).toBe(fetchesBefore + 1);
    await expectRefused(await redeem(await idp.idJag(claims(), { kid: 'made-up' })), /no key the identity provider publishes at its jwks_uri matches its 'kid'/);
    expect(idp.jwksRequests).toBe(fetchesBefore + 1);
  });
});

describe('each rule of an ID-JAG broken once is refused with invalid_grant naming it', () => {
  it.each<[string, () => Promise<string>, RegExp]>([
    ["a header 'typ' other than oauth-id-jag+jwt", () => idp.idJag(claims(), { typ: 'JWT' }), /header 'typ' must be 'oauth-id-jag\+jwt'/],
    ["'alg: none'", async () => unsigned(claims()), /'alg' is 'none'/],
    ['a shared-secret MAC (HS256)', () => new SignJWT(claims({ iss: idp.issuer, jti: randomUUID() })).setProtectedHeader({ alg: 'HS256', typ: 'oauth-id-jag+jwt' }).setIssuedAt().setExpirationTime('2m').sign(new TextEncoder().encode('a shared secret of 32 bytes long!')), /'alg' is 'HS256', a shared-secret MAC/],
    ["a key the provider does not publish, under its 'kid'", async () => idp.idJag(claims(), { key: (await generateKeyPair('ES256')).privateKey }), /signature does not verify with the identity provider's key/],
    ["an 'iss' other than the configured provider", () => idp.idJag(claims({ iss: 'https://other-idp.example' })), /'iss' must be the identity provider this server trusts/],
    ["an 'aud' naming another server", () => idp.idJag(claims({ aud: 'https://other.example' })), /'aud' must be this server's issuer/],
    ["an 'aud' array that names us among others", () => idp.idJag(claims({ aud: [server.baseUrl, 'https://other.example'] })), /'aud' must be a single string/],
    ["a 'client_id' other than the authenticated client", () => idp.idJag(claims({ client_id: 'https://other-assistant.example/client.json' })), /'client_id' is "https:\/\/other-assistant.example\/client.json" but the client that authenticated is/],
    ["an 'exp' in the past", () => idp.idJag(claims({ iat: nowSeconds() - 600, exp: nowSeconds() - 120 })), /it has expired/],
    ['a long-lived grant (an hour)', () => idp.idJag(claims(), { lifetimeSeconds: 3600 }), /may be valid for at most 300 seconds/],
    ["an 'iat' in the future beyond the skew", () => idp.idJag(claims({ iat: nowSeconds() + 120, exp: nowSeconds() + 200 })), /'iat' is \d+ seconds in the future \(at most 60 s of clock skew/],
    ["a 'resource' other than our MCP server", () => idp.idJag(claims({ resource: 'https://other.example/mcp' })), /'resource' must be this MCP server/],
    ["a 'scope' beyond what we offer", () => idp.idJag(claims({ scope: 'mcp_customer admin' })), /'scope' "mcp_customer admin" is not within what this server offers \(mcp_customer\)/],
    ["no 'jti'", () => idp.idJag(claims({ jti: undefined })), /it has no 'jti' claim/],
    ["no 'email'", () => idp.idJag(claims({ email: undefined })), /it has no 'email' claim/],
    ["an email the provider has not verified", () => idp.idJag(claims({ email_verified: false })), /has not verified 'alice@example.com'/],
    ['an email with a look-alike character (Kelvin sign)', () => idp.idJag(claims({ email: 'alice@example.com'.replace('e', '\u212a') })), /characters Unicode normalisation changes/],
    ['an email with no account (accounts are not created)', () => idp.idJag(claims({ sub: 'idp-nobody', email: 'nobody@example.com' })), /there is no account with the email 'nobody@example.com'/],
  ])('%s', async (_rule, make, reason) => {
    const grant = await make();
    await expectRefused(await redeem(grant), reason);
  });

  it("a different 'sub' for an account whose provider identity is bound", async () => {
    expect((await redeem(await idp.idJag(claims()))).status).toBe(200);
    await expectRefused(await redeem(await idp.idJag(claims({ sub: 'idp-impostor' }))), /linked to another identity at the identity provider \(a different 'sub'\)/);
  });

  it("refuses a request 'scope' beyond the grant (invalid_scope), a foreign 'resource' (invalid_target) and a missing 'assertion' (invalid_request)", async () => {
    const scoped = await redeem(await idp.idJag(claims()), { scope: 'mcp_customer admin' });
    expect(await readJson(scoped)).toMatchObject({ error: 'invalid_scope' });
    const foreign = await redeem(await idp.idJag(claims()), { resource: 'https://other.example/' });
    expect(await readJson(foreign)).toMatchObject({ error: 'invalid_target' });
    const missing = await postToken(server, { grant_type: jwtBearer, client_id: clientId });
    expect(await readJson(missing)).toEqual({ error: 'invalid_request', error_description: "'assertion' is required: the ID-JAG the identity provider issued" });
  });
});

describe("the identity provider's key set", () => {
  it('answers 503 temporarily_unavailable with Retry-After while the provider cannot serve its keys, and redeems once it can', async () => {
    const fresh = await startWith();
    try {
      await createTestUser(fresh);
      idp.jwksDown = true;
      const down = await redeem(await idp.idJag(claims({}, fresh)), {}, fresh);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('10');
      expect(await readJson(down)).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/^the identity provider's key set at 'http:\/\/127\.0\.0\.1:\d+\/jwks' could not be fetched \(HTTP 503\); try again shortly$/) });
      idp.jwksDown = false;
      expect((await redeem(await idp.idJag(claims({}, fresh)), {}, fresh)).status).toBe(200);
    } finally {
      idp.jwksDown = false;
      await fresh.close();
    }
  });
});

describe('accounts created from an ID-JAG', () => {
  it('only with --sso-create-accounts and for the allowed domains', async () => {
    const creating = await startWith({ seedDemo: true, sso: { createAccountsIn: 'wsp_demo_studio', allowedToJoin: ['example.org'] } as never });
    try {
      const newcomer = await redeem(await idp.idJag(claims({ sub: 'idp-newcomer', email: 'newcomer@example.org', name: 'Nia Newcomer' }, creating)), {}, creating);
      expect(newcomer.status).toBe(200);
      expect(await creating.store.findUserByEmail('newcomer@example.org')).toMatchObject({ name: 'Nia Newcomer', ssoOnly: true });
      const stranger = await redeem(await idp.idJag(claims({ sub: 'idp-stranger', email: 'stranger@elsewhere.test' }, creating)), {}, creating);
      await expectRefused(stranger, /new accounts are created only for the organisations --sso-allowed-domains names/);
    } finally {
      await creating.close();
    }
  });
});

describe('the ID-JAG grant and its metadata only with --sso-id-jag', () => {
  it('with it: jwt-bearer in grant_types_supported and the id-jag profile; without it: neither, and the grant is unsupported_grant_type', async () => {
    const listed = await readJson(await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`));
    expect(listed.grant_types_supported).toEqual(['authorization_code', 'refresh_token', jwtBearer]);
    expect(listed.authorization_grant_profiles_supported).toEqual(['urn:ietf:params:oauth:grant-profile:id-jag']);
    const off = await startWith({}, false);
    try {
      const metadata = await readJson(await fetch(`${off.baseUrl}/.well-known/oauth-authorization-server`));
      expect(metadata.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
      expect(metadata).not.toHaveProperty('authorization_grant_profiles_supported');
      const refused = await redeem(await idp.idJag(claims({}, off)), {}, off);
      expect(refused.status).toBe(400);
      expect(await readJson(refused)).toMatchObject({ error: 'unsupported_grant_type' });
    } finally {
      await off.close();
    }
  });
});

/** An ID-JAG with `alg: none`: a header and claims, no signature. */
function unsigned(payload: JWTPayload): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = nowSeconds();
  return `${part({ alg: 'none', typ: 'oauth-id-jag+jwt' })}.${part({ iss: idp.issuer, iat: now, exp: now + 120, jti: randomUUID(), ...payload })}.`;
}
