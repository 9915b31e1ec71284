import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../src/oauth/tokens.js';
import { createTestUser, obtainTokens, postToken, registerClient, startTestServer, readJson, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ registerRateLimit: { limit: 1000, windowMs: 60_000 } });
  await createTestUser(server);
});
afterAll(() => server.close());

const revoke = (fields: Record<string, string>) =>
  fetch(`${server.authUrl}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const check = (token: string) => verifyAccessToken(server.store, token, server.clock.now());
const refresh = (token: string, clientId: string) =>
  postToken(server, { grant_type: 'refresh_token', refresh_token: token, client_id: clientId });

/** The token endpoint's answer to a refresh token that revocation ended: invalid_grant, saying so. */
async function expectRevokedRefresh(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(await readJson(response)).toEqual({ error: 'invalid_grant', error_description: 'the refresh token has been revoked' });
}

describe('POST /oauth/revoke (RFC 7009)', () => {
  it('revoking a refresh token takes its access tokens with it', async () => {
    const { client, tokens } = await obtainTokens(server);
    const response = await revoke({ token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: client.client_id });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await check(tokens.access_token)).toEqual({ ok: false, reason: 'revoked' });
    await expectRevokedRefresh(await refresh(tokens.refresh_token, client.client_id));
  });

  it('revoking an access token takes effect on the very next request', async () => {
    const { client, tokens } = await obtainTokens(server);
    expect((await check(tokens.access_token)).ok).toBe(true);
    expect((await revoke({ token: tokens.access_token, client_id: client.client_id })).status).toBe(200);
    expect(await check(tokens.access_token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('revoking an access token signs the client out: its refresh token stops working too (spec 4.2)', async () => {
    const { client, tokens } = await obtainTokens(server);
    expect((await revoke({ token: tokens.access_token, client_id: client.client_id })).status).toBe(200);
    await expectRevokedRefresh(await refresh(tokens.refresh_token, client.client_id));
  });

  it('answers 200 for an unknown token', async () => {
    const client = await registerClient(server);
    expect((await revoke({ token: 'not-a-token', client_id: client.client_id })).status).toBe(200);
  });

  it("never revokes another client's token, and still answers 200", async () => {
    const { tokens } = await obtainTokens(server);
    const other = await registerClient(server, { client_name: 'Someone Else' });
    expect((await revoke({ token: tokens.access_token, client_id: other.client_id })).status).toBe(200);
    expect((await revoke({ token: tokens.refresh_token, client_id: other.client_id })).status).toBe(200);
    expect((await check(tokens.access_token)).ok).toBe(true);
  });

  it('requires the token and the client_id', async () => {
    const missingToken = await revoke({ client_id: 'cli_x' });
    expect(missingToken.status).toBe(400);
    expect(await readJson(missingToken)).toEqual({ error: 'invalid_request', error_description: "'token' is required" });
    const missingClient = await revoke({ token: 'x' });
    expect(await readJson(missingClient)).toEqual({ error: 'invalid_request', error_description: "'client_id' is required" });
  });

  it('opens CORS for browser-based clients', async () => {
    const response = await fetch(`${server.authUrl}/oauth/revoke`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
