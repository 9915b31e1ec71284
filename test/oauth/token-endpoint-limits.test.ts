/**
 * The token endpoint under load (issue 33): a budget per grant and per client address, answered
 * with 429 and Retry-After past it, and unusable token and code rows purged on a schedule, on
 * both stores. Time moves by the server's injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.js';
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

describe.each(backends)('the token endpoint on %s', (backend) => {
  const schema = backend === 'postgres' ? uniqueSchema('token_limits') : undefined;
  let server: TestServer;
  let client: RegisteredClient;

  beforeAll(async () => {
    server = await startTestServer({
      accessTokenTtlMs: 60_000,
      refreshGraceMs: 60_000,
      tokenGrantRateLimit: { limit: 5, windowMs: 60_000 },
      tokenRateLimit: { limit: 10_000, windowMs: 60_000 },
      ...(schema && { db: postgresUrl(schema), rateStore: ':memory:' }),
    });
    await createTestUser(server);
    client = await registerClient(server);
  });
  afterAll(async () => {
    await server.close();
    if (schema) await dropSchemas([schema]);
  });

  const refresh = (refreshToken: string) => postToken(server, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.client_id });

  it('answers 429 with Retry-After once a grant has spent its refreshes, retries of a spent token included', async () => {
    const { tokens } = await obtainTokens(server, { client });
    let current = tokens.refresh_token;
    for (let i = 0; i < 3; i++) {
      const answer = await refresh(current);
      expect(answer.status).toBe(200);
      current = ((await answer.json()) as TokenResponse).refresh_token;
    }
    // A copy of the last spent token within the grace, while its successor is unused: still this grant's budget.
    expect((await refresh(current)).status).toBe(200);
    const spent = current;
    current = ((await readJson(await refresh(spent))) as TokenResponse).refresh_token ?? current;
    const refused = await refresh(current);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toMatchObject({ error: 'rate_limit_exceeded' });
    // Another person's grant has a budget of its own.
    const other = await obtainTokens(server, { client });
    expect((await refresh(other.tokens.refresh_token)).status).toBe(200);
  });
});

describe('the token endpoint per client address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ tokenRateLimit: { limit: 3, windowMs: 60_000 } });
  });
  afterAll(() => server.close());

  it('answers 429 with Retry-After past the per-address budget, before reading the request', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await postToken(server, { grant_type: 'refresh_token', refresh_token: `nothing-${i}`, client_id: 'x' })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const refused = await postToken(server, { grant_type: 'nonsense' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe.each(backends)('the purge of unusable rows on %s', (backend) => {
  const schema = backend === 'postgres' ? uniqueSchema('token_purge') : undefined;
  let server: TestServer;
  let client: RegisteredClient;

  beforeAll(async () => {
    server = await startTestServer({
      accessTokenTtlMs: 60_000,
      ...(schema && { db: postgresUrl(schema), rateStore: ':memory:' }),
    });
    await createTestUser(server);
    client = await registerClient(server);
  });
  afterAll(async () => {
    await server.close();
    if (schema) await dropSchemas([schema]);
  });

  /** Live rows a person's assistant holds: what no purge may touch. */
  const liveRows = async () => (await server.store.listLiveTokens((await server.store.findUserByEmail('alice@example.com'))!.id, server.clock.now())).length;

  it('keeps the token rows bounded through ten minutes of churn: expired and revoked rows go, live ones stay', async () => {
    let kept: TokenResponse | undefined;
    const counts: number[] = [];
    // Every 5 s for ten minutes an assistant connects, renews once and disconnects; one stays.
    for (let step = 0; step < 120; step++) {
      const { tokens } = await obtainTokens(server, { client });
      const renewed = (await readJson(await postToken(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id }))) as TokenResponse;
      if (step === 0) kept = renewed;
      else await fetch(`${server.authUrl}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: renewed.refresh_token, client_id: client.client_id }) });
      server.clock.advance(5_000);
      if (step % 12 === 11) counts.push(await tokenRows(server));
    }
    // Each minute adds 48 rows (12 grants of 4 tokens); what stays is about the last minute's
    // (revoked rows are kept a minute) and the live grant's. Without a purge: 480 at the end.
    expect(Math.max(...counts)).toBeLessThanOrEqual(12 * 4 + 4);
    expect(await liveRows()).toBeGreaterThanOrEqual(1);
    const renewal = await postToken(server, { grant_type: 'refresh_token', refresh_token: kept!.refresh_token, client_id: client.client_id });
    expect(renewal.status).toBe(200);
  }, 180_000);

  const tokenRows = async (target: TestServer) => {
    // The purge runs on token traffic; this request is the one that finds it due.
    await postToken(target, { grant_type: 'refresh_token', refresh_token: 'none', client_id: client.client_id });
    return countTokenRows(target, schema);
  };
});

async function countTokenRows(server: TestServer, schema: string | undefined): Promise<number> {
  if (schema) {
    const { adminQuery } = await import('../helpers/postgres.js');
    return Number((await adminQuery<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.oauth_tokens`))[0]!.n);
  }
  const Database = (await import('better-sqlite3')).default;
  const db = new Database(server.dbPath, { readonly: true });
  const { n } = db.prepare('SELECT count(*) AS n FROM oauth_tokens').get() as { n: number };
  db.close();
  return n;
}
