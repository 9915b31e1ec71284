import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { root, staleBuild } from '../helpers/build.js';

const bin = join(root, 'bin/survey-mcp.js');

/** These tests run the real binary, so dist/ is rebuilt when any source is newer than it. */
export function ensureBuilt(): void {
  if (staleBuild() === undefined) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
}

/** Free ports on 127.0.0.1, for listeners whose address must be known before they start. */
export async function freePorts(count: number): Promise<number[]> {
  // All held open together, so the same port is never handed out twice.
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  return ports;
}

const spawned = new Set<ChildProcess>();

/** Nothing from the developer's shell picks the store, and output carries no colour codes. */
function cliEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
  delete env.SURVEY_MCP_DB;
  delete env.SURVEY_MCP_RATE_STORE;
  return env;
}

/** One `survey-mcp` process, its output collected as it comes. */
export class CliProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;

  constructor(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(process.execPath, [bin, ...args], { cwd: root, env: { ...cliEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    spawned.add(this.child);
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) =>
      this.child.once('close', (code) => {
        spawned.delete(this.child);
        resolve(code);
      }),
    );
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits (at most `limitMs`) until the process exits; fails if it does not. */
  finished(limitMs = 30_000): Promise<number | null> {
    return within(this.exited, limitMs, () => `survey-mcp ${this.child.spawnargs[2]} did not exit within ${limitMs} ms:\n${this.stderr}`);
  }
}

/** `promise`, or a rejection once `limitMs` have passed: every wait in these tests is bounded. */
async function within<T>(promise: Promise<T>, limitMs: number, failure: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(failure())), limitMs);
  });
  try {
    return await Promise.race([promise, overdue]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs one admin command to its end. */
export async function runCli(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = new CliProcess(args);
  const code = await cli.finished();
  return { code, stdout: cli.stdout, stderr: cli.stderr };
}

/**
 * Starts `survey-mcp serve` and resolves once it has printed all it prints at start (its last line
 * is the Ctrl+C hint; on stderr, as stdout is not a terminal and so carries the JSON log alone);
 * rejects if it exits first.
 */
export async function startServe(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliProcess> {
  const serve = new CliProcess(['serve', '--host', '127.0.0.1', ...args], env);
  const ready = new Promise<void>((resolve, reject) => {
    serve.child.stderr!.on('data', () => {
      if (serve.stderr.includes('Press Ctrl+C to stop.')) resolve();
    });
    void serve.exited.then((code) => reject(new Error(`survey-mcp serve exited with ${code} before it ran:\n${serve.stderr}`)));
  });
  await within(ready, 30_000, () => `survey-mcp serve did not start within 30 s:\n${serve.stderr}`);
  return serve;
}

/** Kills every process these helpers started that is still running: for `afterAll`, pass or fail. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...spawned].map(async (child) => {
      child.kill('SIGTERM');
      const exited = new Promise((resolve) => child.once('close', resolve));
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }),
  );
}
