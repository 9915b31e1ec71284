import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import { createAccount } from '../../src/platform/accounts.js';
import { operator } from '../../src/platform/context.js';
import { systemClock } from '../../src/platform/clock.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';
import { postMcp, rpc, callTool } from '../helpers/mcp.js';
import { decideOnPage } from '../helpers/person-confirms.js';
import { adminQuery, dropSchemas, postgresUrl, testPostgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { endpointOf, testRedisUrl, throughProxy } from '../helpers/redis.js';
import {
  obtainTokens,
  pkcePair,
  postToken,
  readJson,
  registerClient,
  runAuthorization,
  testPassword,
  type TestServer,
} from '../helpers/server.js';
import { ensureBuilt, freePorts, runCli, startServe, stopAll, type CliProcess } from './processes.js';
import { CuttableProxy, RoundRobinBalancer } from './proxies.js';

const redisUrl = testRedisUrl;
const schema = uniqueSchema('scale_out');
const db = postgresUrl(schema);
const run = randomBytes(4).toString('hex');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The HTTP helpers only read the two URLs, so a balancer or one instance can stand in for a server. */
const hosts = (baseUrl: string, authUrl: string) => ({ baseUrl, authUrl }) as TestServer;

interface Instance {
  readonly serve: CliProcess;
  readonly port: number;
  readonly authPort: number;
  /** The instance itself, bypassing any balancer. */
  readonly direct: TestServer;
}

async function startInstance(dbUrl: string, rateStore: string, publicUrls: readonly string[] = []): Promise<Instance> {
  const [port, authPort] = (await freePorts(2)) as [number, number];
  const [baseUrl, authUrl] = publicUrls;
  const serve = await startServe([
    ...['--db', dbUrl, '--rate-store', rateStore, '--port', String(port), '--auth-port', String(authPort)],
    ...(baseUrl && authUrl ? ['--base-url', baseUrl, '--auth-url', authUrl] : []),
    // The per-IP registration window is shared through Redis with every other run on this machine.
    ...['--no-seed', '--register-rate-limit', '1000/60'],
  ]);
  return { serve, port, authPort, direct: hosts(`http://127.0.0.1:${port}`, `http://127.0.0.1:${authPort}`) };
}

let store: Store;
const balancers = { mcp: new RoundRobinBalancer(), auth: new RoundRobinBalancer() };
const proxies = { postgres: new CuttableProxy(endpointOf(testPostgresUrl, 5432)), redis: new CuttableProxy(endpointOf(redisUrl, 6379)) };

/** A person of this run only, so no other run's rate window is theirs. */
async function newPerson(label: string) {
  const email = `${label}-${run}@example.com`;
  const user = await createAccount({ store, clock: systemClock }, operator, { email, name: label, password: testPassword });
  const { token } = await issueServiceToken(store, systemClock, { userId: user.id, scope: 'mcp_customer', ttlMs: 3_600_000 });
  return { ...user, token };
}

async function pingStatus(server: TestServer, token: string): Promise<number> {
  const response = await postMcp(server, rpc('ping'), { token });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  ensureBuilt();
  store = await openStore(db);
});

afterAll(async () => {
  await stopAll();
  await Promise.all([balancers.mcp.close(), balancers.auth.close(), proxies.postgres.cut(), proxies.redis.cut()]);
  await store?.close();
  await dropSchemas([schema]);
});

