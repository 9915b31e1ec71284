/**
 * The deployment the README describes under "Deploying several instances": PostgreSQL and Redis,
 * behind a TLS-terminating reverse proxy, with --base-url/--auth-url https://… and --trust-proxy,
 * and client metadata documents on a host of their own. The runner is the built CLI in a process
 * of its own, trusting the test CA through NODE_EXTRA_CA_CERTS as the README tells QA to.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allResults, type Report } from '../../conformance/report.js';
import { systemClock } from '../../src/platform/clock.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { cliWith } from '../helpers/cli.js';
import { makeTestCertificates } from '../helpers/client-metadata-host.js';
import { startHttpsProxy, type HttpsProxy } from '../helpers/https-proxy.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { reportSchemaErrors, sarifSchemaErrors } from '../helpers/report-schemas.js';
import { redisDatabase, testRedisUrl } from '../helpers/redis.js';
import { testServerConfig } from '../helpers/server.js';
import { freePorts } from '../scale-out/processes.js';
import { contractWarning, demoSignIn, expectFullRun, foreignToken, hostConformanceDocuments, shortWindowFlags, shortWindows, ssoOnlyAccount } from './our-server.js';

// The demo's fixed ids and the one client address (127.0.0.1) would share rate windows with any
// other test on the same Redis: this run counts in a database of its own, emptied first.
const rateStore = redisDatabase(testRedisUrl, 13);
const schema = uniqueSchema('conformance');
const certificates = makeTestCertificates();
let dir: string;
let cimd: Awaited<ReturnType<typeof hostConformanceDocuments>>;
let mcpProxy: HttpsProxy;
let authProxy: HttpsProxy;
let server: RunningServer;

beforeAll(async () => {
  const redis = new Redis(rateStore);
  await redis.flushdb();
  redis.disconnect();
  dir = await mkdtemp(join(tmpdir(), 'survey-mcp-conformance-https-'));
  cimd = await hostConformanceDocuments(certificates);
  const [mcpPublic, authPublic, port, authPort] = (await freePorts(4)) as [number, number, number, number];
  mcpProxy = await startHttpsProxy(mcpPublic, port, certificates);
  authProxy = await startHttpsProxy(authPublic, authPort, certificates);
  const config = testServerConfig(postgresUrl(schema), {
    ...shortWindows.server,
    ...cimd.server,
    port,
    authPort,
    rateStore,
    baseUrl: mcpProxy.url,
    authUrl: authProxy.url,
    trustProxy: true,
  });
  server = await startServer(config, { clock: systemClock, clientMetadataFetch: { ca: certificates.ca } });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([mcpProxy?.close(), authProxy?.close(), cimd?.documents.close()]);
  await dropSchemas([schema]);
  await rm(dir, { recursive: true, force: true });
});

describe('survey-mcp conformance against PostgreSQL and Redis behind an https proxy', () => {
  it('passes every check over https, with the one warning the contract’s 404 earns', async () => {
    const caFile = join(dir, 'ca.pem');
    await writeFile(caFile, certificates.ca);
    const reportFile = join(dir, 'report.json');
    // Killed after 120 s (the sign-in budget check spends ~11 s of it), so that the test fails with the run's output.
    const run = await cliWith(
      { env: { SURVEY_MCP_USER: undefined, SURVEY_MCP_PASSWORD: undefined, NODE_EXTRA_CA_CERTS: caFile }, timeoutMs: 170_000 },
      'conformance',
      '--url', mcpProxy.url,
      '--user', demoSignIn.user,
      '--password', demoSignIn.password,
      '--foreign-token', await foreignToken(server.store),
      ...shortWindowFlags,
      '--client-metadata-url', cimd.runner.clientMetadataUrl,
      '--bad-client-metadata-url', cimd.runner.badClientMetadataUrl,
      '--connected-apps-url', `${authProxy.url}/account/apps`,
      '--sso-only-email', await ssoOnlyAccount(server.store),
      '--json', reportFile,
      '--sarif', join(dir, 'report.sarif'),
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const json = await readFile(reportFile, 'utf8');
    expect(reportSchemaErrors(json)).toEqual([]);
    const sarif = await readFile(join(dir, 'report.sarif'), 'utf8');
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    const report = JSON.parse(json) as Report;
    // Passing, the SARIF has a rule per check and invariant.
    expect(JSON.parse(sarif).runs[0].tool.driver.rules).toHaveLength(allResults(report).length);

    // Every request went to the public https addresses the server named in its metadata.
    const origins = new Set(report.results.flatMap((result) => result.evidence.map((evidence) => new URL(evidence.request.split(' ')[1]!).origin)));
    expect([...origins].sort()).toEqual([mcpProxy.url, authProxy.url].sort());
    expectFullRun(report, [contractWarning]);
  }, 200_000);
});
