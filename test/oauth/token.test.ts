import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../src/oauth/tokens.js';
import {
  createTestUser,
  obtainTokens,
  pkcePair,
  postToken,
  registerClient,
  runAuthorization,
  startTestServer,
  type RegisteredClient,
  type TestServer,
  type TokenResponse,
  readJson,
} from '../helpers/server.js';

let server: TestServer;
let client: RegisteredClient;

beforeAll(async () => {
  server = await startTestServer({ registerRateLimit: { limit: 1000, windowMs: 60_000 } });
  await createTestUser(server);
  client = await registerClient(server);
});
afterAll(() => server.close());

async function freshCode(method: 'S256' | 'plain' = 'S256') {
  const pair = pkcePair();
  const challenge = method === 'S256' ? pair.challenge : pair.verifier;
  const { params } = await runAuthorization(server, { client, challenge, method });
  return { code: params.get('code')!, verifier: pair.verifier, challenge };
}

const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  postToken(server, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirect_uris[0]!,
    client_id: client.client_id,
    code_verifier: verifier,
    ...extra,
  });

const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
  postToken(server, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.client_id, ...extra });

async function expectError(response: Response, error: string, description?: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = await readJson(response);
  expect(body.error).toBe(error);
  if (description !== undefined) expect(body.error_description).toBe(description);
}

const check = (token: string) => verifyAccessToken(server.store, token, server.clock.now());

