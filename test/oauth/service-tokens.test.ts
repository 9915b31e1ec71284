import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import { verifyAccessToken } from '../../src/oauth/tokens.js';
import { createTestUser, readJson, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('admin-issued tokens of other platform services', () => {
  it('are valid bearer tokens with their own scope, which the MCP host answers with 403 insufficient_scope', async () => {
    const user = await createTestUser(server);
    const { token } = await issueServiceToken(server.store, server.clock, { userId: user.id, scope: 'reporting', ttlMs: 60_000 });
    expect(await verifyAccessToken(server.store, token, server.clock.now())).toMatchObject({ ok: true, scope: 'reporting', userId: user.id });
    const response = await fetch(`${server.baseUrl}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(403);
    expect(await readJson(response)).toEqual({ error: 'insufficient_scope' });
  });

  it('expire after their ttl and can be revoked per person and client', async () => {
    const user = await createTestUser(server, 'dave@example.com', 'Dave');
    const { token } = await issueServiceToken(server.store, server.clock, { userId: user.id, scope: 'reporting', ttlMs: 1000 });
    expect(await verifyAccessToken(server.store, token, server.clock.now() + 1000)).toEqual({ ok: false, reason: 'expired' });
    const [app] = await server.store.listConnectedApps(user.id);
    expect(app?.clientName).toBe('survey-mcp token issue (admin)');
    await server.store.revokeClientForUser(user.id, app!.clientId, server.clock.now());
    expect(await verifyAccessToken(server.store, token, server.clock.now())).toEqual({ ok: false, reason: 'revoked' });
  });

  it('refuse a malformed scope', async () => {
    const user = await createTestUser(server, 'erin@example.com', 'Erin');
    await expect(issueServiceToken(server.store, server.clock, { userId: user.id, scope: 'bad scope!', ttlMs: 1000 })).rejects.toThrow(
      "scope 'bad scope!' must be space-separated words of [A-Za-z0-9_:.-], e.g. reporting",
    );
  });
});
