import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../conformance/catalog.js';
import { INVARIANTS } from '../../conformance/invariants/catalog.js';
import { REQUIREMENTS } from '../../conformance/requirements/manifest.js';
import { isProven, statusOf } from '../../conformance/requirements/requirement.js';
import { addConformanceOptions, type ConformanceFlags } from '../../conformance/cli.js';
import { conformanceCommand, type ConformanceIo } from '../../conformance/command.js';
import { cli } from '../helpers/cli.js';
import { reportSchemaErrors, sarifSchemaErrors } from '../helpers/report-schemas.js';
import { root } from '../helpers/build.js';
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
    // A case id has regular-expression characters of its own (`token.code.replayed@dcr-public+code`).
    const escaped = (id: string): string => id.replace(/[.+]/g, '\\$&');
    for (const check of CATALOG) expect(io.out()).toMatch(new RegExp(`  ${escaped(check.id)} +${check.level} +\\S`));
  });

  test('--list --requirements prints each requirement with the checks that prove it, or why it cannot be seen', async () => {
    const io = captureIo();
    await conformanceCommand({ list: true, requirements: true }, io);
    const proven = REQUIREMENTS.filter(isProven);
    const partial = REQUIREMENTS.filter((requirement) => statusOf(requirement) === 'partial');
    expect(io.out()).toContain('contract-5.4-missing-token  MUST  § 5.4\n');
    expect(io.out()).toContain('fn-host-expose-headers  SHOULD  § MCP host\n');
    expect(io.out()).toContain('    partial on 1 of 2 branches:\n      2025-11-25 era: proven by: mcp-cors-exposes-headers\n      2026-07-28 era: no check yet: ');
    expect(io.out()).toContain('contract-5.2-issuer  MUST  § 5.2\n    The issuer is {base_url}, the host the metadata is fetched from\n    proven by: issuer-matches-base-url, iss-returned\n');
    expect(io.out()).toContain('not observable: a rule for clients, not for the deployment\n');
    expect(io.out()).toContain(
      `${REQUIREMENTS.length} requirements: ${proven.length} proven on every branch and ${partial.length} partial, by ${CATALOG.length} checks and ${INVARIANTS.length} invariants; ${REQUIREMENTS.length - proven.length - partial.length} not observable from outside\n`,
    );
    // and ends with the counts per source, as the README shows them
    expect(io.out()).toMatch(/\| source \| requirements \| proven \| partial \| not observable \|\n[\s\S]*\| MCP 2026-07-28 \| \d+ \| \d+ \| \d+ \| \d+ \|\n$/);
  });

  test('--list --requirements --json writes the manifest with each requirement\'s status and branches', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'conformance-manifest-'));
    const path = join(directory, 'manifest.json');
    await conformanceCommand({ list: true, requirements: true, json: path }, captureIo());
    const manifest = JSON.parse(await readFile(path, 'utf8')) as {
      summary: { total: number; proven: number; partial: number; unobservable: number };
      requirements: { id: string; status: string; binds?: string[]; branches?: { name: string; checks: string[]; missing?: string }[] }[];
    };
    expect(manifest.summary.total).toBe(REQUIREMENTS.length);
    expect(manifest.summary.proven + manifest.summary.partial + manifest.summary.unobservable).toBe(REQUIREMENTS.length);
    const revokedBy = manifest.requirements.find((requirement) => requirement.id === 'rfc7009-2.1-client');
    expect(revokedBy?.status).toBe('proven');
    // Its token kinds and client kinds are derived from the axes it binds, not named branches.
    expect(revokedBy?.binds).toEqual(['client', 'token']);
    expect(revokedBy?.branches?.map((branch) => [branch.name, branch.checks])).toEqual([
      ['the rule', ['revoke-other-clients-token-ignored', 'revoke-other-clients-refresh-ignored']],
    ]);
    const noStore = manifest.requirements.find((requirement) => requirement.id === 'rfc6749-5.1-no-store');
    expect(noStore?.branches?.map((branch) => [branch.name, branch.checks])).toEqual([
      ['code grant', ['token-no-store']],
      ['refresh grant', ['refresh-no-store']],
    ]);
    const onlyFound = manifest.requirements.find((requirement) => requirement.id === 'cimd-4-200-only');
    expect(onlyFound?.status).toBe('partial');
    expect(onlyFound?.branches?.map((branch) => [branch.name, branch.checks])).toEqual([
      ['404', ['client-metadata-missing-document-refused']],
      ['other statuses (3xx redirect, 5xx)', []],
    ]);
    expect(onlyFound?.branches?.[1]?.missing).toMatch(/redirect or a server error/);
  });

  test('--list --requirements --json to a path that cannot be written is a usage error', async () => {
    await expect(conformanceCommand({ list: true, requirements: true, json: '/proc/nope/manifest.json' }, captureIo())).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^--json \/proc\/nope\/manifest.json cannot be written/),
    });
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
      mcpInFlight: '4',
      timeout: '10000',
      baselineMaxAge: '30',
    });
  });

  test.each([
    [{}, "--url is required: the deployment's MCP host, e.g. http://127.0.0.1:8787"],
    [{ url: 'ftp://x' }, '--url must be an http(s) address, got "ftp://x"'],
    [{ url: 'http://x', mcpRateLimit: 'fast' }, '--mcp-rate-limit must be N/S with positive whole numbers, e.g. 180/60'],
    [{ url: 'http://x', timeout: '-5' }, '--timeout must be a positive whole number of milliseconds'],
    [{ url: 'http://x', mcpInFlight: '0' }, '--mcp-in-flight must be a positive whole number of requests, e.g. 4'],
    [{ url: 'http://x', refreshGrace: 'a minute' }, '--refresh-grace must be a whole number of seconds, e.g. 60'],
    [{ url: 'http://x', browser: true, user: 'a@b.c' }, '--browser signs in interactively: leave out --user and --password'],
    [{ url: 'http://x', user: 'a@b.c' }, '--user a@b.c needs --password (or SURVEY_MCP_PASSWORD)'],
    [{ url: 'http://x', sso: true }, '--sso needs --user and --password: the test identity at the OpenID provider'],
    [{ url: 'http://x', sso: true, browser: true }, '--sso signs in headless at the provider: leave out --browser, or --sso to sign in yourself'],
    [{ url: 'http://x', only: 'dicsovery' }, 'unknown check, invariant or group "dicsovery" in --only; --list shows them'],
    [{ url: 'http://x', clientMetadataUrl: 'http://qa.example/c.json' }, '--client-metadata-url must be an https URL with a path, e.g. https://qa.example/client.json'],
    [{ url: 'http://x', requirements: true }, '--requirements goes with --list: survey-mcp conformance --list --requirements'],
    [{ url: 'http://x', baselineMaxAge: '0' }, '--baseline-max-age must be a positive whole number of days, e.g. 30'],
    [{ url: 'http://x', secondClientAddress: 'qa-runner-2.example' }, '--second-client-address "qa-runner-2.example" is not an IP address: give one of this machine\'s, e.g. 192.0.2.7 or 2001:db8:1::7 (no host name, no port)'],
    [{ url: 'http://x', secondClientAddress: '127.0.0.2:8080' }, '--second-client-address "127.0.0.2:8080" is not an IP address: give one of this machine\'s, e.g. 192.0.2.7 or 2001:db8:1::7 (no host name, no port)'],
    [{ url: 'http://x', ssoOnlyEmail: 'sam' }, '--sso-only-email must be an email address, e.g. sso-only@acme.example'],
    [{ url: 'http://x', signInAccountLimit: '100' }, '--sign-in-account-limit must be N/S with positive whole numbers, e.g. 180/60'],
    [{ url: 'http://127.0.0.1:1', baseline: '/nonexistent/base.json' }, '--baseline /nonexistent/base.json cannot be read (ENOENT): give a report an earlier run wrote with --json'],
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
          sarif: join(directory, 'reports/conformance.sarif'),
        },
        io,
      );
      expect(io.out()).toContain('  PASS  authorization-code-flow');
      expect(io.out()).toContain('  PASS  client-metadata-document-flow');
      expect(io.out()).not.toMatch(/\x1b\[/);
    });
    const text = await readFile(join(directory, 'reports/conformance.json'), 'utf8');
    expect(reportSchemaErrors(text)).toEqual([]);
    const json = JSON.parse(text) as { counts: unknown };
    const selected = CATALOG.filter((check) => check.group === 'discovery').length + 2;
    expect(json.counts).toEqual({ pass: selected, fail: 0, warn: 0, blocked: 0, skip: 0, 'not-verified': 0 });
    const sarif = await readFile(join(directory, 'reports/conformance.sarif'), 'utf8');
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(JSON.parse(sarif).runs[0].results).toEqual([]);
    expect(await readFile(join(directory, 'reports/conformance.xml'), 'utf8')).toContain(`tests="${selected + INVARIANTS.length}" failures="0"`);
    expect(await readFile(join(directory, 'reports/conformance.html'), 'utf8')).toContain('<p class="verdict pass">every MUST passed</p>');
  });

  test('a failing check makes the command exit 1, after printing the report', async () => {
    await withFakeDeployment({ faults: { omitWwwAuthenticate: true } }, async (fake) => {
      const io = captureIo();
      const exit = await exitOf({ url: fake.url, only: 'missing-token-401,invalid-token-401' }, io);
      expect(exit).toMatchObject({ exitCode: 1, message: `2 of 2 conformance checks failed; 1 of ${INVARIANTS.length} invariants failed` });
      expect(io.out()).toContain('  FAIL  missing-token-401');
      expect(io.out()).toContain('  FAIL  mcp-401-challenge');
    });
  });

  test('a failed invariant (MUST) makes the command exit 1 though every check passed', async () => {
    await withFakeDeployment({ faults: { errorPagesRefreshAway: true } }, async (fake) => {
      const io = captureIo();
      const exit = await exitOf({ url: fake.url, only: 'unknown-client-error-page' }, io);
      expect(exit).toMatchObject({ exitCode: 1, message: `1 of ${INVARIANTS.length} invariants failed` });
      expect(io.out()).toContain('  PASS  unknown-client-error-page');
      expect(io.out()).toContain('  FAIL  no-refresh-to-foreign-origin');
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

/** A tiny HTTP server on loopback for the length of `work`, answering with `listener`. */
async function withServer<T>(listener: RequestListener, work: (url: string) => Promise<T>): Promise<T> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await work(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** What `python3 -m http.server` answers for anything it does not have. */
const notFoundPage: RequestListener = (_req, res) => {
  res.writeHead(404, { 'content-type': 'text/html;charset=utf-8' });
  res.end('<!DOCTYPE HTML><html><body><h1>Error response</h1><p>Error code: 404</p></body></html>');
};

describe('setup errors end the run before any check, with exit 2 and one line', () => {
  test('a wrong password: no report, no "N of M checks failed", and the JSON and JUnit reports say setup error', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'conformance-setup-'));
    const json = join(directory, 'report.json');
    const junit = join(directory, 'report.xml');
    await withFakeDeployment({}, async (fake) => {
      const io = captureIo();
      const exit = await exitOf({ url: fake.url, user: fake.user.email, password: 'not-the-password', json, junit }, io);
      const message = 'the deployment refused the sign-in of alice@example.com (the sign-in form came back): check --user and --password';
      expect(exit).toMatchObject({ exitCode: 2, message, name: 'SetupFailed' });
      expect(io.out()).toBe('');
      expect(io.err()).toBe('');
      expect(JSON.parse(await readFile(json, 'utf8'))).toMatchObject({ setupError: message, results: [], counts: { pass: 0, fail: 0 } });
      const xml = await readFile(junit, 'utf8');
      expect(xml).toContain('<testsuite name="setup" tests="1" failures="0" errors="1"');
      expect(xml).toContain(`<error message="${message}" type="setup error">`);
    });
  });

  test('a URL that is not an MCP deployment (a static file server answering 404 in HTML) is named as such', async () => {
    await withServer(notFoundPage, async (url) => {
      const io = captureIo();
      const exit = await exitOf({ url, user: 'alice@example.com', password: 'survey-demo' }, io);
      expect(exit).toMatchObject({
        exitCode: 2,
        message: `${url} is not an MCP deployment: GET ${url}/.well-known/oauth-protected-resource answered HTTP 404 (text/html), not protected-resource metadata as JSON; --url takes the MCP host, {base_url}`,
      });
      expect(io.out()).toBe('');
    });
  });

  test('protected-resource metadata that is not JSON is not an MCP deployment either', async () => {
    await withServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hello'), async (url) => {
      expect(await exitOf({ url, only: 'discovery' })).toMatchObject({
        exitCode: 2,
        message: expect.stringContaining(`${url} is not an MCP deployment: GET ${url}/.well-known/oauth-protected-resource answered HTTP 200 (text/plain)`),
      });
    });
  });

  test('a port nobody listens on is unreachable', async () => {
    const url = await withServer(notFoundPage, async (address) => address);
    expect(await exitOf({ url, only: 'discovery' })).toMatchObject({ exitCode: 2, message: `cannot reach ${url}: ECONNREFUSED` });
  });

  test('an unwritable report path is found before the run, and the other reports record it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'conformance-setup-'));
    const blocker = join(directory, 'a-file');
    await writeFile(blocker, '');
    let requests = 0;
    await withServer(
      (req, res) => {
        requests += 1;
        notFoundPage(req, res);
      },
      async (url) => {
        const json = join(directory, 'report.json');
        const exit = await exitOf({ url, only: 'discovery', json, junit: join(blocker, 'x.xml') });
        const message = `--junit ${join(blocker, 'x.xml')} cannot be written: a part of the path is a file, not a directory (ENOTDIR)`;
        expect(exit).toMatchObject({ exitCode: 2, message });
        expect(requests).toBe(0);
        expect(JSON.parse(await readFile(json, 'utf8'))).toMatchObject({ target: url, setupError: message });
      },
    );
  });

  test.skipIf(process.getuid?.() === 0)('a read-only directory is an unwritable report path (not for root, who writes anyway)', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'conformance-setup-'));
    await chmod(directory, 0o555);
    const exit = await exitOf({ url: 'http://127.0.0.1:9', only: 'discovery', html: join(directory, 'r.html') });
    expect(exit).toMatchObject({ exitCode: 2, message: `--html ${join(directory, 'r.html')} cannot be written: permission denied (EACCES)` });
  });
});

