/**
 * The published package on every supported Node (scripts/node-versions.json): `npm pack`, then a
 * consumer's `npm install` of the tarball made with that Node (so any native module is that
 * Node's), then the installed command run by that Node: `serve` on its default SQLite store
 * answering a signed-in request, the admin commands, and the conformance runner against it.
 * The Nodes come from scripts/install-node.sh's cache; each install is kept in the cache too
 * (`installs/<version>`), so only the package itself is reinstalled on the next run.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, staleBuild } from '../helpers/build.js';

const versions = Object.values(JSON.parse(readFileSync(join(root, 'scripts/node-versions.json'), 'utf8')) as Record<string, string>);
const cache = process.env.SURVEY_MCP_NODE_CACHE ?? join(homedir(), '.cache/survey-mcp/node');
const work = mkdtempSync(join(tmpdir(), 'survey-mcp-node-versions-'));
const packageVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
let tarball = '';

beforeAll(() => {
  const stale = staleBuild();
  if (stale) throw new Error(`the package is packed from dist/, but ${stale}: run \`npm run build\` first (npm test does)`);
  // As in package-contents.test.ts: the build on disk, without prepack emptying dist/.
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8' })) as { filename: string }[];
  tarball = join(work, packed!.filename);
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(file: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: options.cwd, env: options.env, timeout: options.timeoutMs ?? 20_000, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      const code = (error as { code?: unknown } | null)?.code;
      resolve({ code: error ? (typeof code === 'number' ? code : null) : 0, stdout, stderr });
    });
  });
}

describe.each(versions)('the packed package installed and run by Node %s', (version) => {
  const nodeDir = join(cache, version);
  const node = join(nodeDir, 'bin', 'node');
  const installDir = join(cache, 'installs', version);
  const bin = join(installDir, 'node_modules', 'survey-mcp', 'bin', 'survey-mcp.js');
  const dir = join(work, version);
  const env = { ...process.env, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`, npm_config_nodedir: nodeDir, FORCE_COLOR: '0', NO_COLOR: '1' };
  const cli = (...args: string[]) => run(node, [bin, ...args], { env, cwd: dir });
  let serve: ChildProcess | undefined;

  beforeAll(async () => {
    if (!existsSync(join(nodeDir, '.installed'))) throw new Error(`Node ${version} is not in ${cache}: run scripts/install-node.sh (.ci/run does)`);
    mkdirSync(installDir, { recursive: true });
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(installDir, 'package.json'))) writeFileSync(join(installDir, 'package.json'), '{ "private": true }\n');
    copyFileSync(tarball, join(installDir, 'survey-mcp.tgz'));
    // npm is the machine's; it runs on the Node first on PATH, as a consumer's would.
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', './survey-mcp.tgz'], { cwd: installDir, env, timeoutMs: 240_000 });
    if (install.code !== 0) throw new Error(`npm install of the packed package with Node ${version} exited ${install.code}:\n${install.stdout}${install.stderr}`);
  }, 250_000);

  afterAll(async () => {
    if (serve && serve.exitCode === null) {
      const exited = new Promise((resolve) => serve!.once('close', resolve));
      serve.kill('SIGKILL');
      await exited;
    }
  });

  it('is that Node, and the installed command says its version', async () => {
    expect((await run(node, ['--version'])).stdout.trim()).toBe(`v${version}`);
    expect(await cli('--version')).toMatchObject({ code: 0, stdout: `${packageVersion}\n` });
  });

  it('seeds a SQLite store and lists its people with the admin commands', async () => {
    const db = join(dir, 'admin.db');
    expect(await cli('seed', '--create', '--db', db)).toMatchObject({ code: 0 });
    const users = await cli('users', 'list', '--json', '--db', db);
    expect(users.code, users.stderr).toBe(0);
    expect((JSON.parse(users.stdout) as { email: string }[]).map((person) => person.email)).toContain('alice@example.com');
  });

  it('serves on its default SQLite store, answers a signed-in ping, passes the runner\'s discovery checks, and stops cleanly', async () => {
    const db = join(dir, 'serve.db');
    let output = '';
    serve = spawn(node, [bin, 'serve', '--host', '127.0.0.1', '--port', '0', '--auth-port', '0', '--db', db], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    serve.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    serve.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      serve!.stderr!.on('data', () => output.includes('Press Ctrl+C to stop.') && resolve());
      serve!.once('close', (code, signal) => reject(new Error(`serve on Node ${version} exited ${code ?? signal} before it ran:\n${output}`)));
    });
    const baseUrl = /MCP server \(add this URL to your assistant\)\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;

    const issued = await cli('token', 'issue', '--user', 'alice@example.com', '--scope', 'mcp_customer', '--db', db);
    expect(issued.code, issued.stderr).toBe(0);
    const ping = await fetch(`${baseUrl}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${issued.stdout.trim()}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });

    const help = await cli('conformance', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--foreign-token');
    const conformance = await cli('conformance', '--url', `${baseUrl}/`, '--only', 'discovery');
    expect(conformance.code, conformance.stdout + conformance.stderr).toBe(0);
    expect(conformance.stdout).toMatch(/^ {2}PASS {2}\S+/m);
    expect(conformance.stdout).not.toMatch(/^ {2}FAIL/m);

    const exited = new Promise<number | null>((resolve) => serve!.once('close', resolve));
    serve.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  }, 60_000);
});