describe('two instances on one PostgreSQL and one Redis, behind a balancer without sticky routing', () => {
  let a: Instance;
  let b: Instance;
  let service: TestServer;

  beforeAll(async () => {
    await Promise.all([balancers.mcp.start(), balancers.auth.start()]);
    const publicUrls = [balancers.mcp.url, balancers.auth.url];
    // Trust auth ignores the password; it is there to show that it never reaches the output.
    const withPassword = new URL(db);
    withPassword.password = 's3cret';
    [a, b] = await Promise.all([startInstance(withPassword.href, redisUrl, publicUrls), startInstance(db, redisUrl, publicUrls)]);
    balancers.mcp.backends = [a.port, b.port];
    balancers.auth.backends = [a.authPort, b.authPort];
    service = hosts(balancers.mcp.url, balancers.auth.url);
  });

  it('prints where the data and rate windows live, never a password', () => {
    const shown = new URL(db);
    shown.password = '***';
    expect(a.serve.stderr).toMatch(new RegExp(`store +${escapeRegExp(shown.href)}\\n`));
    expect(a.serve.stderr).toMatch(new RegExp(`rate windows +${escapeRegExp(redisUrl)}\\n`));
    expect(a.serve.stdout + a.serve.stderr).not.toContain('s3cret');
  });

  it('runs the whole OAuth flow through the balancer, each step landing on either instance', async () => {
    const person = await newPerson('flow');
    const { tokens } = await obtainTokens(service, { email: person.email });
    expect(tokens.token_type).toBe('Bearer');
    expect([await pingStatus(service, tokens.access_token), await pingStatus(service, tokens.access_token)]).toEqual([200, 200]);
    for (const balancer of [balancers.mcp, balancers.auth]) {
      expect([...balancer.hits.keys()].sort()).toEqual([...balancer.backends].sort());
    }
  });

  it('accepts on one instance the tokens another issued, refresh included', async () => {
    const person = await newPerson('cross');
    const client = await registerClient(service);
    const { verifier, challenge } = pkcePair();
    const { params } = await runAuthorization(service, { client, challenge, email: person.email });
    const issued = await postToken(a.direct, {
      grant_type: 'authorization_code',
      code: params.get('code')!,
      redirect_uri: client.redirect_uris[0]!,
      client_id: client.client_id,
      code_verifier: verifier,
    });
    expect(issued.status).toBe(200);
    const first = await readJson(issued);
    expect(await pingStatus(b.direct, first.access_token)).toBe(200);

    const refreshed = await postToken(b.direct, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: client.client_id });
    expect(refreshed.status).toBe(200);
    expect(await pingStatus(a.direct, (await readJson(refreshed)).access_token)).toBe(200);
  });

  // Gemini CLI sends one refresh token twice at once; behind a balancer the two land on different
  // instances, and a retry may too (issue 23). All within the grace: each gets the one answer the
  // rotation gave, whichever instance sealed it (issue 43: one spent token, one live access token).
  it('answers a refresh on one instance and its retry on the other, even at the same moment, with the same pair', async () => {
    const person = await newPerson('retry');
    const { client, tokens } = await obtainTokens(service, { email: person.email });
    const refresh = (instance: Instance, refreshToken: string) =>
      postToken(instance.direct, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.client_id });

    const first = await refresh(a, tokens.refresh_token);
    const retry = await refresh(b, tokens.refresh_token);
    expect([first.status, retry.status]).toEqual([200, 200]);
    const [fromA, fromB] = [await readJson(first), await readJson(retry)];
    expect(fromB.refresh_token).toBe(fromA.refresh_token);
    expect(fromB.access_token).toBe(fromA.access_token);
    expect([await pingStatus(b.direct, fromA.access_token), await pingStatus(a.direct, fromB.access_token)]).toEqual([200, 200]);

    const both = await Promise.all([refresh(a, fromB.refresh_token), refresh(b, fromB.refresh_token)]);
    expect(both.map((response) => response.status)).toEqual([200, 200]);
    const pairs = await Promise.all(both.map(readJson));
    expect(pairs[0]!.refresh_token).toBe(pairs[1]!.refresh_token);
    expect(pairs[0]!.access_token).toBe(pairs[1]!.access_token);
    const next = await refresh(a, pairs[1]!.refresh_token);
    expect(next.status).toBe(200);
    expect(await pingStatus(b.direct, (await readJson(next)).access_token)).toBe(200);
  });

  it('refuses on the next request to one instance a token revoked on the other', async () => {
    const person = await newPerson('revoke');
    const { client, tokens } = await obtainTokens(service, { email: person.email });
    expect(await pingStatus(b.direct, tokens.access_token)).toBe(200);

    const revoked = await fetch(`${a.direct.authUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token, client_id: client.client_id }).toString(),
    });
    expect(revoked.status).toBe(200);

    const refused = await postMcp(b.direct, rpc('ping'), { token: tokens.access_token });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${balancers.mcp.url}/.well-known/oauth-protected-resource"`);
  });

  it('refuses on the next call to one instance a share removed on the other, or by the admin CLI', async () => {
    const owner = await newPerson('owner');
    const viewer = await newPerson('viewer');
    const workspaceId = `wsp_scale_${run}`;
    await store.insertWorkspace({ id: workspaceId, name: 'Scale-out', createdAt: Date.now() });
    await store.setWorkspaceMember(workspaceId, owner.id, 'admin');
    const created = await callTool(a.direct, owner.token, 'create_survey', { workspace_id: workspaceId, title: 'Shared across instances' });
    const surveyId = created.payload.survey.id as string;
    // Asked on one instance, confirmed by the person on its page, applied on the other: every instance opens the confirmations of every other.
    const share = async (server: TestServer, role: string) => {
      const args = { survey_id: surveyId, user_email: viewer.email, role };
      const first = await callTool(server, owner.token, 'share_survey', args);
      const page = first.isError ? first.payload['confirm_url'] : undefined;
      if (typeof page !== 'string') return first;
      await decideOnPage(page, owner.email);
      return callTool(server === a.direct ? b.direct : a.direct, owner.token, 'share_survey', { ...args, confirmation_token: first.payload['confirmation_token'] });
    };
    const viewerReads = async (server: TestServer) => {
      const read = await callTool(server, viewer.token, 'get_survey', { survey_id: surveyId });
      return read.isError ? read.payload.error : 'allowed';
    };
    const refusal = `not authorized to view survey '${surveyId}'`;

    expect((await share(a.direct, 'viewer')).isError).toBe(false);
    expect(await viewerReads(b.direct)).toBe('allowed');
    expect((await share(a.direct, 'none')).isError).toBe(false);
    expect(await viewerReads(b.direct)).toBe(refusal);

    expect((await share(b.direct, 'viewer')).isError).toBe(false);
    expect(await viewerReads(a.direct)).toBe('allowed');
    const cli = await runCli(['share', '--survey', surveyId, '--user', viewer.email, '--role', 'none', '--db', db]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(await viewerReads(a.direct)).toBe(refusal);
    expect(await viewerReads(b.direct)).toBe(refusal);
  });

  // With the default limits (180 per 60 s, 4 in flight, 256 sockets per address): the whole budget
  // may be spent at once (spec 8 rule 3), whatever the in-flight queue of each instance holds.
  it("admits exactly 180 of one person's 400 concurrent requests spread over both instances, with the default limits", async () => {
    const person = await newPerson('burst');
    const before = new Map(balancers.mcp.hits);
    const statuses = await Promise.all(Array.from({ length: 400 }, () => pingStatus(service, person.token)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(180);
    expect(statuses.filter((status) => status === 429)).toHaveLength(220);
    for (const port of balancers.mcp.backends) expect(balancers.mcp.hits.get(port)! - (before.get(port) ?? 0)).toBe(200);
  });

  it('registers a client once: both instances answer with the same client_id, even at the same moment', async () => {
    const metadata = { client_name: `Scale-out ${run}`, redirect_uris: ['http://127.0.0.1:9999/callback'] };
    const [first, second] = await Promise.all([registerClient(a.direct, metadata), registerClient(b.direct, metadata)]);
    const third = await registerClient(service, metadata);
    expect(second.client_id).toBe(first.client_id);
    expect(third.client_id).toBe(first.client_id);
  });
});

describe('an instance whose PostgreSQL or Redis goes away', () => {
  let instance: Instance;
  let token: string;

  beforeAll(async () => {
    await Promise.all([proxies.postgres.restore(), proxies.redis.restore()]);
    instance = await startInstance(throughProxy(db, proxies.postgres.port), throughProxy(redisUrl, proxies.redis.port));
    token = (await newPerson('outage')).token;
  });

  /** The error responder's answer to any outage. */
  async function expectUnavailable(response: Response, part = 'the store'): Promise<void> {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await readJson(response)).toEqual({ error: 'temporarily_unavailable', error_description: `${part} is unavailable; try again shortly` });
  }

  /** Polls (bounded) until the MCP endpoint admits a request again; returns every status seen. */
  async function statusesUntilRecovered(): Promise<number[]> {
    const seen: number[] = [];
    for (let attempt = 0; attempt < 100 && seen.at(-1) !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      seen.push(await pingStatus(instance.direct, token));
    }
    return seen;
  }

  const register = () =>
    fetch(`${instance.direct.baseUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Outage', redirect_uris: ['http://127.0.0.1:9999/callback'] }),
    });

  it('answers 503 with Retry-After on every host while PostgreSQL is cut off, and recovers without a restart', async () => {
    expect(await pingStatus(instance.direct, token)).toBe(200);
    await proxies.postgres.cut();

    await expectUnavailable(await postMcp(instance.direct, rpc('ping'), { token }));
    await expectUnavailable(await postMcp(instance.direct, rpc('tools/call', { name: 'list_surveys', arguments: {} }), { token }));
    await expectUnavailable(await register());
    await expectUnavailable(await postToken(instance.direct, { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'cli_x' }));
    const page = `${instance.direct.authUrl}/oauth/authorize?response_type=code&client_id=cli_x&redirect_uri=http%3A%2F%2F127.0.0.1%3A9999%2Fcallback`;
    await expectUnavailable(await fetch(page, { headers: { accept: 'text/html' } }));

    await proxies.postgres.restore();
    const seen = await statusesUntilRecovered();
    expect(seen.at(-1)).toBe(200);
    expect(seen.filter((status) => status !== 503 && status !== 200)).toEqual([]);
    expect(instance.serve.running).toBe(true);
  });

  it('answers 503 with Retry-After while Redis is cut off, and recovers without a restart', async () => {
    expect(await pingStatus(instance.direct, token)).toBe(200);
    await proxies.redis.cut();

    await expectUnavailable(await postMcp(instance.direct, rpc('ping'), { token }), 'the rate store (Redis)');
    await expectUnavailable(await register(), 'the rate store (Redis)');

    await proxies.redis.restore();
    const seen = await statusesUntilRecovered();
    expect(seen.at(-1)).toBe(200);
    expect(seen.filter((status) => status !== 503 && status !== 200)).toEqual([]);
  });

  it('kept running through both outages without an error on stderr', () => {
    expect(instance.serve.running).toBe(true);
    expect(instance.serve.stderr.split('Press Ctrl+C to stop.\n')[1]).toBe('');
  });
});

describe('serve refuses to start with one clear line', () => {
  const serve = (...args: string[]) => runCli(['serve', '--host', '127.0.0.1', '--port', '0', '--auth-port', '0', '--no-seed', ...args]);

  it('when PostgreSQL cannot be reached', async () => {
    const result = await serve('--db', 'postgres://postgres@127.0.0.1:1/test', '--rate-store', redisUrl);
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'survey-mcp: store unavailable: postgres://postgres@127.0.0.1:1/test (ECONNREFUSED)\n' });
  });

  it('when Redis cannot be reached', async () => {
    const result = await serve('--db', db, '--rate-store', 'redis://127.0.0.1:1');
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'survey-mcp: rate store unavailable: redis://127.0.0.1:1 (ECONNREFUSED)\n' });
  });

  it('when a postgres:// store has no --rate-store, before touching the database', async () => {
    const untouched = uniqueSchema('no_rate_store');
    const result = await serve('--db', postgresUrl(untouched));
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'survey-mcp: --db postgres://… needs --rate-store redis://HOST:6379 (or SURVEY_MCP_RATE_STORE): rate windows must be shared by every instance\n',
    });
    expect(await adminQuery('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [untouched])).toEqual([]);
  });
});
