import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBearerProxy, type BearerProxy } from '../helpers/bearer-proxy.js';
import { tokenFor } from '../helpers/mcp.js';
import { startMrtrFixtureProxy } from '../helpers/mrtr-fixture-proxy.js';
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
 * The MRTR scenarios (SEP-2322), run through a proxy that maps each call of their fixture tools
 * onto our delete_question of a scratch question (helpers/mrtr-fixture-proxy.ts).
 */
const mrtrScenarios = [
  'basic-elicitation', 'basic-sampling', 'basic-list-roots', 'request-state', 'multiple-input-requests', 'multi-round',
  'missing-input-response', 'non-tool-request', 'result-type', 'unsupported-methods', 'tampered-state', 'capability-check',
  'ignore-extra-params', 'validate-input',
].map((name) => `input-required-result-${name}`);

/** Why a confirmation cannot be what these MRTR checks expect of their fixture tools. */
const confirmationAsksOneYes = 'a confirmation asks the person one yes or no (elicitation/create), never';
const confirmationNeedsItsState = 'a confirmation applies only with its sealed requestState (it binds the call, the person and a deadline); the scenario answers without one, so we ask again';

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
  'sep-2322-sampling-incomplete': `${confirmationAsksOneYes} a sampling/createMessage request`,
  'sep-2322-sampling-complete': `${confirmationAsksOneYes} a sampling/createMessage request`,
  'sep-2322-list-roots-incomplete': `${confirmationAsksOneYes} a roots/list request`,
  'sep-2322-list-roots-complete': `${confirmationAsksOneYes} a roots/list request`,
  'sep-2322-multiple-inputs-incomplete': `${confirmationAsksOneYes} three requests of three kinds`,
  'sep-2322-multiple-inputs-complete': `${confirmationAsksOneYes} three requests of three kinds`,
  'sep-2322-multi-round-r2': 'a confirmation is one round: the yes applies the change (a complete result), with no second question',
  'sep-2322-multi-round-r3': 'the third round of that second question',
  'sep-2322-non-tool-incomplete': 'we offer no prompts: prompts/get is 404 + -32601, and only tools ask for confirmation',
  'sep-2322-non-tool-complete': 'the retry of that prompts/get',
  'sep-2322-respect-client-capabilities':
    'a client without elicitation gets no input request at all but the confirmation-token tool error (a complete result), where the check wants sampling-only requests',
  'sep-2322-ignore-unexpected-params': confirmationNeedsItsState,
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
async function runSuite(args: readonly string[], into: string, url = proxy.url): Promise<Map<string, Check[]>> {
  const dir = join(output, into);
  await run(process.execPath, [suite, 'server', '--url', url, '-o', dir, ...args], { timeout: 120_000 }).catch(() => undefined);
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

  it('passes every applicable check of the MRTR scenarios, their fixture tools mapped onto delete_question of a scratch question', { timeout: 180_000 }, async () => {
    const mapping = await startMrtrFixtureProxy(server.baseUrl, await tokenFor(server, 'alice@example.com'));
    const statuses = new Map<string, string>();
    try {
      for (const scenario of mrtrScenarios) {
        const checks = await runSuite(['--scenario', scenario, '--spec-version', '2026-07-28'], `mrtr-${scenario}`, mapping.url);
        expect(failuresOf(checks.get(scenario)), scenario).toEqual([]);
        for (const check of checks.get(scenario)!) statuses.set(check.id, check.status);
      }
      // Warnings do not fail a scenario: these checks must pass outright.
      const passed = [...statuses].filter(([id, status]) => id.startsWith('sep-2322-') && status === 'SUCCESS').map(([id]) => id);
      expect(passed.sort()).toEqual(
        [
          'sep-2322-elicitation-incomplete', 'sep-2322-elicitation-complete', 'sep-2322-request-state-incomplete', 'sep-2322-request-state-complete',
          'sep-2322-multi-round-r1', 'sep-2322-missing-response-rerequests', 'sep-2322-result-type-included', 'sep-2322-not-on-unsupported-requests',
          'sep-2322-reject-tampered-state', 'sep-2322-validate-input-responses', 'sep-2322-error-on-protocol-error',
        ].sort(),
      );
    } finally {
      await mapping.close();
    }
  });

  it('passes every check of the applicable 2025-11-25 scenarios', { timeout: 180_000 }, async () => {
    for (const scenario of legacyScenarios) {
      const checks = await runSuite(['--scenario', scenario, '--spec-version', '2025-11-25'], `legacy-${scenario}`);
      expect(failuresOf(checks.get(scenario)), scenario).toEqual([]);
    }
  });
});
