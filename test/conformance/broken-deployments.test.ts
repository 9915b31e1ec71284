/**
 * The four misconfigured deployments QA met in issue 34, each built for real around our server:
 * each must end as one root cause (or a setup error) with its dependants blocked, not as a
 * cascade of failures that point nowhere.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConformanceExitError } from '../../conformance/errors.js';
import type { Report } from '../../conformance/report.js';
import { runConformance } from '../../conformance/run.js';
import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import { systemClock } from '../../src/platform/clock.js';
import { cliWith } from '../helpers/cli.js';
import { makeTestCertificates } from '../helpers/client-metadata-host.js';
import { startHttpsProxy } from '../helpers/https-proxy.js';
import { reportSchemaErrors, sarifSchemaErrors } from '../helpers/report-schemas.js';
import { startRewriting429Proxy } from '../helpers/rewriting-proxy.js';
import { freePorts } from '../scale-out/processes.js';
import { demoSignIn, foreignToken, shortWindows, startOurServer } from './our-server.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function ourServer(overrides: Parameters<typeof startOurServer>[0] = {}) {
  const ours = await startOurServer(overrides);
  cleanups.push(() => ours.close());
  return ours;
}

/** One failure, and every other check either judged or blocked by it. */
function expectOneRootCause(report: Report, rootId: string, reason: RegExp): void {
  const failed = report.results.filter((result) => result.status === 'fail');
  expect(failed.map((result) => result.id)).toEqual([rootId]);
  expect(failed[0]?.message).toMatch(reason);
  const blocked = report.results.filter((result) => result.status === 'blocked');
  expect(blocked.length).toBeGreaterThan(0);
  for (const result of blocked) {
    expect(result.blockedBy).toBe(rootId);
    expect(result.message).toMatch(new RegExp(`^blocked by ${rootId}: it needs `));
  }
  expect(report.counts.blocked).toBe(blocked.length);
}

