import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHeadless, HeadlessOAuthProvider } from '../helpers/headless-oauth-provider.js';
import { startTestServer, type TestServer } from '../helpers/server.js';


let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
});
afterAll(() => server.close());

const connect = (provider: HeadlessOAuthProvider) => connectHeadless(server, provider);

const payload = (result: Awaited<ReturnType<Client['callTool']>>) =>
  JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as Record<string, any>;

describe('the MCP SDK client against our server, from discovery to revocation', () => {
  it('discovers, registers, signs in with PKCE, calls tools, refreshes and is signed out by revocation', async () => {
    const provider = new HeadlessOAuthProvider(server, { email: 'alice@example.com', clientName: 'SDK end-to-end test' });
    const client = await connect(provider);
    expect(provider.registrations).toBe(1);
    expect(provider.tokens()?.refresh_token).toBeTruthy();

    const { tools } = await client.listTools();
    expect(tools).toHaveLength(14);

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
    const oldAccess = provider.tokens()!.access_token;
    const oldRefresh = provider.tokens()!.refresh_token;
    server.clock.advance(60 * 60 * 1000 + 1000);
    const client2 = await connect(provider);
    const afterRefresh = await client2.callTool({ name: 'get_me', arguments: {} });
    expect(afterRefresh.isError).toBeFalsy();
    expect(provider.tokens()!.access_token).not.toBe(oldAccess);
    expect(provider.tokens()!.refresh_token).not.toBe(oldRefresh);

    // Revocation signs the client out at once.
    const revoked = await fetch(`${server.authUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: provider.tokens()!.refresh_token!, client_id: provider.clientInformation()!.client_id }).toString(),
    });
    expect(revoked.status).toBe(200);
    const after = await fetch(`${server.baseUrl}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.tokens()!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(after.status).toBe(401);
    await client.close();
    await client2.close();
  });
});
