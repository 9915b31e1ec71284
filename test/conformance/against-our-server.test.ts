import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run.js';
import { serverConfig } from '../../src/config.js';
import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import { systemClock } from '../../src/platform/clock.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A real clock: the runner waits out real token lifetimes and rate windows.
let server: RunningServer;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'survey-mcp-conformance-'));
  server = await startServer(
    serverConfig(
      {
        port: 0,
        authPort: 0,
        db: join(dir, 'survey.db'),
        mcpRateLimit: { limit: 20, windowMs: 3_000 },
        registerRateLimit: { limit: 40, windowMs: 3_000 },
        accessTokenTtlMs: 2_000,
      },
      {},
    ),
    { clock: systemClock },
  );
});
afterAll(async () => {
  await server.close();
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
    });
    const notPassed = report.results.filter((result) => result.status !== 'pass');
    expect(notPassed.map((result) => `${result.id}: ${result.status} ${result.message ?? ''}`)).toEqual([]);
    expect(report.results.length).toBeGreaterThanOrEqual(60);
  }, 120_000);
});
