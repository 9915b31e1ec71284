import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, obtainTokens, postToken, readJson, registerClient, startTestServer, type TestServer } from '../helpers/server.js';

// Registration is idempotent on name, redirect URIs and scope (spec 2.1 rule 1), so whoever
// registers a well-known client first must not be able to take the refresh grant from it.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ registerRateLimit: { limit: 1000, windowMs: 60_000 } });
  await createTestUser(server);
});
afterAll(() => server.close());

const claude = { client_name: 'Claude', redirect_uris: ['http://127.0.0.1:9999/claude_callback'] };

describe('a registration that differs from an earlier one only in its grant types', () => {
  it('gets the same client_id with the union of both grants, so the real client can refresh', async () => {
    const squatter = await registerClient(server, { ...claude, grant_types: ['authorization_code'] });
    const real = await registerClient(server, { ...claude, grant_types: ['authorization_code', 'refresh_token'] });
    expect(real.client_id).toBe(squatter.client_id);
    expect(real.grant_types).toEqual(['authorization_code', 'refresh_token']);
    const { tokens } = await obtainTokens(server, { client: real });
    const refreshed = await postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: real.client_id });
    expect(refreshed.status).toBe(200);
  });

  it('keeps the wider grants when a narrower registration comes later', async () => {
    const wide = await registerClient(server, { client_name: 'Wide First', redirect_uris: claude.redirect_uris });
    const narrow = await registerClient(server, { client_name: 'Wide First', redirect_uris: claude.redirect_uris, grant_types: ['authorization_code'] });
    expect(narrow).toEqual(wide);
  });
});

describe('a client registered without the refresh grant', () => {
  it('gets an access token and no refresh token it could never use', async () => {
    const client = await registerClient(server, { client_name: 'Code Only', redirect_uris: claude.redirect_uris, grant_types: ['authorization_code'] });
    const { tokens } = await obtainTokens(server, { client });
    expect(tokens.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens).not.toHaveProperty('refresh_token');
    const mcp = await fetch(`${server.baseUrl}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(mcp.status).toBe(200);
    expect((await readJson(mcp)).result).toEqual({});
  });
});
