import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveInBrowser, OAuthClientState } from '../helpers/oauth-client-state.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const demoPassword = 'survey-demo';
const redirectUrl = 'http://127.0.0.1:33418/callback';

/**
 * An assistant's OAuth side as the SDK drives it; instead of opening a browser it walks our real
 * sign-in and consent pages over HTTP and keeps the code the redirect would have delivered.
 */
class HeadlessProvider extends OAuthClientState<OAuthClientInformationMixed, OAuthTokens> implements OAuthClientProvider {
  code?: string;

  constructor(
    private readonly server: TestServer,
    private readonly email: string,
  ) {
    super();
  }

  get redirectUrl() {
    return redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK end-to-end test',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const back = await approveInBrowser(this.server, url, this.email, demoPassword, 'SDK end-to-end test', redirectUrl);
    this.code = back.get('code') ?? undefined;
  }
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
});
afterAll(() => server.close());

async function connect(provider: HeadlessProvider): Promise<Client> {
  const url = new URL(`${server.baseUrl}/`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  try {
    await client.connect(first);
    return client;
  } catch (error) {
    if (!provider.code) throw error;
  }
  await first.finishAuth(provider.code);
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const authorized = new Client({ name: 'e2e', version: '1.0.0' });
  await authorized.connect(transport);
  return authorized;
}

const payload = (result: Awaited<ReturnType<Client['callTool']>>) =>
  JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as Record<string, any>;

describe('the MCP SDK client against our server, from discovery to revocation', () => {
  it('discovers, registers, signs in with PKCE, calls tools, refreshes and is signed out by revocation', async () => {
    const provider = new HeadlessProvider(server, 'alice@example.com');
    const client = await connect(provider);
    expect(provider.registrations).toBe(1);
    expect(provider.stored?.refresh_token).toBeTruthy();

    const { tools } = await client.listTools();
    expect(tools).toHaveLength(13);

    const me = await client.callTool({ name: 'get_me', arguments: {} });
    expect(me.isError).toBeFalsy();
    expect(me.structuredContent).toMatchObject({ user: { email: 'alice@example.com' } });

    const survey = await client.callTool({ name: 'get_survey', arguments: { survey_id: 'srv_demo_nps' } });
    expect(survey.isError).toBeFalsy();

    const forbidden = await client.callTool({ name: 'get_survey', arguments: { survey_id: 'srv_demo_offsite' } });
    expect(forbidden.isError).toBe(true);
    expect(payload(forbidden).error).toMatch(/^not authorized/);

    const missing = await client.callTool({ name: 'get_survey', arguments: { survey_id: 'srv_missing' } });
    expect(payload(missing)).toEqual({ error: "survey 'srv_missing' not found" });

    // The hour passes: the SDK sees 401, refreshes with the rotating refresh token, and retries.
    const oldAccess = provider.stored!.access_token;
    const oldRefresh = provider.stored!.refresh_token;
    server.clock.advance(60 * 60 * 1000 + 1000);
    const client2 = await connect(provider);
    const afterRefresh = await client2.callTool({ name: 'get_me', arguments: {} });
    expect(afterRefresh.isError).toBeFalsy();
    expect(provider.stored!.access_token).not.toBe(oldAccess);
    expect(provider.stored!.refresh_token).not.toBe(oldRefresh);

    // Revocation signs the client out at once.
    const revoked = await fetch(`${server.authUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: provider.stored!.refresh_token!, client_id: provider.client!.client_id }).toString(),
    });
    expect(revoked.status).toBe(200);
    const after = await fetch(`${server.baseUrl}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.stored!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(after.status).toBe(401);
    await client.close();
    await client2.close();
  });
});
