import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBearerProxy, type BearerProxy } from '../helpers/bearer-proxy.js';
import { tokenFor } from '../helpers/mcp.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The official suite (@modelcontextprotocol/conformance) needs Node 22, as the package does: it runs
// on the Node that runs the tests.
const require = createRequire(import.meta.url);
const suite = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
const run = promisify(execFile);

/** 2026-07-28 scenarios that apply to a tools-only server. */
const modernScenarios = ['server-stateless', 'tools-list', 'tools-call-error', 'caching', 'http-header-validation', 'dns-rebinding-protection'];
/** 2025-11-25 scenarios that apply to it. */
const legacyScenarios = ['server-initialize', 'ping', 'tools-list', 'tools-call-error', 'dns-rebinding-protection'];

/**
 * Checks of those scenarios that cannot pass here, and why (README, "The official suite").
 * Allowed to fail, not required to: a server that grows the feature passes them.
 */
const notApplicable: Record<string, string> = {
  'sep-2575-server-rejects-undeclared-capability': "calls the fixture server's tool test_missing_capability; our tools need no client capability",
  'sep-2575-missing-capability-http-400': 'the same fixture tool, to see the status of -32021',
  'sep-2549-prompts-list-caching-hints': 'we offer no prompts: prompts/list is 404 + -32601, as the revision requires for a method not offered',
  'sep-2549-resources-list-caching-hints': 'resources/list, while the server offers no resources',
  'sep-2549-resources-templates-list-caching-hints': 'we offer no resource templates: resources/templates/list is 404 + -32601',
};

interface Check {
  readonly id: string;
  readonly status: string;
  readonly errorMessage?: string;
}

let server: TestServer;
let proxy: BearerProxy;
let output: string;

beforeAll(async () => {
  // The suite sends a few hundred requests with one person's token: above the 180 a minute.
  server = await startTestServer({ seedDemo: true, mcpRateLimit: { limit: 10_000, windowMs: 60_000 } });
  proxy = await startBearerProxy(server.baseUrl, await tokenFor(server, 'alice@example.com'));
  output = await mkdtemp(join(tmpdir(), 'survey-mcp-official-'));
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  await rm(output, { recursive: true, force: true });
});

/** Runs the suite (it exits non-zero when any scenario fails) and reads each scenario's checks. */
async function runSuite(args: readonly string[], into: string): Promise<Map<string, Check[]>> {
  const dir = join(output, into);
  await run(process.execPath, [suite, 'server', '--url', proxy.url, '-o', dir, ...args], { timeout: 120_000 }).catch(() => undefined);
  const checks = new Map<string, Check[]>();
  for (const entry of await readdir(dir)) {
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT/.exec(entry)?.[1];
    if (scenario) checks.set(scenario, JSON.parse(await readFile(join(dir, entry, 'checks.json'), 'utf8')) as Check[]);
  }
  return checks;
}

function failuresOf(checks: readonly Check[] | undefined): string[] {
  expect(checks, 'the scenario ran').toBeDefined();
  return checks!.filter((check) => check.status === 'FAILURE' && !(check.id in notApplicable)).map((check) => `${check.id}: ${check.errorMessage}`);
}

describe('the official MCP conformance suite against our server, behind a proxy that adds a bearer token', () => {
  it('passes every applicable check of the 2026-07-28 requirement set', { timeout: 180_000 }, async () => {
    const checks = await runSuite(['--requirements', '2026-07-28'], 'modern');
    for (const scenario of modernScenarios) expect(failuresOf(checks.get(scenario)), scenario).toEqual([]);
  });

  it('passes every check of the applicable 2025-11-25 scenarios', { timeout: 180_000 }, async () => {
    for (const scenario of legacyScenarios) {
      const checks = await runSuite(['--scenario', scenario, '--spec-version', '2025-11-25'], `legacy-${scenario}`);
      expect(failuresOf(checks.get(scenario)), scenario).toEqual([]);
    }
  });
});
