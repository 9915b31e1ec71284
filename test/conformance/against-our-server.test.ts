import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run.js';
import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import { systemClock } from '../../src/platform/clock.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { ClientMetadataHost } from '../helpers/client-metadata-host.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A real clock: the runner waits out real token lifetimes and rate windows.
let server: RunningServer;
let dir: string;
// The client metadata documents QA would host: one the runner authorizes with, one it must see refused.
let documents: ClientMetadataHost;
beforeAll(async () => {
  documents = await ClientMetadataHost.start();
  const metadata = { client_name: 'survey-mcp conformance', redirect_uris: ['http://127.0.0.1:33418/callback'] };
  documents.document('/conformance.json', metadata);
  documents.route('/mismatched.json', (_req, res) => res.end(JSON.stringify({ ...metadata, client_id: documents.url('/other.json') })));
  dir = await mkdtemp(join(tmpdir(), 'survey-mcp-conformance-'));
  server = await startServer(
    {
      host: '127.0.0.1',
      port: 0,
      authPort: 0,
      baseUrl: undefined,
      authUrl: undefined,
      db: join(dir, 'survey.db'),
      rateStore: undefined,
      mcpRateLimit: { limit: 20, windowMs: 3_000 },
      registerRateLimit: { limit: 40, windowMs: 3_000 },
      signInRateLimit: { limit: 20, windowMs: 60_000 },
      allowedOrigins: [],
      trustProxy: false,
      seedDemo: true,
      accessTokenTtlMs: 2_000,
      allowPrivateClientMetadata: true,
    },
    { clock: systemClock, clientMetadataFetch: { ca: documents.certificates.ca } },
  );
});
afterAll(async () => {
  await server.close();
  await documents.close();
  await rm(dir, { recursive: true, force: true });
});

describe('survey-mcp conformance against a local survey-mcp serve', () => {
  it('passes every check, the opt-in registration limit and token expiry included', async () => {
    const alice = (await server.store.findUserByEmail('alice@example.com'))!;
    const foreign = await issueServiceToken(server.store, systemClock, { userId: alice.id, scope: 'reporting', ttlMs: 600_000 });
    const report = await runConformance({
      url: server.baseUrl,
      signIn: { kind: 'password', user: 'alice@example.com', password: 'survey-demo' },
      foreignToken: foreign.token,
      mcpRateLimit: { limit: 20, windowSeconds: 3 },
      registerRateLimit: { limit: 40, windowSeconds: 3 },
      includeRegisterLimit: true,
      clientMetadataUrl: documents.url('/conformance.json'),
      badClientMetadataUrl: documents.url('/mismatched.json'),
    });
    const notPassed = report.results.filter((result) => result.status !== 'pass');
    expect(notPassed.map((result) => `${result.id}: ${result.status} ${result.message ?? ''}`)).toEqual([]);
    expect(report.results.length).toBeGreaterThanOrEqual(60);
  }, 120_000);
});
