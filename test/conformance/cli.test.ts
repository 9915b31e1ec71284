import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { REQUIREMENTS } from '../../conformance/requirements/manifest.js';
import { isProven } from '../../conformance/requirements/requirement.js';
import { addConformanceOptions, type ConformanceFlags } from '../../conformance/cli.js';
import { conformanceCommand, type ConformanceIo } from '../../conformance/command.js';
import { withFakeDeployment } from './harness.js';

function captureIo(env: NodeJS.ProcessEnv = {}): ConformanceIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { isTTY: false, write: (text: string) => (out += text) },
    stderr: { isTTY: false, write: (text: string) => (err += text) },
    env,
    out: () => out,
    err: () => err,
  };
}

async function exitOf(flags: ConformanceFlags, io = captureIo()): Promise<{ exitCode?: number; message: string }> {
  try {
    await conformanceCommand(flags, io);
    return { message: '' };
  } catch (error) {
    return error as { exitCode?: number; message: string };
  }
}

describe('survey-mcp conformance', () => {
  test('--list prints every check with its level and spec section, without a deployment', async () => {
    const io = captureIo();
    await conformanceCommand({ list: true }, io);
    for (const check of CATALOG) expect(io.out()).toMatch(new RegExp(`  ${check.id} +${check.level} +\\S`));
  });

  test('--list --requirements prints each requirement with the checks that prove it, or why it cannot be seen', async () => {
    const io = captureIo();
    await conformanceCommand({ list: true, requirements: true }, io);
    const proven = REQUIREMENTS.filter(isProven);
    expect(io.out()).toContain('contract-5.4-missing-token  MUST  § 5.4\n');
    expect(io.out()).toContain('proven by: missing-token-401, unauthenticated-get-401\n');
    expect(io.out()).toContain('not observable: a rule for clients, not for the deployment\n');
    expect(io.out()).toMatch(
      new RegExp(`${REQUIREMENTS.length} requirements: ${proven.length} proven by ${CATALOG.length} checks, ${REQUIREMENTS.length - proven.length} not observable from outside\n$`),
    );
  });

  test('the flags parse from the command line with their defaults', () => {
    const command = addConformanceOptions(new Command('conformance')).exitOverride();
    command.parse(['--url', 'http://127.0.0.1:8787', '--only', 'discovery,mcp', '--include-register-limit'], { from: 'user' });
    expect(command.opts()).toEqual({
      url: 'http://127.0.0.1:8787',
      only: 'discovery,mcp',
      includeRegisterLimit: true,
      mcpRateLimit: '180/60',
      registerRateLimit: '20/60',
      timeout: '10000',
      refreshGrace: '60',
    });
  });

  test.each([
    [{}, "--url is required: the deployment's MCP host, e.g. http://127.0.0.1:8787"],
    [{ url: 'ftp://x' }, '--url must be an http(s) address, got "ftp://x"'],
    [{ url: 'http://x', mcpRateLimit: 'fast' }, '--mcp-rate-limit must be N/S with positive whole numbers, e.g. 180/60'],
    [{ url: 'http://x', timeout: '-5' }, '--timeout must be a positive whole number of milliseconds'],
    [{ url: 'http://x', refreshGrace: 'a minute' }, '--refresh-grace must be a whole number of seconds, e.g. 60'],
    [{ url: 'http://x', browser: true, user: 'a@b.c' }, '--browser signs in interactively: leave out --user and --password'],
    [{ url: 'http://x', user: 'a@b.c' }, '--user a@b.c needs --password (or SURVEY_MCP_PASSWORD)'],
    [{ url: 'http://x', only: 'dicsovery' }, 'unknown check or group "dicsovery" in --only; --list shows them'],
    [{ url: 'http://x', clientMetadataUrl: 'http://qa.example/c.json' }, '--client-metadata-url must be an https URL with a path, e.g. https://qa.example/client.json'],
    [{ url: 'http://x', requirements: true }, '--requirements goes with --list: survey-mcp conformance --list --requirements'],
  ] satisfies [ConformanceFlags, string][])('bad usage %j exits 2 saying what to fix', async (flags, message) => {
    expect(await exitOf(flags)).toMatchObject({ exitCode: 2, message });
  });

  test('a passing run prints the report and writes JSON, JUnit and HTML, with credentials from the environment', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'conformance-'));
    await withFakeDeployment({}, async (fake) => {
      const io = captureIo({ SURVEY_MCP_USER: fake.user.email, SURVEY_MCP_PASSWORD: fake.user.password });
      await conformanceCommand(
        {
          url: `${fake.url}/`,
          only: 'discovery,authorization-code-flow,client-metadata-document-flow',
          clientMetadataUrl: fake.clientMetadataUrl,
          json: join(directory, 'reports/conformance.json'),
          junit: join(directory, 'reports/conformance.xml'),
          html: join(directory, 'reports/conformance.html'),
        },
        io,
      );
      expect(io.out()).toContain('  PASS  authorization-code-flow');
      expect(io.out()).toContain('  PASS  client-metadata-document-flow');
      expect(io.out()).not.toMatch(/\x1b\[/);
    });
    const json = JSON.parse(await readFile(join(directory, 'reports/conformance.json'), 'utf8')) as { counts: unknown };
    const selected = CATALOG.filter((check) => check.group === 'discovery').length + 2;
    expect(json.counts).toEqual({ pass: selected, fail: 0, warn: 0, skip: 0 });
    expect(await readFile(join(directory, 'reports/conformance.xml'), 'utf8')).toContain(`tests="${selected}" failures="0"`);
    expect(await readFile(join(directory, 'reports/conformance.html'), 'utf8')).toContain('<p class="verdict pass">every MUST passed</p>');
  });

  test('a failing check makes the command exit 1, after printing the report', async () => {
    await withFakeDeployment({ faults: { omitWwwAuthenticate: true } }, async (fake) => {
      const io = captureIo();
      const exit = await exitOf({ url: fake.url, only: 'missing-token-401,invalid-token-401' }, io);
      expect(exit).toMatchObject({ exitCode: 1, message: '2 of 2 conformance checks failed' });
      expect(io.out()).toContain('  FAIL  missing-token-401');
    });
  });

  test('a failing SHOULD check is a warning and the command still succeeds', async () => {
    await withFakeDeployment({ faults: { noCors: true } }, async (fake) => {
      const io = captureIo();
      await conformanceCommand({ url: fake.url, only: 'discovery-cors' }, io);
      expect(io.out()).toContain('  WARN  discovery-cors');
    });
  });
});
