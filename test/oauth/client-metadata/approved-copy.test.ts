/**
 * The last good copy of a client's document reaches the store when a person approves the client
 * (issue 43), not only at its first refetch: another instance, or this one after a restart or
 * after evicting it, serves the client from that copy while its host refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../helpers/backends.js';
import { ClientMetadataHost } from '../../helpers/client-metadata-host.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../../helpers/postgres.js';
import { authorizeUrl, createTestUser, pkcePair, runAuthorization, startTestServer, type TestServer } from '../../helpers/server.js';

const redirectUri = 'http://127.0.0.1:43117/callback';
const { challenge } = pkcePair();
let host: ClientMetadataHost;

beforeAll(async () => {
  host = await ClientMetadataHost.start();
});
afterAll(() => host?.close());

describe.each(backends)('an approved client metadata document on %s', (backend) => {
  const schema = backend === 'postgres' ? uniqueSchema('approved_copy') : undefined;
  const servers: TestServer[] = [];

  /** An instance of the server; with `over`, one more on the same database (PostgreSQL) or file (SQLite). */
  async function instance(over?: TestServer): Promise<TestServer> {
    const db = schema ? postgresUrl(schema) : over?.dbPath;
    const started = await startTestServer(
      // Rate windows in memory: two instances may share the SQLite file too.
      { allowPrivateClientMetadata: true, rateStore: ':memory:', ...(db && { db }) },
      { clientMetadataFetch: { ca: host.certificates.ca, timeoutMs: 500 } },
    );
    servers.push(started);
    return started;
  }
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close();
    if (schema) await dropSchemas([schema]);
  });

  it('is stored at approval, and stands in on another instance while its host answers 403', async () => {
    const path = `/approved-${backend}.json`;
    const clientId = host.document(path, { client_name: 'Approved App', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' });
    const first = await instance();
    await createTestUser(first);
    const { params } = await runAuthorization(first, { client: { client_id: clientId, client_name: '', redirect_uris: [redirectUri] }, challenge, redirectUri });
    expect(params.get('code')).toBeTruthy();
    expect(host.fetchesOf(path)).toBe(1);
    expect(await first.store.findClientMetadataCopy(clientId)).toMatchObject({ client: { id: clientId, name: 'Approved App' } });

    host.route(path, (_req, res) => void res.writeHead(403).end());
    const second = await instance(first);
    // Past the copy's freshness (five minutes by default): the host is asked, refuses, and the copy stands in.
    second.clock.advance(6 * 60_000);
    const page = await fetch(authorizeUrl(second, { client: { client_id: clientId, client_name: '', redirect_uris: [redirectUri] }, challenge, redirectUri }));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Approved App');
    expect(host.fetchesOf(path)).toBe(2);
  });
});