describe('authorization_code grant', () => {
  it('exchanges a code for a one-hour bearer token and a refresh token, never cached', async () => {
    const { code, verifier } = await freshCode();
    const response = await exchange(code, verifier);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = (await readJson(response)) as TokenResponse;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'mcp_customer' });
    expect(tokens.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await check(tokens.access_token)).toMatchObject({ ok: true, clientId: client.client_id, scope: 'mcp_customer' });
  });

  it('accepts a plain PKCE challenge', async () => {
    const { code, verifier } = await freshCode('plain');
    const response = await exchange(code, verifier);
    expect(response.status).toBe(200);
    const tokens = (await readJson(response)) as TokenResponse;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'mcp_customer' });
    expect(await check(tokens.access_token)).toMatchObject({ ok: true, clientId: client.client_id, scope: 'mcp_customer' });
  });

  it('accepts the resource parameter with or without a trailing slash', async () => {
    const first = await freshCode();
    expect((await exchange(first.code, first.verifier, { resource: `${server.baseUrl}/` })).status).toBe(200);
    const second = await freshCode();
    await expectError(await exchange(second.code, second.verifier, { resource: 'https://elsewhere.example.com' }), 'invalid_target');
  });

  it('refuses a second redemption and revokes what the first one issued', async () => {
    const { code, verifier } = await freshCode();
    const tokens = (await readJson(await exchange(code, verifier))) as TokenResponse;
    await expectError(await exchange(code, verifier), 'invalid_grant', 'the authorization code was already used; the tokens issued for it are revoked');
    expect(await check(tokens.access_token)).toEqual({ ok: false, reason: 'revoked' });
    await expectError(await refresh(tokens.refresh_token), 'invalid_grant');
  });

  it('lets exactly one of ten parallel redemptions succeed', async () => {
    const { code, verifier } = await freshCode();
    const statuses = await Promise.all(Array.from({ length: 10 }, () => exchange(code, verifier).then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(9);
  });

  it('refuses a code older than 60 seconds', async () => {
    const { code, verifier } = await freshCode();
    server.clock.advance(61_000);
    await expectError(await exchange(code, verifier), 'invalid_grant', 'the authorization code has expired; start the authorization again');
  });

  it('binds the code to its client', async () => {
    const other = await registerClient(server, { client_name: 'Other App' });
    const { code, verifier } = await freshCode();
    await expectError(await exchange(code, verifier, { client_id: other.client_id }), 'invalid_grant', 'the authorization code was issued to another client');
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it('binds the code to its redirect URI', async () => {
    const { code, verifier } = await freshCode();
    await expectError(
      await exchange(code, verifier, { redirect_uri: 'http://127.0.0.1:9998/callback' }),
      'invalid_grant',
      "'redirect_uri' differs from the one in the authorization request",
    );
  });

  it('binds the code to its PKCE verifier', async () => {
    const { code } = await freshCode();
    await expectError(await exchange(code, pkcePair().verifier), 'invalid_grant', "'code_verifier' does not match the code_challenge");
  });

  it('never lets an S256 code be redeemed with the challenge as a plain verifier (no downgrade)', async () => {
    const { code, challenge } = await freshCode('S256');
    await expectError(await exchange(code, challenge), 'invalid_grant');
  });

  it.each([
    ['too short', 'a'.repeat(42)],
    ['too long', 'a'.repeat(129)],
    ['outside [A-Za-z0-9-._~]', `${'a'.repeat(42)}!`],
  ])('refuses a verifier %s as invalid_request', async (_case, verifier) => {
    const { code } = await freshCode();
    await expectError(await exchange(code, verifier), 'invalid_request', "'code_verifier' must be 43 to 128 characters of [A-Za-z0-9-._~]");
  });

  it('refuses an unknown code', async () => {
    await expectError(await exchange('x'.repeat(43), pkcePair().verifier), 'invalid_grant', 'the authorization code is unknown');
  });
});

describe('token endpoint errors are RFC 6749 errors with 400, never 500', () => {
  it.each([
    ['a missing grant_type', {}, 'invalid_request', "'grant_type' is required"],
    ['an unsupported grant_type', { grant_type: 'password' }, 'unsupported_grant_type', "'grant_type' 'password' is not supported: use authorization_code or refresh_token"],
    ['a missing client_id', { grant_type: 'refresh_token', refresh_token: 'x' }, 'invalid_request', "'client_id' is required"],
    ['an unknown client', { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'cli_nope' }, 'invalid_client', "no client is registered with client_id 'cli_nope'"],
    ['a missing code', { grant_type: 'authorization_code', client_id: 'CLIENT' }, 'invalid_request', "'code' is required"],
  ])('answers %s', async (_case, fields, error, description) => {
    const body = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === 'CLIENT' ? client.client_id : v]));
    await expectError(await postToken(server, body), error, description);
  });

  it('refuses a repeated parameter', async () => {
    const response = await fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&grant_type=authorization_code',
    });
    await expectError(response, 'invalid_request', "'grant_type' must be given once, as a string");
  });

  it('answers a JSON or malformed body with invalid_request', async () => {
    const json = await fetch(`${server.authUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
    await expectError(json, 'invalid_request');
  });
});

describe('refresh_token grant', () => {
  const fresh = async () => (await obtainTokens(server, { client })).tokens;

  it('rotates: a new access and refresh token, the old access token still valid until it expires', async () => {
    const first = await fresh();
    const response = await refresh(first.refresh_token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const second = (await readJson(response)) as TokenResponse;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe('mcp_customer');
    expect((await check(second.access_token)).ok).toBe(true);
  });

  it('revokes the whole grant, newest tokens included, when a spent refresh token comes back after the grace', async () => {
    const first = await fresh();
    const second = (await readJson(await refresh(first.refresh_token))) as TokenResponse;
    server.clock.advance(60_000);
    await expectError(await refresh(first.refresh_token), 'invalid_grant', 'the refresh token was already used; every token of this grant is now revoked');
    expect(await check(second.access_token)).toEqual({ ok: false, reason: 'revoked' });
    await expectError(await refresh(second.refresh_token), 'invalid_grant', 'the refresh token has been revoked');
  });

  it('answers every one of ten parallel refreshes with one token within the grace with the same answer: one next refresh token, one access token', async () => {
    const tokens = await fresh();
    const responses = await Promise.all(Array.from({ length: 10 }, () => refresh(tokens.refresh_token)));
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    const pairs = (await Promise.all(responses.map(readJson))) as TokenResponse[];
    expect(new Set(pairs.map((pair) => pair.refresh_token)).size).toBe(1);
    expect(new Set(pairs.map((pair) => pair.access_token)).size).toBe(1);
    for (const pair of pairs) expect((await check(pair.access_token)).ok).toBe(true);
  });

  it('takes an empty resource as omitted, ignores an unknown parameter and refuses a repeated one (RFC 6749 §3.2)', async () => {
    const tokens = await fresh();
    const renewed = (await readJson(await refresh(tokens.refresh_token, { resource: '' }))) as TokenResponse;
    expect(renewed.access_token).toBeDefined();
    expect((await refresh(renewed.refresh_token, { conformance_extension: 'ignore-me' })).status).toBe(200);
    const repeated = await fetch(`${server.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=x&refresh_token=x&client_id=${encodeURIComponent(client.client_id)}`,
    });
    await expectError(repeated, 'invalid_request');
  });

  it('refuses scope escalation', async () => {
    const tokens = await fresh();
    await expectError(await refresh(tokens.refresh_token, { scope: 'mcp_customer reporting' }), 'invalid_scope');
    expect((await refresh(tokens.refresh_token, { scope: 'mcp_customer' })).status).toBe(200);
  });

  it('refuses another client presenting the refresh token, and leaves the grant alone', async () => {
    const other = await registerClient(server, { client_name: 'Thief' });
    const tokens = await fresh();
    await expectError(await refresh(tokens.refresh_token, { client_id: other.client_id }), 'invalid_grant', 'the refresh token was issued to another client');
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('refuses refreshing for a disabled account, whose access tokens stop at once', async () => {
    const carol = await createTestUser(server, 'carol@example.com', 'Carol');
    const { tokens } = await obtainTokens(server, { client, email: 'carol@example.com' });
    await server.store.setUserDisabled(carol.id, true);
    expect(await check(tokens.access_token)).toEqual({ ok: false, reason: 'user_disabled' });
    await expectError(await refresh(tokens.refresh_token), 'invalid_grant', 'the account of this grant is disabled');
  });

  it('expires access tokens after one hour', async () => {
    const tokens = await fresh();
    server.clock.advance(60 * 60 * 1000 - 1);
    expect((await check(tokens.access_token)).ok).toBe(true);
    server.clock.advance(1);
    expect(await check(tokens.access_token)).toEqual({ ok: false, reason: 'expired' });
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    await expectError(await refresh('nope'), 'invalid_grant', 'the refresh token is unknown');
  });
});
