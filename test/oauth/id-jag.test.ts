import { Client, CrossAppAccessProvider, createPrivateKeyJwtAuth, discoverAndRequestJwtAuthGrant, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataHost } from '../helpers/client-metadata-host.js';
import { IdJagProvider } from '../helpers/id-jag-provider.js';
import { CookieJar, createTestUser, postToken, readJson, signIn, startTestServer, type TestServer } from '../helpers/server.js';
import { disableAccount, enableAccount } from '../../src/platform/accounts.js';
import { operator } from '../../src/platform/context.js';

/**
 * Enterprise-managed authorization end to end: the company's identity provider issues an ID-JAG
 * through token exchange, and the MCP SDK 2.x client's cross-app access redeems it at our token
 * endpoint as a client known by its metadata document (public, and private_key_jwt).
 */

const assistantAtIdp = 'acme-assistant';
let host: ClientMetadataHost;
let idp: IdJagProvider;
let server: TestServer;
let publicClient: string;
let jwtClient: string;
let jwtClientKey: Record<string, unknown>;

beforeAll(async () => {
  host = await ClientMetadataHost.start();
  const { generateKeyPair, exportJWK } = await import('jose');
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  jwtClientKey = { ...(await exportJWK(privateKey)), kid: 'assistant-1', alg: 'ES256' };
  const document = { client_name: 'Acme Assistant', redirect_uris: ['https://assistant.test/callback'], grant_types: ['authorization_code', 'urn:ietf:params:oauth:grant-type:jwt-bearer'] };
  publicClient = host.document('/assistant.json', { ...document, token_endpoint_auth_method: 'none' });
  jwtClient = host.document('/assistant-jwt.json', {
    ...document,
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'assistant-1', alg: 'ES256', use: 'sig' }] },
  });
  idp = await IdJagProvider.start({
    people: { alice: { sub: 'idp-alice', email: 'alice@example.com', email_verified: true, name: 'Alice Moreau' } },
  });
  server = await startTestServer(
    {
      allowPrivateClientMetadata: true,
      clientAuthPrivateKeyJwt: true,
      sso: { issuer: idp.issuer, clientId: 'survey-mcp', clientSecret: undefined, name: 'Acme SSO', createAccountsIn: undefined, idJag: true },
    },
    { clientMetadataFetch: { ca: host.certificates.ca } },
  );
  await createTestUser(server);
  // The administrator lets the assistant reach this server: at the provider, its client maps to our client_ids.
  idp.allow(assistantAtIdp, server.baseUrl, publicClient);
  idp.allow('acme-assistant-jwt', server.baseUrl, jwtClient);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
  await host?.close();
});

/** The assistant's cross-app access: the person's ID token exchanged at the provider for an ID-JAG, redeemed here. */
function crossAppAccess(idpClient: string, clientId: string, privateKeyJwt = false): CrossAppAccessProvider {
  const provider = new CrossAppAccessProvider({
    assertion: async (ctx) => {
      const idToken = await idp.idToken('alice', idpClient);
      const grant = await discoverAndRequestJwtAuthGrant({
        idpUrl: idp.issuer,
        audience: ctx.authorizationServerUrl,
        resource: ctx.resourceUrl,
        idToken,
        clientId: idpClient,
        scope: ctx.scope,
        fetchFn: ctx.fetchFn,
      });
      return grant.jwtAuthGrant;
    },
    clientId,
    // The SDK's types require a secret (it assumes client_secret_basic); without one at run time it
    // picks `none` from our metadata and sends client_id in the body: how a public client fits.
    clientSecret: undefined as unknown as string,
    expectedIssuer: server.baseUrl,
  });
  if (privateKeyJwt) {
    Object.assign(provider, { addClientAuthentication: createPrivateKeyJwtAuth({ issuer: clientId, subject: clientId, privateKey: jwtClientKey, alg: 'ES256' }) });
  }
  return provider;
}

/** A tools/list with `token`, as any MCP client sends it. */
const listTools = (token: string) =>
  fetch(`${server.baseUrl}/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });

async function connect(provider: CrossAppAccessProvider): Promise<Client> {
  const client = new Client({ name: 'Acme Assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/`), { authProvider: provider }));
  return client;
}

