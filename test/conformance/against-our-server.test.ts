import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetupFailed } from '../../conformance/errors.js';
import { runConformance } from '../../conformance/run.js';
import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import { systemClock } from '../../src/platform/clock.js';
import type { ServerConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { testServerConfig } from '../helpers/server.js';
import { ClientMetadataHost } from '../helpers/client-metadata-host.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A real clock: the runner waits out real token lifetimes and rate windows.
let config: ServerConfig;
let server: RunningServer;
let dir: string;
// The client metadata documents QA would host: one the runner authorizes with, one it must see refused.
let documents: ClientMetadataHost;
beforeAll(async () => {
  documents = await ClientMetadataHost.start();
  const metadata = { client_name: 'survey-mcp conformance', redirect_uris: ['http://127.0.0.1:33418/callback'] };
  documents.document('/conformance.json', metadata);
  // Served as JSON, so that it is refused for its client_id and nothing else.
  documents.document('/mismatched.json', { ...metadata, client_id: documents.url('/other.json') });
  dir = await mkdtemp(join(tmpdir(), 'survey-mcp-conformance-'));
  config = testServerConfig(join(dir, 'survey.db'), {
    mcpRateLimit: { limit: 20, windowMs: 3_000 },
    registerRateLimit: { limit: 40, windowMs: 3_000 },
    signInRateLimit: { limit: 20, windowMs: 60_000 },
    seedDemo: true,
    accessTokenTtlMs: 2_000,
    // A short refresh grace, told to the runner below, so its replay checks wait out little.
    refreshGraceMs: 2_000,
    allowPrivateClientMetadata: true,
  });
  server = await startServer(config, { clock: systemClock, clientMetadataFetch: { ca: documents.certificates.ca } });
});
afterAll(async () => {
  await server.close();
  await documents.close();
  await rm(dir, { recursive: true, force: true });
});

describe('survey-mcp conformance against a local survey-mcp serve', () => {
  it('passes every check, the opt-in registration limit and token expiry included, with the one warning the contract’s 404 earns', async () => {
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
      refreshGraceSeconds: 2,
    });
    // The two rules for servers of the 2026-07-28 era alone skip on a dual-era server, saying so.
    const modernOnly = report.results.filter((result) => ['modern-initialize-names-versions', 'modern-legacy-stream-405'].includes(result.id));
    expect(modernOnly.map((result) => [result.status, result.message])).toEqual(modernOnly.map(() => ['skip', expect.stringMatching(/^the deployment speaks 2025-11-25 too/)]));
    expect(report.eras).toBe('2025-11-25 and 2026-07-28');
    // The results view, read as an MCP App in each era the server speaks.
    expect(report.results.find((result) => result.id === 'mcp-app-resource-read')?.message).toMatch(/survey-results\.html in 2025-11-25 .*survey-results\.html in 2026-07-28 /);
    const notPassed = report.results.filter((result) => result.status !== 'pass' && !modernOnly.includes(result));
    // The contract's 404 on GET / is what strict clients reject: the one warning it always gets.
    expect(notPassed.map((result) => `${result.id}: ${result.status} ${result.message ?? ''}`)).toEqual([
      expect.stringMatching(/^stream-get-strict-clients: warn GET \/ with the token answered HTTP 404/),
    ]);
    expect(notPassed[0]?.message).toContain('survey-mcp serve --stream-get-status 405');
    expect(report.results.length).toBeGreaterThanOrEqual(60);
  }, 120_000);

  it('a wrong password ends the run as a setup error naming the sign-in page’s 401, before any check', async () => {
    const error = await runConformance({
      url: server.baseUrl,
      signIn: { kind: 'password', user: 'alice@example.com', password: 'not-the-password' },
      only: ['discovery', 'authorization-code-flow'],
    }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(SetupFailed);
    expect((error as Error).message).toBe(
      `the deployment refused the sign-in of alice@example.com (${server.authUrl}/sign-in answered HTTP 401): check --user and --password`,
    );
  });

  it('reports the trade-off of --stream-get-status 405: strict clients served, the contract’s 404 failed', async () => {
    // The demo of the first server, with rate windows of its own: one process keeps a SQLite file's windows.
    const strict = await startServer({ ...config, seedDemo: false, streamGetStatus: 405, rateStore: ':memory:' }, { clock: systemClock });
    try {
      const report = await runConformance({
        url: strict.baseUrl,
        signIn: { kind: 'password', user: 'alice@example.com', password: 'survey-demo' },
        only: ['stream-request-404', 'stream-get-strict-clients'],
      });
      expect(report.results.map((result) => [result.id, result.status])).toEqual([
        ['stream-request-404', 'fail'],
        ['stream-get-strict-clients', 'pass'],
      ]);
    } finally {
      await strict.close();
    }
  });
});
