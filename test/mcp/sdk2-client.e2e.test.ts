import type { Client, VersionNegotiationMode } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHeadless2x, HeadlessOAuthProvider } from '../helpers/headless-oauth-provider.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const clientName = 'SDK 2.x end-to-end test';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedDemo: true });
});
afterAll(() => server.close());

const payload = (result: Awaited<ReturnType<Client['callTool']>>) => JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as Record<string, any>;

describe.each<[string, VersionNegotiationMode]>([
  ["versionNegotiation 'auto'", 'auto'],
  ['pinned to 2026-07-28', { pin: '2026-07-28' }],
])('the MCP SDK 2.x client (%s) against our server, from discovery to revocation', (_name, mode) => {
  it('speaks 2026-07-28: signs in, lists and calls tools, gets a tool error, refreshes and is signed out by revocation', async () => {
    const provider = new HeadlessOAuthProvider(server, { email: 'alice@example.com', clientName });
    const client = await connectHeadless2x(server, provider, mode);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getDiscoverResult()?.supportedVersions).toEqual(['2026-07-28']);

    const { tools } = await client.listTools();
    expect(tools).toHaveLength(14);
    const me = await client.callTool({ name: 'get_me', arguments: {} });
    expect(me.structuredContent).toMatchObject({ user: { email: 'alice@example.com' } });
    const missing = await client.callTool({ name: 'get_survey', arguments: { survey_id: 'srv_missing' } });
    expect(missing.isError).toBe(true);
    expect(payload(missing)).toEqual({ error: "survey 'srv_missing' not found" });

    // The hour passes: a 401, the rotating refresh token, and the call goes through.
    const oldAccess = provider.tokens()!.access_token;
    server.clock.advance(60 * 60 * 1000 + 1000);
    const again = await connectHeadless2x(server, provider, mode);
    expect((await again.callTool({ name: 'get_me', arguments: {} })).isError).toBeFalsy();
    expect(provider.tokens()!.access_token).not.toBe(oldAccess);

    const revoked = await fetch(`${server.authUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: provider.tokens()!.refresh_token!, client_id: provider.clientInformation()!.client_id }).toString(),
    });
    expect(revoked.status).toBe(200);
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const after = await fetch(`${server.baseUrl}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.tokens()!.access_token}`, 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }),
    });
    expect(after.status).toBe(401);
    await client.close();
    await again.close();
  });
});
