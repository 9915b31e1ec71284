import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMetadataHost } from '../helpers/client-metadata-host.js';
import { connectHeadless, HeadlessOAuthProvider, headlessRedirectUrl } from '../helpers/headless-oauth-provider.js';
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

describe('the MCP SDK client identified by its client metadata document', () => {
  it('uses its document URL as client_id without registering, signs in, calls tools and refreshes', async () => {
    const url = host.document('/oauth/sdk-client.json', {
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
    const client = await connectHeadless(server, provider);
    expect(provider.clientInformation()?.client_id).toBe(url);
    expect(provider.consent).toContain(`<span class="verified-host">— ${new URL(url).host}</span>`);

    expect((await client.listTools()).tools).toHaveLength(13);
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