describe('enterprise-managed authorization with the MCP SDK 2.x cross-app access client', () => {
  it('a public client (client_id, its metadata document URL) redeems an ID-JAG: tools listed, get_me names the person, no refresh token', async () => {
    const provider = crossAppAccess(assistantAtIdp, publicClient);
    const client = await connect(provider);
    expect((await client.listTools()).tools).toHaveLength(14);
    const me = await client.callTool({ name: 'get_me', arguments: {} });
    expect(me.structuredContent).toMatchObject({ user: { email: 'alice@example.com' } });
    expect(provider.tokens()).toMatchObject({ token_type: 'Bearer', scope: 'mcp_customer' });
    expect(provider.tokens()!.refresh_token).toBeUndefined();
    expect(idp.issued).toHaveLength(1);
    await client.close();
  });

  it('a private_key_jwt client redeems an ID-JAG with its signed client assertion', async () => {
    const provider = crossAppAccess('acme-assistant-jwt', jwtClient, true);
    const client = await connect(provider);
    const me = await client.callTool({ name: 'get_me', arguments: {} });
    expect(me.structuredContent).toMatchObject({ user: { email: 'alice@example.com' } });
    await client.close();
  });

  it('the private_key_jwt client without its assertion is refused as invalid_client, whatever the ID-JAG', async () => {
    const grant = await idp.idJag({ sub: 'idp-alice', aud: server.baseUrl, client_id: jwtClient, email: 'alice@example.com', email_verified: true });
    const refused = await postToken(server, { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: grant, client_id: jwtClient });
    expect(refused.status).toBe(401);
    expect(await readJson(refused)).toMatchObject({ error: 'invalid_client' });
  });

  it("the grant shows on the person's connected-apps page with its source and the audit trail names the provider and client; revoked, the app gets back in only through a new ID-JAG", async () => {
    const provider = crossAppAccess(assistantAtIdp, publicClient);
    const client = await connect(provider);
    const jar = new CookieJar();
    const page = await signIn(server, jar, `${server.authUrl}/account/apps`, 'alice@example.com');
    expect(page).toContain('Acme Assistant');
    expect(page).toContain(`Granted by your company&#39;s identity provider (${idp.issuer})`);
    const events = await server.store.listAuditEvents({ limit: 50 });
    expect(events.find((event) => event.action === 'grant.create' && event.clientId === publicClient)).toMatchObject({ detail: { source: 'id-jag', idp: idp.issuer } });

    const revoke = async () => {
      const apps = await (await jar.fetch(`${server.authUrl}/account/apps`)).text();
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(apps)![1]!;
      expect((await jar.postForm(`${server.authUrl}/account/apps/revoke`, { csrf_token: csrf, client_id: publicClient })).status).toBe(303);
    };
    const revokedToken = provider.tokens()!.access_token;
    await revoke();
    expect((await listTools(revokedToken)).status).toBe(401);
    // The company's provider still allows it: the SDK fetches a new ID-JAG and carries on.
    const issuedBefore = idp.issued.length;
    expect((await client.callTool({ name: 'get_me', arguments: {} })).isError).toBeFalsy();
    expect(idp.issued.length).toBe(issuedBefore + 1);
    // The administrator withdraws it at the provider: once revoked here too, the app stays out.
    idp.forbid(assistantAtIdp, server.baseUrl);
    await revoke();
    await expect(client.callTool({ name: 'get_me', arguments: {} })).rejects.toThrow(/may not reach/);
    idp.allow(assistantAtIdp, server.baseUrl, publicClient);
    await client.close();
  });

  it('a disabled account loses its ID-JAG access at once and gets no new token', async () => {
    const provider = crossAppAccess(assistantAtIdp, publicClient);
    const client = await connect(provider);
    const token = provider.tokens()!.access_token;
    await disableAccount(server, operator, { email: 'alice@example.com' });
    try {
      expect((await listTools(token)).status).toBe(401);
      const grant = await idp.idJag({ sub: 'idp-alice', aud: server.baseUrl, client_id: publicClient, email: 'alice@example.com', email_verified: true });
      const refused = await postToken(server, { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: grant, client_id: publicClient });
      expect(refused.status).toBe(400);
      expect(await readJson(refused)).toEqual({ error: 'invalid_grant', error_description: "the ID-JAG is refused: the account 'alice@example.com' is disabled" });
    } finally {
      await enableAccount(server, operator, { email: 'alice@example.com' });
      await client.close();
    }
  });
});
