import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { operator } from '../../src/platform/context.js';
import { seedDemo } from '../../src/platform/demo/index.js';
import { StoreUnavailableError } from '../../src/store/errors.js';
import { openPostgresStore } from '../../src/store/postgres/index.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';
import { adminQuery, dropSchemas, postgresUrl, testPostgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { question, survey, T0 } from './records.js';
import { describeStoreContract } from './store.contract.js';

const schemas = new Set<string>();
const freshSchema = (label: string) => {
  const schema = uniqueSchema(label);
  schemas.add(schema);
  return schema;
};
afterAll(() => dropSchemas(schemas));

describeStoreContract('PostgreSQL (two pools model two processes)', async () => {
  const schema = freshSchema('contract');
  const url = postgresUrl(schema);
  const opened: Store[] = [];
  return {
    open: async () => {
      const store = await openPostgresStore(url);
      opened.push(store);
      return store;
    },
    sealedSuccessors: async () =>
      (await adminQuery<{ sealed: string }>(`SELECT successor_sealed AS sealed FROM ${schema}.oauth_tokens WHERE successor_sealed IS NOT NULL ORDER BY 1`)).map(
        (row) => row.sealed,
      ),
    dispose: async () => {
      await Promise.all(opened.map((store) => store.close()));
    },
  };
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A TCP hop between the pool and PostgreSQL that can be cut (connections dropped, new ones refused) and restored. */
class CuttableProxy {
  port = 0;
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();

  constructor(private readonly target: URL) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 5432), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket)).on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.#server = server;
  }

  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  }

  /** The URL of the same database, through this proxy. */
  url(schema: string): string {
    const url = new URL(postgresUrl(schema));
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.href;
  }
}

