import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import type { AddClientAuthentication } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataHost, makeTestCertificates } from '../../helpers/client-metadata-host.js';
import { connectHeadless, HeadlessOAuthProvider, type HeadlessPerson } from '../../helpers/headless-oauth-provider.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * The documents the field's assistants publish, rebuilt from what they serve (issue 35) and
 * served at their real URLs on a local host: each assistant signs in through the SDK client,
 * calls a tool and refreshes. ChatGPT's authenticates with private_key_jwt, its key published at
 * its jwks_uri.
 */
const chatgptUrl = 'https://chatgpt.com/oauth/tU1UVEq8rRTK/client.json';
const chatgptRedirect = 'https://chatgpt.com/connector/oauth/tU1UVEq8rRTK';
const chatgptJwks = 'https://chatgpt.com/oauth/jwks.json';
const field = [
  {
    name: 'ChatGPT',
    url: chatgptUrl,
    redirect: chatgptRedirect,
    document: {
      client_name: 'ChatGPT',
      client_uri: 'https://chatgpt.com/',
      redirect_uris: [chatgptRedirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'RS256',
      jwks_uri: chatgptJwks,
    },
  },
  {
    name: 'Claude Code',
    url: 'https://claude.ai/oauth/claude-code-client-metadata',
    // Its redirect URIs name no port: the SDK's listener at :33418 matches any port (RFC 8252 §7.3).
    redirect: 'http://127.0.0.1:33418/callback',
    document: {
      client_name: 'Claude Code',
      client_uri: 'https://claude.ai',
      redirect_uris: ['http://localhost/callback', 'http://127.0.0.1/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'user:profile user:inference',
    },
  },
  {
    name: 'Codex',
    url: 'https://chatgpt.com/oauth/codex/client.json',
    redirect: 'http://127.0.0.1:1455/auth/callback',
    document: {
      client_name: 'Codex',
      client_uri: 'https://openai.com/codex',
      redirect_uris: ['http://localhost:1455/auth/callback', 'http://127.0.0.1:1455/auth/callback'],
      grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
  },
  {
    name: 'Visual Studio Code',
    url: 'https://vscode.dev/oauth/client-metadata.json',
    redirect: 'http://127.0.0.1:33418/',
    document: {
      client_name: 'Visual Studio Code',
      client_uri: 'https://code.visualstudio.com',
      redirect_uris: ['http://127.0.0.1:33418/', 'https://vscode.dev/redirect'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
  },
  {
    name: 'opencode',
    url: 'https://opencode.ai/mcp/oauth/client.json',
    redirect: 'http://127.0.0.1:19876/mcp/oauth/callback',
    document: {
      client_name: 'opencode',
      client_uri: 'https://opencode.ai',
      redirect_uris: ['http://127.0.0.1:19876/mcp/oauth/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
  },
] as const;

/** An assistant with the redirect URI its document lists, and ChatGPT's assertion where it has one. */
class FieldAssistant extends HeadlessOAuthProvider {
  constructor(
    server: TestServer,
    person: HeadlessPerson,
    private readonly redirect: string,
    readonly addClientAuthentication?: AddClientAuthentication,
  ) {
    super(server, person);
  }
  override get redirectUrl() {
    return this.redirect;
  }
}

let host: ClientMetadataHost;
let server: TestServer;
let chatgptKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

beforeAll(async () => {
  host = await ClientMetadataHost.start(makeTestCertificates(['chatgpt.com', 'claude.ai', 'vscode.dev', 'opencode.ai']));
  const port = Number(new URL(host.origin).port);
  // One host serves every name, by path: each assistant's path differs.
  for (const { url, document } of field) host.document(new URL(url).pathname, { client_id: url, ...document }, { 'cache-control': 'max-age=300' });
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  chatgptKey = privateKey;
  host.document(new URL(chatgptJwks).pathname, { keys: [{ ...(await exportJWK(publicKey)), kid: 'chatgpt-2026', alg: 'RS256', use: 'sig' }] });
  server = await startTestServer(
    { seedDemo: true, allowPrivateClientMetadata: true, clientAuthPrivateKeyJwt: true },
    { clientMetadataFetch: { ca: host.certificates.ca, resolve: async () => [{ address: '127.0.0.1', family: 4, port }] } },
  );
});
afterAll(async () => {
  await server?.close();
  await host?.close();
});

/** ChatGPT's token requests: a fresh RS256 assertion each, on the clock of the server it talks to. */
const chatgptAssertion: AddClientAuthentication = async (_headers, params, tokenUrl) => {
  const now = Math.floor(server.clock.now() / 1000);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: 'chatgpt-2026' })
    .setIssuer(chatgptUrl)
    .setSubject(chatgptUrl)
    .setAudience(String(tokenUrl))
    .setIssuedAt(now)
    .setExpirationTime(now + 60)
    .setJti(randomUUID())
    .sign(chatgptKey);
  params.set('client_id', chatgptUrl);
  params.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
  params.set('client_assertion', assertion);
};

describe.each(field)('$name, identified by the document it publishes', ({ name, url, redirect }) => {
  it('signs in, calls a tool, and refreshes without signing in again', async () => {
    const person = { email: 'alice@example.com', clientName: name, clientMetadataUrl: url, consentName: name };
    const assistant = new FieldAssistant(server, person, redirect, name === 'ChatGPT' ? chatgptAssertion : undefined);
    const client = await connectHeadless(server, assistant);
    expect(assistant.clientInformation()?.client_id).toBe(url);
    expect(assistant.callback?.href.startsWith(redirect)).toBe(true);
    expect(assistant.consent).toContain(`<span class="client-name">${name}</span> <span class="verified-host">— ${new URL(url).host}</span>`);
    expect((await client.callTool({ name: 'get_me', arguments: {} })).structuredContent).toMatchObject({ user: { email: 'alice@example.com' } });
    await client.close();

    const [firstCallback, firstAccess] = [assistant.callback, assistant.tokens()!.access_token];
    server.clock.advance(60 * 60_000 + 1000);
    const refreshed = await connectHeadless(server, assistant);
    expect((await refreshed.listTools()).tools).toHaveLength(14);
    expect(assistant.callback).toBe(firstCallback);
    expect(assistant.tokens()!.access_token).not.toBe(firstAccess);
    await refreshed.close();
  });
});

describe('ChatGPT without its assertion', () => {
  it('is refused at the token endpoint with invalid_client saying what to send', async () => {
    const person = { email: 'alice@example.com', clientName: 'ChatGPT', clientMetadataUrl: chatgptUrl, consentName: 'ChatGPT' };
    await expect(connectHeadless(server, new FieldAssistant(server, person, chatgptRedirect))).rejects.toThrow(/send 'client_assertion'/);
  });
});
