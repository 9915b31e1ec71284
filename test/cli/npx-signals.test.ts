/**
 * `npx survey-mcp serve` (npm exec) runs serve under `sh -c`, and npm forwards SIGTERM to that
 * shell only: the shell died and serve kept running with its ports. A consumer's project is made
 * here as npm would install the package (its bin linked into node_modules/.bin), so `npx` finds
 * it locally; SIGTERM to the npx process must stop serve and free both ports.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { root } from '../helpers/build.js';
import { ensureBuilt, freePorts } from '../scale-out/processes.js';

const project = mkdtempSync(join(tmpdir(), 'survey-mcp-npx-'));

beforeAll(() => {
  ensureBuilt();
  writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
  mkdirSync(join(project, 'node_modules/.bin'), { recursive: true });
  symlinkSync(join(root, 'bin/survey-mcp.js'), join(project, 'node_modules/.bin/survey-mcp'));
}, 240_000);
afterAll(() => {
  // A serve this test left behind (the failure it looks for) is found by its project path.
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (commandLine(pid).includes(project)) process.kill(Number(pid), 'SIGKILL');
  }
  rmSync(project, { recursive: true, force: true });
});

/** A process's command line, or '' once it has gone. */
function commandLine(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** True once nothing listens on the port: it can be bound again. */
function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

it('stops serve and frees its ports when the npx process gets SIGTERM', async () => {
  const [port, authPort] = await freePorts(2);
  const env = { ...process.env, FORCE_COLOR: '0', SURVEY_MCP_DB: undefined, SURVEY_MCP_RATE_STORE: undefined };
  const args = ['survey-mcp', 'serve', '--host', '127.0.0.1', '--port', String(port), '--auth-port', String(authPort), '--db', join(project, 'x.db'), '--no-seed'];
  const npx = spawn('npx', args, { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npx.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  npx.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // 'exit', not 'close': an orphaned serve would hold the pipes open.
  const exited = new Promise((resolve) => npx.once('exit', resolve));
  for (let i = 0; i < 300 && !output.includes('Press Ctrl+C to stop.'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(output).toContain('Press Ctrl+C to stop.');
  expect(await free(port!)).toBe(false);

  npx.kill('SIGTERM');
  await exited;
  const freed: boolean[] = [];
  for (let i = 0; i < 100 && !freed.at(-1); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    freed.push((await free(port!)) && (await free(authPort!)));
  }
  expect(freed.at(-1), output).toBe(true);
  expect(output).toContain('npm exited: stopping');
}, 60_000);