describe('the runner against a misconfigured deployment', () => {
  it('an expired --foreign-token is a setup error (exit 2) naming the flag and how to mint a fresh one', async () => {
    const { server } = await ourServer();
    const alice = (await server.store.findUserByEmail(demoSignIn.user))!;
    const { token } = await issueServiceToken(server.store, systemClock, { userId: alice.id, scope: 'reporting', ttlMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const error = await runConformance({ url: server.baseUrl, signIn: demoSignIn, foreignToken: token, only: ['mcp'] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConformanceExitError);
    expect((error as ConformanceExitError).exitCode).toBe(2);
    expect((error as Error).message).toMatch(/^--foreign-token is not a valid token of this deployment: POST \S+ answered it HTTP 401/);
    expect((error as Error).message).toContain('--foreign-token "$(survey-mcp token issue --user EMAIL --scope reporting --ttl 7200)"');
  });

  it('a disabled QA account is a setup error saying so, not "check --user and --password"', async () => {
    const { server } = await ourServer();
    const alice = (await server.store.findUserByEmail(demoSignIn.user))!;
    await server.store.setUserDisabled(alice.id, true);
    const error = await runConformance({ url: server.baseUrl, signIn: demoSignIn, only: ['authorization-code-flow'] }).catch((caught: unknown) => caught);
    expect((error as ConformanceExitError).exitCode).toBe(2);
    expect((error as Error).message).toMatch(/answered HTTP 403\): the account is disabled: enable it \(survey-mcp users enable alice@example\.com\)/);
  });

  it('a rate limit below the one the runner was told: one failure asking whether --mcp-rate-limit is right, the other rate-limit checks blocked', async () => {
    const { server } = await ourServer();
    // The server counts 20 per 3 s (shortWindows); the runner is told the specification's 180 per 60 s.
    const report = await runConformance({ url: server.baseUrl, signIn: demoSignIn, only: ['rate-limits'] });
    expectOneRootCause(report, 'mcp-rate-limit-enforced', /HTTP 429 after \d+ requests in 60 s, fewer than the budget the runner was told \(180 per 60 s\): is --mcp-rate-limit right\?/);
    // The in-flight check runs before any budget is spent and judges the in-flight bound, which a
    // wrong --mcp-rate-limit leaves alone: it is not blocked.
    const judged = report.results.filter((result) => result.id !== 'in-flight-limit-429');
    expect(report.counts.blocked).toBe(judged.length - 1);
  });

  it('a proxy that turns 429 into a 503 page: one failure naming the rewrite in a whole run, its dependants blocked', async () => {
    const [port] = (await freePorts(1)) as [number];
    const proxy = await startRewriting429Proxy(port);
    cleanups.push(() => proxy.close());
    const { server, documents } = await ourServer({ port, baseUrl: proxy.url });
    const report = await runConformance({
      url: proxy.url,
      signIn: demoSignIn,
      foreignToken: await foreignToken(server.store),
      ...documents,
      ...shortWindows.runner,
    });
    const root = report.results.find((result) => result.status === 'fail');
    expect(root).toBeDefined();
    expectOneRootCause(report, root!.id, /^POST \S+ answered HTTP 503 with an HTML page after \d+ requests in 3 s, where the deployment answers JSON: a proxy in front of it is likely rewriting its 429/);
    // Registration's own limit is behind the same proxy: its 503 is the same cause, not a second one.
    expect(report.results.find((result) => result.id === 'registration-rate-limit')?.status).toBe('blocked');
  }, 90_000);

  it('a deployment publishing its internal addresses behind https: the root cause once, the rest blocked, exit 1, every error naming its URL', async () => {
    const certificates = makeTestCertificates();
    const [mcpPublic, authPublic, port, authPort] = (await freePorts(4)) as [number, number, number, number];
    const mcpProxy = await startHttpsProxy(mcpPublic, port, certificates);
    const authProxy = await startHttpsProxy(authPublic, authPort, certificates);
    cleanups.push(() => Promise.all([mcpProxy.close(), authProxy.close()]));
    // Forgot --base-url and --auth-url: the metadata names http://127.0.0.1:<port>.
    const { server } = await ourServer({ port, authPort });
    const dir = await mkdtemp(join(tmpdir(), 'survey-mcp-internal-addresses-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, 'ca.pem'), certificates.ca);
    const github = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'summary.md'), GITHUB_WORKFLOW_REF: 'octo/app/.github/workflows/qa.yml@refs/heads/main' };
    const run = await cliWith(
      { env: { SURVEY_MCP_USER: undefined, SURVEY_MCP_PASSWORD: undefined, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem'), ...github }, timeoutMs: 60_000 },
      'conformance', '--url', mcpProxy.url,
      '--user', demoSignIn.user, '--password', demoSignIn.password,
      '--foreign-token', await foreignToken(server.store),
      '--json', join(dir, 'report.json'), '--sarif', join(dir, 'report.sarif'),
    );
    const json = await readFile(join(dir, 'report.json'), 'utf8');
    const report = JSON.parse(json) as Report;
    expect(run.code).toBe(1);
    // Every format a team's CI reads, valid, and naming the root cause.
    expect(reportSchemaErrors(json)).toEqual([]);
    const sarif = await readFile(join(dir, 'report.sarif'), 'utf8');
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(JSON.parse(sarif).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('.github/workflows/qa.yml');
    expect(run.stdout).toMatch(new RegExp(`^::error title=${report.results.find((result) => result.status === 'fail')!.id}::`, 'm'));
    expect(await readFile(github.GITHUB_STEP_SUMMARY, 'utf8')).toMatch(/^### survey-mcp conformance: https:\/\/127\.0\.0\.1:\d+\n/);
    const [root] = report.results.filter((result) => result.status === 'fail');
    expectOneRootCause(report, root!.id, /127\.0\.0\.1/);
    expect(report.counts.blocked).toBeGreaterThan(report.results.length / 2);
    expect(run.stderr).toMatch(/^survey-mcp: 1 of \d+ conformance checks failed \(\d+ more blocked by them\)/m);
    expect(run.stdout).toContain(`causes (1; fix these first):\n  FAIL  ${root!.id}: `);
    // Run alone, a check that needs the internal address meets it: the error names the URL refused.
    const alone = await cliWith(
      { env: { SURVEY_MCP_USER: undefined, SURVEY_MCP_PASSWORD: undefined, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') } },
      'conformance', '--url', mcpProxy.url, '--user', demoSignIn.user, '--password', demoSignIn.password, '--only', 'authorization-code-flow',
    );
    expect(alone.stdout).toMatch(new RegExp(`only requests to HTTPS are allowed \\(the request to http://127\\.0\\.0\\.1:${authPort}/oauth/authorize\\)`));
  }, 90_000);
});
