import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataHost, makeTestCertificates } from '../../helpers/client-metadata-host.js';
import { connectHeadless, HeadlessOAuthProvider } from '../../helpers/headless-oauth-provider.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * Claude Code and Codex identify themselves by the documents they publish. These are rebuilt
 * from what the two publish (client_name, loopback redirect URIs, a public client) with the
 * fields we do not use that such documents carry; one has a logo_uri that is no URI at all.
 */
const claudeUrl = 'https://claude.ai/oauth/claude-code-client-metadata';
const claudeDocument = {
  client_id: claudeUrl,
  client_name: 'Claude Code',
  client_uri: 'https://claude.ai',
  logo_uri: 'https://claude.ai/images/claude_app_icon.png',
  redirect_uris: ['http://localhost/callback', 'http://127.0.0.1/callback'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  scope: 'user:profile user:inference',
  software_id: 'claude-code',
  software_version: '2.1.332',
};

const codexUrl = 'https://chatgpt.com/oauth/codex/client.json';
const codexDocument = {
  client_id: codexUrl,
  client_name: 'Codex',
  client_uri: 'https://openai.com/codex',
  logo_uri: 'codex-logo.svg',
  tos_uri: 'https://openai.com/policies/terms-of-use',
  policy_uri: 'https://openai.com/policies/privacy-policy',
  contacts: ['support@openai.com'],
  redirect_uris: ['http://localhost:1455/auth/callback', 'http://127.0.0.1/callback'],
  grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  software_id: 'codex-cli',
  software_version: '0.169.0',
};

let host: ClientMetadataHost;
let server: TestServer;
const answers = new Map<string, { status: number; body?: unknown }>();

beforeAll(async () => {
  host = await ClientMetadataHost.start(makeTestCertificates(['claude.ai', 'chatgpt.com']));
  const port = Number(new URL(host.origin).port);
  for (const url of [claudeUrl, codexUrl]) {
    host.route(new URL(url).pathname, (_req, res) => {
      const answer = answers.get(url)!;
      if (answer.status !== 200) return void res.writeHead(answer.status, { 'content-type': 'text/html' }).end('<h1>Forbidden</h1>');
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' }).end(JSON.stringify(answer.body));
    });
  }
  server = await startTestServer(
    { seedDemo: true, allowPrivateClientMetadata: true },
    {
      // claude.ai and chatgpt.com, as this machine's resolver would find them, on the local document host.
      clientMetadataFetch: { ca: host.certificates.ca, resolve: async () => [{ address: '127.0.0.1', family: 4, port }] },
    },
  );
});
afterAll(async () => {
  await server?.close();
  await host?.close();
});

const personFor = (url: string, name: string) => ({ email: 'alice@example.com', clientName: name, clientMetadataUrl: url, consentName: name });

describe.each([
  ['Claude Code', claudeUrl, claudeDocument],
  ['Codex', codexUrl, codexDocument],
])('%s, identified by the document it publishes', (name, url, document) => {
  it('connects and lists the tools, then keeps refreshing and signing in while its host answers 403', async () => {
    answers.set(url, { status: 200, body: document });
    const provider = new HeadlessOAuthProvider(server, personFor(url, name));
    const client = await connectHeadless(server, provider);
    expect(provider.clientInformation()?.client_id).toBe(url);
    expect(provider.consent).toContain(`<span class="client-name">${name}</span> <span class="verified-host">— ${new URL(url).host}</span>`);
    expect((await client.listTools()).tools).toHaveLength(14);
    await client.close();

    answers.set(url, { status: 403 });
    const [firstCallback, firstAccess] = [provider.callback, provider.tokens()!.access_token];
    const fetchesBefore = host.fetchesOf(new URL(url).pathname);
    // Past the copy's five minutes and the access token's hour: the next call refreshes.
    server.clock.advance(60 * 60_000 + 1000);
    const refreshed = await connectHeadless(server, provider);
    expect((await refreshed.callTool({ name: 'get_me', arguments: {} })).structuredContent).toMatchObject({ user: { email: 'alice@example.com' } });
    // Renewed with the refresh token, not by signing in again.
    expect(provider.callback).toBe(firstCallback);
    expect(provider.tokens()!.access_token).not.toBe(firstAccess);
    await refreshed.close();
    expect(host.fetchesOf(new URL(url).pathname)).toBe(fetchesBefore + 1);

    const newcomer = new HeadlessOAuthProvider(server, personFor(url, name));
    const signedIn = await connectHeadless(server, newcomer);
    expect(newcomer.clientInformation()?.client_id).toBe(url);
    expect((await signedIn.listTools()).tools).toHaveLength(14);
    await signedIn.close();
  });
});
