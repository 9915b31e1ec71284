/**
 * Refresh retries are not theft (issue 23): what real clients were seen to send, replayed over
 * HTTP on both stores. Gemini CLI renews before almost every request and sends the same refresh
 * token twice in parallel; other clients retry a renewal whose answer they lost. Within the
 * grace (60 s by default) every such request gets a working pair in the one lineage; after it, a
 * replay still revokes the grant (RFC 9700 §4.14.2). Time moves by the server's injected clock.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/oauth/tokens.js';
import { backends } from '../helpers/backends.js';
import { postMcp, rpc } from '../helpers/mcp.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';
import {
  createTestUser,
  obtainTokens,
  postToken,
  readJson,
  registerClient,
  startTestServer,
  type RegisteredClient,
  type TestServer,
  type TokenResponse,
} from '../helpers/server.js';

const accessTtlMs = 20_000;
const graceMs = 60_000;

describe.each(backends)('refresh retries on %s', (backend) => {
  const schema = backend === 'postgres' ? uniqueSchema('refresh_retries') : undefined;
  let server: TestServer;
  let client: RegisteredClient;
  let people = 0;

  beforeAll(async () => {
    server = await startTestServer({
      accessTokenTtlMs: accessTtlMs,
      refreshGraceMs: graceMs,
      registerRateLimit: { limit: 1000, windowMs: 60_000 },
      ...(schema && { db: postgresUrl(schema), rateStore: ':memory:' }),
    });
    client = await registerClient(server, { client_name: 'Gemini CLI' });
  });
  afterAll(async () => {
    await server.close();
    if (schema) await dropSchemas([schema]);
  });

  /** A person of their own (so one test's revocation touches no other) and their first pair. */
  async function signedIn(): Promise<{ userId: string; email: string; tokens: TokenResponse }> {
    const email = `person-${++people}@example.com`;
    const user = await createTestUser(server, email, `Person ${people}`);
    return { userId: user.id, email, tokens: (await obtainTokens(server, { client, email })).tokens };
  }

  const refresh = (refreshToken: string, clientId = client.client_id) =>
    postToken(server, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });

  async function refreshed(refreshToken: string): Promise<TokenResponse> {
    const response = await refresh(refreshToken);
    expect(response.status).toBe(200);
    return (await response.json()) as TokenResponse;
  }

  /** What the person's assistant sees: a tool call with the access token. */
  const callStatus = async (accessToken: string) => {
    const response = await postMcp(server, rpc('tools/call', { name: 'get_me', arguments: {} }), { token: accessToken });
    await response.arrayBuffer();
    return response.status;
  };

  it('answers the same refresh token sent twice in parallel with one and the same working pair, and the lineage goes on', async () => {
    const { tokens } = await signedIn();
    const both = await Promise.all([refreshed(tokens.refresh_token), refreshed(tokens.refresh_token)]);
    expect(both[0]).toEqual(both[1]);
    expect(both[0].expires_in).toBe(accessTtlMs / 1000);
    expect(await Promise.all(both.map((pair) => callStatus(pair.access_token)))).toEqual([200, 200]);
    const next = await refreshed(both[1].refresh_token);
    expect(await callStatus(next.access_token)).toBe(200);
    expect(await callStatus(both[0].access_token)).toBe(200);
  });

  it('stays connected through three short access-token lifetimes of parallel renewals', async () => {
    const { tokens } = await signedIn();
    let current = tokens;
    for (let lifetime = 0; lifetime < 3; lifetime++) {
      expect(await callStatus(current.access_token)).toBe(200);
      server.clock.advance(accessTtlMs);
      expect(await callStatus(current.access_token)).toBe(401);
      const pairs = await Promise.all([refreshed(current.refresh_token), refreshed(current.refresh_token)]);
      expect(new Set(pairs.map((pair) => pair.refresh_token)).size).toBe(1);
      expect(await Promise.all(pairs.map((pair) => callStatus(pair.access_token)))).toEqual([200, 200]);
      // The client keeps whichever answer came last.
      current = pairs[1];
    }
  });

  it('answers a retry within the grace with the very answer issued first while the successor is unused, its expires_in what is left', async () => {
    const { tokens } = await signedIn();
    const second = await refreshed(tokens.refresh_token);
    server.clock.advance(5_000);
    const retry = await refreshed(tokens.refresh_token);
    expect(retry).toEqual({ ...second, expires_in: accessTtlMs / 1000 - 5 });
    // Past the access token's lifetime, within the grace: the same answer, spent (expires_in 0),
    // and its successor renews.
    server.clock.advance(graceMs - 5_001);
    const late = await refreshed(tokens.refresh_token);
    expect(late).toEqual({ ...second, expires_in: 0 });
    expect(await callStatus(late.access_token)).toBe(401);
    expect(await callStatus((await refreshed(late.refresh_token)).access_token)).toBe(200);
  });

  it('lets one spent refresh token yield one live access token however often it comes back within the grace', async () => {
    const { userId, tokens } = await signedIn();
    const first = await refreshed(tokens.refresh_token);
    const replays = await Promise.all(Array.from({ length: 20 }, () => refreshed(tokens.refresh_token)));
    expect(new Set(replays.map((answer) => answer.access_token))).toEqual(new Set([first.access_token]));
    const live = await server.store.listLiveTokens(userId, server.clock.now());
    // The grant's first access token and the one rotation's: the replays added none.
    expect(live.filter((token) => token.kind === 'access')).toHaveLength(2);
  });

  it('treats a copy of a spent token presented after its successor was used as reuse, within the grace, revoking the grant', async () => {
    const { tokens } = await signedIn();
    const second = await refreshed(tokens.refresh_token);
    const third = await refreshed(second.refresh_token);
    const stolen = await refresh(tokens.refresh_token);
    expect(stolen.status).toBe(400);
    expect(await readJson(stolen)).toMatchObject({ error: 'invalid_grant', error_description: 'the refresh token was already used; every token of this grant is now revoked' });
    expect(await callStatus(third.access_token)).toBe(401);
    expect((await readJson(await refresh(third.refresh_token))).error_description).toBe('the refresh token has been revoked');
  });

  /** The person's audit rows of `action`: who each names, and through which app. */
  const auditRows = async (userId: string, action: string) =>
    (await server.store.listAuditEvents({ userId, limit: 50 })).filter((event) => event.action === action).map((event) => [event.actorUserId, event.clientId]);

  it('revokes the whole grant when a rotated token comes back after the grace, even for a token answered from memory, and the trail names the person', async () => {
    const { userId, tokens } = await signedIn();
    const second = await refreshed(tokens.refresh_token);
    expect([await callStatus(second.access_token), await callStatus(second.access_token)]).toEqual([200, 200]);
    server.clock.advance(graceMs);
    const replay = await refresh(tokens.refresh_token);
    expect(replay.status).toBe(400);
    expect(await readJson(replay)).toMatchObject({ error: 'invalid_grant', error_description: 'the refresh token was already used; every token of this grant is now revoked' });
    expect(await callStatus(second.access_token)).toBe(401);
    expect((await readJson(await refresh(second.refresh_token))).error_description).toBe('the refresh token has been revoked');
    expect(await auditRows(userId, 'refresh.reuse')).toEqual([[userId, client.client_id]]);
  });

  it('never brings back a grant revoked by its client, within the grace; the revocation row names the person', async () => {
    const { userId, tokens } = await signedIn();
    const second = await refreshed(tokens.refresh_token);
    const revoked = await fetch(`${server.authUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: second.refresh_token, client_id: client.client_id }).toString(),
    });
    expect(revoked.status).toBe(200);
    const retry = await refresh(tokens.refresh_token);
    expect(retry.status).toBe(400);
    expect((await readJson(retry)).error_description).toBe('the refresh token has been revoked');
    expect(await callStatus(second.access_token)).toBe(401);
    expect(await auditRows(userId, 'grant.revoke')).toEqual([[userId, client.client_id]]);
  });

  it('never brings back the grants of a disabled person, within the grace', async () => {
    const { userId, tokens } = await signedIn();
    const second = await refreshed(tokens.refresh_token);
    await server.store.disableUser(userId, server.clock.now());
    const retry = await refresh(tokens.refresh_token);
    expect(retry.status).toBe(400);
    expect((await readJson(retry)).error_description).toBe('the refresh token has been revoked');
    expect(await callStatus(second.access_token)).toBe(401);
  });

  it('never brings back the grant of an app the person disconnected, within the grace', async () => {
    const { userId, tokens } = await signedIn();
    const second = await refreshed(tokens.refresh_token);
    expect(await server.store.revokeClientForUser(userId, client.client_id, server.clock.now())).toBe(1);
    const retry = await refresh(tokens.refresh_token);
    expect((await readJson(retry)).error_description).toBe('the refresh token has been revoked');
    expect(await callStatus(second.access_token)).toBe(401);
  });

  it('refuses the rotated token from another client within the grace, and leaves the lineage alone', async () => {
    const other = await registerClient(server, { client_name: 'Someone else' });
    const { tokens } = await signedIn();
    const second = await refreshed(tokens.refresh_token);
    const stolen = await refresh(tokens.refresh_token, other.client_id);
    expect((await readJson(stolen)).error_description).toBe('the refresh token was issued to another client');
    expect(await callStatus(second.access_token)).toBe(200);
    expect(await callStatus((await refreshed(second.refresh_token)).access_token)).toBe(200);
  });
});

describe('refresh retries with --refresh-grace 0', () => {
  let server: TestServer;
  let client: RegisteredClient;
  beforeAll(async () => {
    server = await startTestServer({ refreshGraceMs: 0 });
    await createTestUser(server);
    client = await registerClient(server);
  });
  afterAll(() => server.close());

  it('treats the same token sent again at once as a replay that revokes the grant', async () => {
    const { tokens } = await obtainTokens(server, { client });
    const refresh = () => postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    const first = await refresh();
    expect(first.status).toBe(200);
    const second = await refresh();
    expect((await readJson(second)).error_description).toBe('the refresh token was already used; every token of this grant is now revoked');
    const access = (await readJson(first)).access_token as string;
    expect((await postMcp(server, rpc('ping'), { token: access })).status).toBe(401);
  });
});

describe('what the store keeps for a retry', () => {
  const db = join(mkdtempSync(join(tmpdir(), 'refresh-grace-')), 'survey.db');
  let server: TestServer;
  let client: RegisteredClient;
  beforeAll(async () => {
    server = await startTestServer({ db });
    await createTestUser(server);
    client = await registerClient(server);
  });
  afterAll(() => server.close());

  const tokenRows = () => {
    const file = new Database(db, { readonly: true });
    const rows = file.prepare('SELECT * FROM oauth_tokens').all() as Array<Record<string, unknown>>;
    file.close();
    return rows;
  };

  it('keeps no token in the clear, and the sealed successor only until the grace has passed', async () => {
    const { tokens } = await obtainTokens(server, { client });
    const refresh = (refreshToken: string) =>
      postToken(server, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.client_id });
    const second = (await readJson(await refresh(tokens.refresh_token))) as TokenResponse;
    const stored = JSON.stringify(tokenRows());
    for (const secret of [tokens.refresh_token, tokens.access_token, second.refresh_token, second.access_token]) {
      expect(stored).not.toContain(secret);
    }
    const sealed = () => tokenRows().filter((row) => row.successor_sealed !== null).map((row) => [row.token_hash, row.grace_until]);
    expect(sealed()).toEqual([[hashSecret(tokens.refresh_token), server.clock.now() + 60_000]]);
    server.clock.advance(60_000);
    expect((await refresh(second.refresh_token)).status).toBe(200);
    // The first seal's grace has passed: the next rotation cleared it; its own is the only one.
    expect(sealed()).toEqual([[hashSecret(second.refresh_token), server.clock.now() + 60_000]]);
  });
});