describe('the survey-mcp command line', () => {
  test('--junit under /proc fails at once with exit 2 and one line (it used to spin at 100 % CPU)', async () => {
    const result = await cli('conformance', '--url', 'http://127.0.0.1:9', '--junit', '/proc/nope/x.xml');
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'survey-mcp: --junit /proc/nope/x.xml cannot be written: its directory cannot be created there (ENOENT)\n',
    });
  });

  test.each(['--version', '-V'])('%s prints the package version', async (flag) => {
    const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(await cli(flag)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  test('conformance --help documents the exit codes', async () => {
    const { stdout } = await cli('conformance', '--help');
    expect(stdout).toContain('Exit codes:\n  0  every MUST passed');
    expect(stdout).toContain('  1  a check failed: the deployment broke a rule');
    expect(stdout).toContain('  2  bad usage, or a setup error before any check was judged');
  });

  test('piped, a line per check arrives while the run is still going', async () => {
    // The deployment holds its second answer until the first check's line has arrived: a runner
    // that printed only at the end would never get that answer.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await withServer(
      (req, res) => {
        if (req.url === '/.well-known/oauth-protected-resource') {
          res.setHeader('content-type', 'application/json');
          res.end('{}');
          return;
        }
        void released.then(() => notFoundPage(req, res));
      },
      async (url) => {
        const child = spawn(
          process.execPath,
          [join(root, 'bin/survey-mcp.js'), 'conformance', '--url', url, '--only', 'protected-resource-metadata,authorization-server-metadata'],
          // Killed if it hangs, as a runner that printed only at the end would, waiting on that answer.
          { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' }, timeout: 20_000, killSignal: 'SIGKILL' },
        );
        let stdout = '';
        let stderr = '';
        let seenBeforeRelease = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (!seenBeforeRelease && stderr.includes('\n')) {
            seenBeforeRelease = stderr;
            release();
          }
        });
        const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
        expect(seenBeforeRelease).toMatch(/^\[\d+(\.\d)? s\] FAIL  protected-resource-metadata \(\d+ ms\)\n$/);
        expect(stderr).toMatch(/\] FAIL  authorization-server-metadata \(\d+ ms\)\n/);
        expect(stdout).toContain(`2 checks and ${INVARIANTS.length} invariants over`);
        expect(code).toBe(1);
      },
    );
  });
});
