import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataHost } from '../helpers/client-metadata-host.js';
import { connectHeadless, connectHeadless2x, HeadlessOAuthProvider, headlessRedirectUrl } from '../helpers/headless-oauth-provider.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let host: ClientMetadataHost;
let server: TestServer;
beforeAll(async () => {
  host = await ClientMetadataHost.start();
  server = await startTestServer({ seedDemo: true, allowPrivateClientMetadata: true }, { clientMetadataFetch: { ca: host.certificates.ca } });
});
afterAll(async () => {
  await server?.close();
  await host?.close();
});

/** The document an SDK client publishes at `path`, and a provider that names its URL as client_id. */
function metadataClient(path: string): { url: string; provider: HeadlessOAuthProvider } {
  const url = host.document(path, {
    client_name: 'SDK metadata client',
    redirect_uris: [headlessRedirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  });
  const provider = new HeadlessOAuthProvider(server, {
    email: 'alice@example.com',
    clientName: 'SDK metadata client',
    clientMetadataUrl: url,
    consentName: 'SDK metadata client',
  });
  return { url, provider };
}

describe('the MCP SDK client identified by its client metadata document', () => {
  it('uses its document URL as client_id without registering, signs in, calls tools and refreshes', async () => {
    const { url, provider } = metadataClient('/oauth/sdk-client.json');
    const client = await connectHeadless(server, provider);
    expect(provider.clientInformation()?.client_id).toBe(url);
    expect(provider.consent).toContain(`<span class="verified-host">— ${new URL(url).host}</span>`);

    expect((await client.listTools()).tools).toHaveLength(14);
    const me = await client.callTool({ name: 'get_me', arguments: {} });
    expect(me.structuredContent).toMatchObject({ user: { email: 'alice@example.com' } });

    server.clock.advance(60 * 60 * 1000 + 1000);
    const again = await connectHeadless(server, provider);
    expect((await again.callTool({ name: 'get_me', arguments: {} })).isError).toBeFalsy();
    expect(host.fetchesOf('/oauth/sdk-client.json')).toBe(2);
    await client.close();
    await again.close();
  });
});

describe('the MCP SDK 2.x client identified by its client metadata document', () => {
  it('speaks 2026-07-28 with its document URL as client_id: signs in, calls tools, refreshes and revokes', async () => {
    const { url, provider } = metadataClient('/oauth/sdk2-client.json');
    const client = await connectHeadless2x(server, provider, 'auto');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(provider.clientInformation()?.client_id).toBe(url);
    expect(provider.consent).toContain(`<span class="verified-host">— ${new URL(url).host}</span>`);
    expect(await server.store.findClient(url)).toMatchObject({ id: url });

    const me = await client.callTool({ name: 'get_me', arguments: {} });
    expect(me.structuredContent).toMatchObject({ user: { email: 'alice@example.com' } });

    const oldAccess = provider.tokens()!.access_token;
    server.clock.advance(60 * 60 * 1000 + 1000);
    const again = await connectHeadless2x(server, provider, 'auto');
    expect((await again.callTool({ name: 'get_me', arguments: {} })).isError).toBeFalsy();
    expect(provider.tokens()!.access_token).not.toBe(oldAccess);

    const revoked = await fetch(`${server.authUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: provider.tokens()!.refresh_token!, client_id: url }).toString(),
    });
    expect(revoked.status).toBe(200);
    const after = await fetch(`${server.baseUrl}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.tokens()!.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(401);
    await client.close();
    await again.close();
  });
});
