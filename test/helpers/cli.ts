import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { root, staleBuild } from './build.js';

const bin = join(root, 'bin/survey-mcp.js');
/** Below vitest's 30 s test timeout, so a command that hangs fails here with its output, killed. */
const commandTimeoutMs = 20_000;

let checkedBuild = false;

/** These tests run dist/, so testing an old build would prove nothing about the source. */
function assertFreshBuild(): void {
  if (checkedBuild) return;
  const stale = staleBuild();
  if (stale) throw new Error(`the CLI tests run dist/, but ${stale}: run \`npm run build\` first (npm test does)`);
  checkedBuild = true;
}

/**
 * Runs the built CLI as a person would and keeps what it printed. A command still running after
 * 20 s (a `serve` that should have refused to start) is killed and the test fails with its output.
 */
export function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliWith({}, ...args);
}

export interface CliOptions {
  /** Variables added to this process's environment (undefined: left out). */
  readonly env?: NodeJS.ProcessEnv;
  /** For a command that runs long (a whole conformance run); 20 s otherwise. */
  readonly timeoutMs?: number;
}

/** `cli` with environment variables of its own or a longer time to run. */
export async function cliWith(options: CliOptions, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  assertFreshBuild();
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', ...options.env };
  const timeoutMs = options.timeoutMs ?? commandTimeoutMs;
  const outcome = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env, timeout: timeoutMs, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const failed = error as (Error & { code?: number | string; signal?: NodeJS.Signals | null }) | null;
        resolve({ code: typeof failed?.code === 'number' ? failed.code : failed ? null : 0, signal: failed?.signal ?? null, stdout, stderr });
      },
    );
  });
  if (outcome.code === null) {
    throw new Error(
      `survey-mcp ${args.join(' ')} was still running after ${timeoutMs / 1000} s and was killed (${outcome.signal}):\n${outcome.stdout}${outcome.stderr}`,
    );
  }
  return { code: outcome.code, stdout: outcome.stdout, stderr: outcome.stderr };
}