describe('PostgreSQL store connections', () => {
  it('fails at start with the URL, without its password, and the reason', async () => {
    const error = await openPostgresStore('postgres://postgres:s3cret@127.0.0.1:1/test').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toBe('store unavailable: postgres://postgres:***@127.0.0.1:1/test (ECONNREFUSED)');
  });

  it('is what --db postgres:// and postgresql:// URLs open', async () => {
    const schema = freshSchema('open');
    for (const scheme of ['postgres', 'postgresql']) {
      const store = await openStore(postgresUrl(schema).replace(/^postgres/, scheme));
      expect(store.backend).toBe('postgres');
      await store.close();
    }
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(openPostgresStore(postgresUrl('x; DROP TABLE users'))).rejects.toThrow(/--db schema 'x; DROP TABLE users' is not a plain schema name/);
  });

  it('opens at most pool_size connections, however many calls wait', async () => {
    const url = new URL(postgresUrl(freshSchema('pool')));
    const applicationName = `pool_${randomBytes(4).toString('hex')}`;
    url.searchParams.set('pool_size', '2');
    url.searchParams.set('application_name', applicationName);
    const store = await openPostgresStore(url.href);
    try {
      const backends = () => adminQuery<{ n: number }>('SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
      const counted: number[] = [];
      await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          await store.findUserById(`usr_${i}`);
          counted.push((await backends())[0]!.n);
        }),
      );
      expect(Math.max(...counted)).toBe(2);
    } finally {
      await store.close();
    }
  });

  it.each(['0', '-1', '2.5', 'many', '1000'])('refuses pool_size=%s, naming the option and its value', async (size) => {
    const url = new URL(postgresUrl(freshSchema('pool')));
    url.searchParams.set('pool_size', size);
    await expect(openPostgresStore(url.href)).rejects.toThrow(`--db pool_size '${size}' is not a number of connections from 1 to 999`);
  });

  it('creates the schema and applies each migration once, even when two instances start together', async () => {
    const schema = freshSchema('migrate');
    const stores = await Promise.all([openPostgresStore(postgresUrl(schema)), openPostgresStore(postgresUrl(schema))]);
    await Promise.all(stores.map((store) => store.close()));
    const again = await openPostgresStore(postgresUrl(schema));
    await again.close();
    const versions = await adminQuery<{ version: number }>(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`);
    expect(versions.map((row) => row.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  // Version 4 added answer_tallies, version 5 segment_tallies, version 6 the refresh-grace token columns,
  // version 7 the sso_only column, version 8 three tables and two indexes (sign-in), version 9
  // audit_events, version 10 client_assertion_ids, version 11 the confirmation tables and version 12 the audit trace columns, and nothing else: without them, this is the
  // schema the older version wrote.
  it.each([
    { version: 3, added: ['answer_tallies', 'segment_tallies'] },
    { version: 4, added: ['segment_tallies'] },
  ])('fills the rollups of a version $version schema from its answers, as the inserts would have', async ({ version, added }) => {
    const schema = freshSchema('tallies');
    const store = await openPostgresStore(postgresUrl(schema));
    await seedDemo({ store, clock: new ManualClock(Date.parse('2026-04-01T00:00:00Z')) }, operator);
    await store.close();
    const rollups = () => Promise.all(added.map((table) => adminQuery(`SELECT * FROM ${schema}.${table} ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`)));
    const kept = await rollups();
    for (const rows of kept) expect(rows.length).toBeGreaterThan(1000);
    await adminQuery(`DROP TABLE ${added.map((table) => `${schema}.${table}`).join(', ')}`);
    await adminQuery(`ALTER TABLE ${schema}.oauth_tokens DROP COLUMN successor_hash, DROP COLUMN successor_sealed, DROP COLUMN grace_until`);
    await adminQuery(`ALTER TABLE ${schema}.users DROP COLUMN sso_only`);
    await adminQuery(`DROP TABLE ${schema}.audit_events`);
    await adminQuery(`DROP TABLE ${schema}.sso_attempts, ${schema}.sso_identities, ${schema}.client_metadata_copies`);
    await adminQuery(`DROP INDEX ${schema}.oauth_tokens_by_expiry, ${schema}.oauth_codes_by_expiry`);
    await adminQuery(`DROP TABLE ${schema}.client_assertion_ids`);
    await adminQuery(`DROP TABLE ${schema}.confirmation_uses, ${schema}.server_keys`);
    await adminQuery(`ALTER TABLE ${schema}.oauth_grants DROP COLUMN granted_by`);
    await adminQuery(`DELETE FROM ${schema}.schema_migrations WHERE version > ${version}`);
    await (await openPostgresStore(postgresUrl(schema))).close();
    expect(await rollups()).toEqual(kept);
  });

  it('keeps answering from its prepared statements after another instance adds a column to a table they read (they select no *)', async () => {
    const schema = freshSchema('stale_plan');
    const store = await openPostgresStore(postgresUrl(schema));
    try {
      await store.insertUser({ id: 'usr_1', email: 'a@example.com', name: 'A', passwordHash: 'x', createdAt: 1 });
      await store.insertWorkspace({ id: 'wsp_1', name: 'W', createdAt: 1 });
      await store.insertSurvey({ ...survey('srv_1'), workspaceId: 'wsp_1', ownerId: 'usr_1' }, []);
      const before = await store.findSurveyAccess('srv_1', 'usr_1');
      await store.findSurveyAccess('srv_1', 'usr_1');
      await adminQuery(`ALTER TABLE ${schema}.surveys ADD COLUMN later_feature TEXT`);
      expect(await store.findSurveyAccess('srv_1', 'usr_1')).toEqual(before);
      expect(await store.findSurveyAccess('srv_1', 'usr_1')).toEqual(before);
    } finally {
      await store.close();
    }
  });

  it('rejects calls with StoreUnavailableError while the database is cut off, and recovers without reopening', async () => {
    const proxy = new CuttableProxy(new URL(testPostgresUrl));
    await proxy.start();
    const target = new URL(proxy.url(freshSchema('outage')));
    const store = await openPostgresStore(target.href);
    // The message names the database (whichever SURVEY_MCP_TEST_POSTGRES names), not the schema.
    target.search = '';
    try {
      await store.insertUser({ id: 'usr_1', email: 'a@example.com', name: 'A', passwordHash: 'x', createdAt: 1 });
      await proxy.cut();
      const during = await store.findUserById('usr_1').catch((e: unknown) => e);
      expect(during).toBeInstanceOf(StoreUnavailableError);
      expect((during as Error).message).toMatch(new RegExp(`^store unavailable: ${escapeRegExp(target.href)} \\(`));
      await expect(store.insertUser({ id: 'usr_2', email: 'b@example.com', name: 'B', passwordHash: 'x', createdAt: 1 })).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
      await proxy.start();
      expect(await store.findUserById('usr_1')).toMatchObject({ email: 'a@example.com' });
      await store.insertUser({ id: 'usr_2', email: 'b@example.com', name: 'B', passwordHash: 'x', createdAt: 1 });
      expect((await store.listUsers()).map((user) => user.id)).toEqual(['usr_1', 'usr_2']);
    } finally {
      await store.close();
      await proxy.cut();
    }
  });
});

describe('the bearer check and get_survey\'s read in one statement', () => {
  it('reads the token and, for its person, the survey as findSurveyDetail does; nothing for an unknown or refresh token', async () => {
    const store = await openPostgresStore(postgresUrl(freshSchema('token_with_survey')));
    try {
      for (const id of ['usr_owner', 'usr_guest']) await store.insertUser({ id, email: `${id}@example.com`, name: id, passwordHash: 'x', createdAt: T0 });
      await store.insertWorkspace({ id: 'wsp_a', name: 'Alpha', createdAt: T0 });
      await store.setWorkspaceMember('wsp_a', 'usr_owner', 'member');
      await store.insertSurvey(survey('srv_1'), [question('srv_1', 'qst_1', 'single_choice', ['Yes', 'No'])]);
      await store.setCollaborator({ surveyId: 'srv_1', userId: 'usr_guest', role: 'viewer', grantedBy: 'usr_owner', grantedAt: T0 });
      await store.registerClient({
        id: 'cli_1', registrationKey: 'key-1', name: 'One', redirectUris: ['http://127.0.0.1:9/cb'],
        grantTypes: ['authorization_code', 'refresh_token'], responseTypes: ['code'], scope: 'mcp_customer', createdAt: T0,
      });
      await store.issueGrant({ id: 'grt_1', userId: 'usr_guest', clientId: 'cli_1', scope: 'mcp_customer', createdAt: T0 }, {
        access: { tokenHash: 'access-1', kind: 'access', expiresAt: T0 + 3_600_000 },
        refresh: { tokenHash: 'refresh-1', kind: 'refresh', expiresAt: T0 + 3_600_000 },
      });
      const read = store.findAccessTokenWithSurvey!;

      expect(await read('access-1', 'srv_1')).toEqual({
        token: await store.findAccessToken('access-1'),
        survey: { surveyId: 'srv_1', userId: 'usr_guest', record: await store.findSurveyDetail('srv_1', 'usr_guest') },
      });
      expect((await read('access-1', 'srv_1')).survey?.record?.collaboratorRole).toBe('viewer');
      expect(await read('access-1', 'srv_none')).toEqual({
        token: await store.findAccessToken('access-1'),
        survey: { surveyId: 'srv_none', userId: 'usr_guest', record: undefined },
      });
      expect(await read('refresh-1', 'srv_1')).toEqual({ token: undefined, survey: undefined });
      expect(await read('no-such-token', 'srv_1')).toEqual({ token: undefined, survey: undefined });
    } finally {
      await store.close();
    }
  });
});
